import ChecklistsCore
import ChecklistsStore
import Foundation
import HTTPServer
import WebDAV

// Making, changing and removing collections: MKCALENDAR (RFC 4791 5.3.1) and extended MKCOL
// (RFC 5689) make a checklist, PROPPATCH (RFC 4918 9.2) renames and recolours, DELETE removes.
extension CalDAVRoutes {
  /// PROPPATCH of a collection: all of its changes or none, with a status per property.
  func proppatchCollection(_ request: HTTPRequest, _ path: CollectionPath) throws
    -> HTTPResponse
  {
    let listID = try collectionID(path)
    let patch = try ProppatchRequest.parse(request.body)
    let collection = try existingCollection(listID)
    var change = CollectionChange()
    var failures: [XMLName: (status: Int, message: String)] = [:]
    for operation in patch.operations {
      if let failure = change.apply(operation) { failures[operation.name] = failure }
    }
    let names = Self.uniqueNames(patch.operations.map(\.name))
    let href = CalDAVPath.collection(userName, collection)
    guard failures.isEmpty else {
      return .multiStatus(
        MultiStatus(responses: [Self.failedPatch(href, names: names, failures: failures)]))
    }
    do {
      _ = try calendar.updateCollection(
        listID: listID, name: change.name, color: change.color, order: change.order,
        dead: change.dead)
    } catch let error as ChecklistsError where error.code == .forbidden {
      throw Self.needPrivileges(error, href: href, access: collection.access)
    } catch let error as CalendarPropertyLimitError {
      // RFC 4918 9.2: 507 for each property there is no room for, 424 for the others.
      for name in names where error.properties.contains(name.description) {
        failures[name] = (507, error.message)
      }
      return .multiStatus(
        MultiStatus(responses: [Self.failedPatch(href, names: names, failures: failures)]))
    } catch let error as ChecklistsError
      where [.invalidInput, .conflict].contains(error.code) && change.name != nil
    {
      failures[.dav("displayname")] = (409, error.description)
      return .multiStatus(
        MultiStatus(responses: [Self.failedPatch(href, names: names, failures: failures)]))
    }
    didWrite()
    return .multiStatus(
      MultiStatus(responses: [
        MultiStatus.Response(
          href: href, propstats: [.init(props: names.map { XMLElement($0) }, status: 200)])
      ]))
  }

  /// MKCALENDAR, extended MKCOL or plain MKCOL: makes a checklist with the properties the body
  /// sets. At a UUID the list gets that id; at any other name it gets a new id and is found at
  /// that name (and its hrefs use it) while it lives, so a name whose list was deleted can be
  /// used again.
  func makeCollection(_ request: HTTPRequest, _ path: CollectionPath) throws -> HTTPResponse {
    try checkOwnHome(path.user)
    let requestedID = UUID.parse(path.list)
    let body = try MkcalendarRequest.parse(request.body)
    let existing =
      try requestedID.map { id in try? calendar.collection(listID: id) }
      ?? calendar.collectionID(pathName: path.list).flatMap { try? calendar.collection(listID: $0) }
    if let existing {
      throw WebDAVError(
        status: 405, precondition: .dav("resource-must-be-null"),
        message: "\(CalDAVPath.collection(userName, existing)) already exists.")
    }
    guard body.makesCalendar else {
      throw WebDAVError(
        status: 403, precondition: .dav("valid-resourcetype"),
        message: "Only calendars can be made here: give d:resourcetype d:collection and "
          + "cal:calendar.")
    }
    var change = CollectionChange()
    for property in body.set {
      switch property.name {
      case .dav("resourcetype"): continue
      case .calDAV("supported-calendar-component-set"):
        let components = property.children(.calDAV("comp")).compactMap {
          $0.attributes["name"]?.uppercased()
        }
        guard components.isEmpty || components.contains("VTODO") else {
          throw WebDAVError(
            status: 403, precondition: .calDAV("supported-calendar-component"),
            message: "Calendars here hold tasks (VTODO), not "
              + "\(components.joined(separator: ", ")).")
        }
      default:
        if let failure = change.apply(.set(property)) {
          throw WebDAVError(
            status: failure.status == 403 ? 403 : 409,
            precondition: failure.status == 403
              ? .dav("cannot-modify-protected-property") : nil,
            message: failure.message)
        }
      }
    }
    let base =
      change.name
      ?? (requestedID == nil ? path.list : "New list")
    var created: CalendarCollection?
    var attempt = 1
    while created == nil {
      let name = attempt == 1 ? base : "\(base) \(attempt)"
      do {
        created = try calendar.createCollection(
          id: requestedID, pathName: requestedID == nil ? path.list : nil, name: name,
          color: change.color ?? nil, order: change.order ?? nil,
          dead: change.dead.compactMapValues { $0 })
      } catch let error as ChecklistsError where error.code == .conflict && attempt < 20 {
        // Calendars may share a name; lists may not: the second "Work" is "Work 2".
        attempt += 1
      } catch let error as ChecklistsError where error.code == .invalidInput {
        throw WebDAVError(status: 403, message: error.description)
      } catch let error as CalendarIDUnavailableError {
        throw WebDAVError(status: 409, message: error.description)
      } catch let error as CalendarPropertyLimitError {
        throw WebDAVError(
          status: 507, precondition: Self.propertyLimitPrecondition, message: error.message)
      }
    }
    didWrite()
    return HTTPResponse(
      status: 201,
      headers: [
        "Location": created.map { CalDAVPath.collection(userName, $0) } ?? "",
        "Cache-Control": "no-store",
        "Content-Length": "0",
      ])
  }

