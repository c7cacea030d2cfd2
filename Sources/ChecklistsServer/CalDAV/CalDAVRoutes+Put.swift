import ChecklistsCalDAV
import ChecklistsCore
import ChecklistsStore
import Foundation
import HTTPServer
import WebDAV

// PUT of an object (RFC 4791 5.3.2): a VTODO becomes an item of a checklist or a line of a
// shopping list, with the text kept as written.
extension CalDAVRoutes {
  /// PUT: creates or replaces an object, answering 201 or 204, with its new ETag when it is
  /// stored as exactly the bytes sent.
  func putObject(_ request: HTTPRequest, _ path: ObjectPath) throws -> HTTPResponse {
    let listID = try collectionID(path.collection)
    try Self.checkCalendarContentType(request)
    guard let text = request.bodyText, !text.isEmpty else {
      throw WebDAVError(
        status: 403, precondition: .calDAV("valid-calendar-data"),
        message: "The body is empty or not UTF-8; PUT an iCalendar object (text/calendar).")
    }
    let collection = try existingCollection(listID)
    let ifMatch = try Self.ifMatch(request)
    let ifNoneMatch = Self.entityTags(request, "If-None-Match")?.contains("*") ?? false
    // A checker may only complete: compared with the text they read, anything else is an edit.
    let changesMoreThanCompletion = { (entry: CalendarObjectEntry) in
      TodoMapping.changesMoreThanCompletion(
        text, from: CalendarObjectText.text(entry, inList: listID))
    }
    let result: (created: Bool, entry: CalendarObjectEntry)
    do {
      switch collection.kind {
      case .checklist:
        let fields = try TodoMapping.read(text)
        result = try calendar.putTodo(
          inList: listID, named: path.name, todo: CalendarObjectText.todo(fields), ical: text,
          ifMatch: ifMatch, ifNoneMatch: ifNoneMatch,
          changesMoreThanCompletion: changesMoreThanCompletion)
        CalendarObjectText.prime(result.entry, inList: listID, body: text, read: .todo(fields))
      case .shoppingList:
        let fields = try ShoppingLineMapping.read(text)
        result = try calendar.putShoppingLine(
          inList: listID, named: path.name, line: try CalendarObjectText.line(fields),
          ical: text, ifMatch: ifMatch, ifNoneMatch: ifNoneMatch,
          changesMoreThanCompletion: changesMoreThanCompletion)
        CalendarObjectText.prime(result.entry, inList: listID, body: text, read: .line(fields))
      }
    } catch let error as CalendarDataError {
      throw WebDAVError(
        status: 403, precondition: .calDAV(error.precondition.rawValue),
        message: error.description)
    } catch let error as CalendarUIDConflictError {
      throw WebDAVError(
        status: 409, precondition: .calDAV("no-uid-conflict"),
        preconditionContent: [.href(CalDAVPath.object(userName, collection, error.existingName))],
        message: error.description)
    } catch let error as ChecklistsError where error.code == .stale {
      throw WebDAVError(status: 412, message: error.description)
    } catch let error as ChecklistsError where error.code == .invalidInput {
      throw WebDAVError(
        status: 403, precondition: .calDAV("valid-calendar-object-resource"),
        message: error.description)
    } catch let error as ChecklistsError where error.code == .forbidden {
      throw Self.needPrivileges(
        error, href: CalDAVPath.object(userName, collection, path.name), access: collection.access)
    }
    didWrite()
    var headers: HTTPHeaders = ["Cache-Control": "no-store"]
    // RFC 4791 5.3.4: an ETag says the client holds the stored object's bytes, so it comes only
    // when the object is served as exactly the bytes sent; else (a trimmed SUMMARY, an added
    // DTSTAMP, refolded lines, CRLF line ends) the client reads the object back.
    if CalendarObjectText.text(result.entry, inList: listID).utf8.elementsEqual(request.body) {
      headers["ETag"] = Self.etag(result.entry)
    }
    return HTTPResponse(status: result.created ? 201 : 204, headers: headers)
  }

  /// A write the user's role does not allow (RFC 3744, 7.1.1): `DAV:need-privileges` naming
  /// the resource and the privilege, with the store's sentence saying what the role may do
  /// (a checker: complete or uncomplete, nothing else).
  static func needPrivileges(_ error: ChecklistsError, href: String, access: Access)
    -> WebDAVError
  {
    // A viewer lacks writing altogether; a checker has write-content for completion only.
    let privilege: XMLName = access == .read ? .dav("write") : .dav("write-content")
    return WebDAVError(
      status: 403, precondition: .dav("need-privileges"),
      preconditionContent: [
        .nested(
          .dav("resource"),
          [.href(href), .nested(.dav("privilege"), names: [privilege])])
      ],
      message: error.description)
  }

  /// Refuses a body that says it is not iCalendar (RFC 4791 5.3.2.1,
  /// `supported-calendar-data`); one without a type is read as iCalendar.
  static func checkCalendarContentType(_ request: HTTPRequest) throws {
    guard let type = request.headers["Content-Type"], !type.isEmpty else { return }
    let media = type.split(separator: ";").first.map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    }
    guard media == "text/calendar" else {
      throw WebDAVError(
        status: 415, precondition: .calDAV("supported-calendar-data"),
        message: "The body is \(media ?? type); objects here are text/calendar.")
    }
  }
}
