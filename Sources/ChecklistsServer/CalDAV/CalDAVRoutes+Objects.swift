import ChecklistsCore
import ChecklistsStore
import Foundation
import HTTPServer
import WebDAV

// The objects of a collection: each item of a checklist or line of a shopping list is a
// VTODO resource (RFC 4791 4.1, 5.3.2), with a strong ETag.
extension CalDAVRoutes {
  /// GET (and HEAD) of an object: its iCalendar text.
  func getObject(_ request: HTTPRequest, _ path: ObjectPath) throws -> HTTPResponse {
    let listID = try collectionID(path.collection)
    let entry = try existingObject(path.name, in: listID)
    let etag = Self.etag(entry)
    if Self.noneMatchNames(request, etag: entry.etag) {
      return HTTPResponse(status: 304, headers: ["ETag": etag])
    }
    return HTTPResponse(
      status: 200,
      headers: [
        "Content-Type": Self.calendarContentType, "ETag": etag, "Cache-Control": "no-cache",
      ],
      text: calendarData(entry, inList: listID))
  }

  /// DELETE of an object: removes the item (with its subtasks) or the line.
  func deleteObject(_ request: HTTPRequest, _ path: ObjectPath) throws -> HTTPResponse {
    let listID = try collectionID(path.collection)
    do {
      try calendar.deleteObject(
        inList: listID, named: path.name, ifMatch: try Self.ifMatch(request),
        ifNoneMatch: Self.entityTags(request, "If-None-Match"))
    } catch let error as ChecklistsError where error.code == .notFound {
      _ = try existingCollection(listID)
      throw WebDAVError(status: 404, message: "There is no object '\(path.name)' here.")
    }
    didWrite()
    return HTTPResponse(status: 204)
  }

  /// PROPFIND of an object.
  func propfindObject(_ request: HTTPRequest, _ path: ObjectPath) throws -> HTTPResponse {
    let listID = try collectionID(path.collection)
    let selection = try PropfindRequest.parse(request.body)
    let collection = try existingCollection(listID)
    let entry = try existingObject(path.name, in: listID)
    return .multiStatus(
      MultiStatus(responses: [
        objectResponse(
          entry, in: collection, href: CalDAVPath.collection(userName, collection),
          selection: selection, minimal: Self.isMinimal(request))
      ]))
  }

  /// The live properties of an object, as allprop lists them; `calendar-data` only comes
  /// when asked for by name (RFC 4791 9.6).
  static let objectProperties: [XMLName] = [
    .dav("resourcetype"), .dav("getetag"), .dav("getcontenttype"), .dav("getcontentlength"),
    .dav("current-user-principal"),
  ]

  /// An object's response to a PROPFIND or a report.
  /// - Parameter href: The collection's href.
  func objectResponse(
    _ entry: CalendarObjectEntry, in collection: CalendarCollection, href: String,
    selection: PropfindRequest, minimal: Bool, text: String? = nil
  ) -> MultiStatus.Response {
    var text = text
    func data() -> String {
      if let text { return text }
      let made = calendarData(entry, inList: collection.id)
      text = made
      return made
    }
    return MultiStatus.Response(
      href: href + CalDAVPath.segment(entry.name), request: selection,
      allprop: Self.objectProperties, minimal: minimal
    ) { name in
      switch name {
      case .dav("resourcetype"): .nested(name, names: [])
      case .dav("getetag"): .text(name, Self.etag(entry))
      case .dav("getcontenttype"): .text(name, Self.calendarContentType)
      case .dav("getcontentlength"): .text(name, String(data().utf8.count))
      case .calDAV("calendar-data"): .text(name, data())
      default: commonProperty(name)
      }
    }
  }

  /// The content type of every object.
  static let calendarContentType = "text/calendar; charset=utf-8; component=VTODO"

  /// An object's strong ETag, quoted.
  static func etag(_ entry: CalendarObjectEntry) -> String { "\"\(entry.etag)\"" }

  /// The object with this name.
  /// - Throws: 404 naming it (or its collection) when there is none.
  func existingObject(_ name: String, in listID: UUID) throws -> CalendarObjectEntry {
    do {
      if let entry = try calendar.object(inList: listID, named: name) { return entry }
    } catch let error as ChecklistsError where error.code == .notFound {
      _ = try existingCollection(listID)
      throw error
    }
    throw WebDAVError(
      status: 404,
      message: "There is no object '\(name)' in \(CalDAVPath.collection(userName, listID)).")
  }

  // MARK: - Preconditions

  /// `If-Match`'s first ETag without quotes, `*`, or nil when not sent.
  /// - Throws: 412, as ``ifMatchTags(_:)`` does.
  static func ifMatch(_ request: HTTPRequest) throws -> String? {
    guard let tags = try ifMatchTags(request) else { return nil }
    return tags.contains("*") ? "*" : tags.first
  }

  /// `If-Match`'s ETags without quotes (`*` as itself), or nil when not sent.
  /// - Throws: ``WebDAVError`` 412 when the field holds no tag that can match: a weak or
  ///   unquoted tag never matches (RFC 9110, 8.8.3 and 13.1.1), as on the API (``EntityTag``).
  static func ifMatchTags(_ request: HTTPRequest) throws -> [String]? {
    guard let tags = entityTags(request, "If-Match") else { return nil }
    guard !tags.isEmpty else {
      throw WebDAVError(
        status: 412,
        message: "If-Match holds no strong entity tag; an unquoted or weak tag never matches. "
          + "Send the ETag as the server gave it, with its quotes.")
    }
    return tags
  }

  /// The ETags of an `If-Match` or `If-None-Match` field, without quotes (`*` as itself), or
  /// nil when it was not sent. Every line of the field counts: repeated lines make one list
  /// (RFC 9110, 5.3), so `If-None-Match: "1"` then `If-None-Match: *` holds `*`.
  ///
  /// Tags are read by ``EntityTag/list(_:weakTagsMatch:)``: an unquoted tag is none, and a
  /// weak one counts only for If-None-Match's weak comparison.
  /// - Parameters:
  ///   - request: The request.
  ///   - field: `If-Match` or `If-None-Match`.
  static func entityTags(_ request: HTTPRequest, _ field: String) -> [String]? {
    let lines = request.headers.values(for: field)
    guard !lines.isEmpty else { return nil }
    return EntityTag.list(
      lines.joined(separator: ", "), weakTagsMatch: field.lowercased() == "if-none-match"
    )
    .map { $0?.value ?? "*" }
  }

  /// Whether `If-None-Match` was sent and names this ETag (or is `*`).
  static func noneMatchNames(_ request: HTTPRequest, etag: String) -> Bool {
    entityTags(request, "If-None-Match")?.contains { $0 == "*" || $0 == etag } ?? false
  }
}

extension CalDAVRoutes {
  /// An object's iCalendar text (``CalendarObjectText``).
  func calendarData(_ entry: CalendarObjectEntry, inList listID: UUID) -> String {
    CalendarObjectText.text(entry, inList: listID)
  }
}