  /// DELETE of a collection: deletes the list (its owner only), unless `If-Match` or
  /// `If-None-Match` fails against the collection's ETag (its sync token's sequence; the
  /// `getctag` or `sync-token` URI is taken too, quoted like any tag): 412, nothing deleted.
  func deleteCollection(_ request: HTTPRequest, _ path: CollectionPath) throws -> HTTPResponse {
    let listID = try collectionID(path)
    let collection = try existingCollection(listID)
    let ifMatch = try Self.ifMatchTags(request)
    let asETag = { (tag: String) in
      tag.hasPrefix(Self.syncTokenPrefix) ? String(tag.dropFirst(Self.syncTokenPrefix.count)) : tag
    }
    do {
      try calendar.deleteCollection(
        listID: listID,
        ifMatch: ifMatch?.map(asETag),
        ifNoneMatch: Self.entityTags(request, "If-None-Match")?.map(asETag))
    } catch let error as ChecklistsError where error.code == .forbidden {
      throw Self.needPrivileges(
        error, href: CalDAVPath.collection(userName, collection), access: collection.access)
    } catch let error as ChecklistsError where error.code == .stale {
      throw WebDAVError(status: 412, message: error.description)
    }
    didWrite()
    return HTTPResponse(status: 204)
  }

  /// The precondition a 507 names when a collection's properties would pass their limits:
  /// RFC 4331's `quota-not-exceeded`, the message saying which limit.
  static let propertyLimitPrecondition = XMLName.dav("quota-not-exceeded")

  /// A PROPPATCH that changes nothing: each failed property with its status, the others 424
  /// (RFC 4918 9.2.1).
  private static func failedPatch(
    _ href: String, names: [XMLName], failures: [XMLName: (status: Int, message: String)]
  ) -> MultiStatus.Response {
    var propstats: [MultiStatus.PropStat] = []
    for name in names {
      if let failure = failures[name] {
        propstats.append(
          .init(
            props: [XMLElement(name)], status: failure.status,
            error: failure.status == 403
              ? .dav("cannot-modify-protected-property")
              : failure.status == 507 ? propertyLimitPrecondition : nil,
            responseDescription: failure.message))
      }
    }
    let dependent = names.filter { failures[$0] == nil }
    if !dependent.isEmpty {
      propstats.append(.init(props: dependent.map { XMLElement($0) }, status: 424))
    }
    return MultiStatus.Response(href: href, propstats: propstats)
  }

  private static func uniqueNames(_ names: [XMLName]) -> [XMLName] {
    var seen: Set<XMLName> = []
    return names.filter { seen.insert($0).inserted }
  }
}

/// What a PROPPATCH or MKCALENDAR asks of a collection, read one property at a time.
struct CollectionChange {
  /// The new `displayname`.
  var name: String?
  /// `.some(nil)` removes the colour.
  var color: String??
  /// `.some(nil)` removes the order.
  var order: Int??
  /// Dead properties by Clark name: their XML, or nil to remove.
  var dead: [String: String?] = [:]

  /// Takes one operation, or says why it cannot: 403 for a protected property, 409 for a
  /// value that is not right.
  mutating func apply(_ operation: ProppatchRequest.Operation) -> (status: Int, message: String)? {
    let name = operation.name
    if CalDAVRoutes.protectedProperties.contains(name) {
      return (403, "\(name.name) is computed by the server; it cannot be set.")
    }
    switch (name, operation) {
    case (.dav("displayname"), .set(let element)):
      let text = element.trimmedText
      guard !text.isEmpty else { return (409, "A calendar's name cannot be empty.") }
      self.name = text
    case (.dav("displayname"), .remove):
      return (409, "A calendar's name cannot be removed; set another one.")
    case (.appleICal("calendar-color"), .set(let element)):
      color = .some(element.trimmedText)
    case (.appleICal("calendar-color"), .remove):
      color = .some(nil)
    case (.appleICal("calendar-order"), .set(let element)):
      guard let value = Int(element.trimmedText) else {
        return (409, "calendar-order must be a whole number, not '\(element.trimmedText)'.")
      }
      order = .some(value)
    case (.appleICal("calendar-order"), .remove):
      order = .some(nil)
    case (_, .set(let element)):
      dead[name.description] = .some(element.xml())
    case (_, .remove):
      dead[name.description] = .some(nil)
    }
    return nil
  }
}
