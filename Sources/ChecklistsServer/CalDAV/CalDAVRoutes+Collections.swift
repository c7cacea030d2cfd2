import ChecklistsCore
import ChecklistsStore
import Foundation
import HTTPServer
import WebDAV

// The calendar home and its collections: one per checklist and shopping list the user sees
// (RFC 4791 4.2, 5.2, 5.3.1; RFC 5689 for extended MKCOL).
extension CalDAVRoutes {
  /// PROPFIND of the home: itself (Depth 0), and its collections (Depth 1).
  func propfindHome(_ request: HTTPRequest, user: String) throws -> HTTPResponse {
    try checkOwnHome(user)
    let selection = try PropfindRequest.parse(request.body)
    let depth = try Depth.parse(request.headers["Depth"], default: .infinity)
    if depth == .infinity {
      throw WebDAVError(
        status: 403, precondition: .dav("propfind-finite-depth"),
        message: "PROPFIND of the calendar home takes Depth 0 or 1, not infinity.")
    }
    let minimal = Self.isMinimal(request)
    let names: [XMLName] = [
      .dav("resourcetype"), .dav("displayname"), .dav("current-user-principal"),
      .dav("owner"), .dav("current-user-privilege-set"), .dav("principal-collection-set"),
      .dav("supported-report-set"),
    ]
    var responses = [
      MultiStatus.Response(
        href: CalDAVPath.home(userName), request: selection, allprop: names, minimal: minimal
      ) { name in
        switch name {
        case .dav("resourcetype"): .nested(name, names: [.dav("collection")])
        case .dav("displayname"): .text(name, "\(userName)'s lists")
        case .dav("owner"): .hrefs(name, [CalDAVPath.principal(userName)])
        // MKCALENDAR makes a list here: bind.
        case .dav("current-user-privilege-set"):
          .privilegeSet(Self.readPrivileges + [.dav("bind"), .dav("unbind")])
        case .dav("supported-report-set"): .supportedReportSet([])
        default: commonProperty(name)
        }
      }
    ]
    if depth == .one {
      responses += try calendar.collections().map {
        collectionResponse($0, selection: selection, minimal: minimal)
      }
    }
    return .multiStatus(MultiStatus(responses: responses))
  }

  /// PROPFIND of a collection: itself (Depth 0), and its objects (Depth 1 or infinity, the
  /// same here: objects hold nothing).
  func propfindCollection(_ request: HTTPRequest, _ path: CollectionPath) throws
    -> HTTPResponse
  {
    let listID = try collectionID(path)
    let selection = try PropfindRequest.parse(request.body)
    let depth = try Depth.parse(request.headers["Depth"], default: .infinity)
    let minimal = Self.isMinimal(request)
    let collection = try existingCollection(listID)
    var responses = [collectionResponse(collection, selection: selection, minimal: minimal)]
    if depth != .zero {
      let href = CalDAVPath.collection(userName, collection)
      responses += try calendar.objects(inList: listID).map {
        objectResponse($0, in: collection, href: href, selection: selection, minimal: minimal)
      }
    }
    return .multiStatus(MultiStatus(responses: responses))
  }

  /// The live properties of every collection, in the order allprop lists them.
  static let collectionProperties: [XMLName] = [
    .dav("resourcetype"), .dav("displayname"), .appleICal("calendar-color"),
    .appleICal("calendar-order"), .calDAV("supported-calendar-component-set"),
    .calDAV("supported-calendar-data"), .calDAV("max-resource-size"),
    .dav("supported-report-set"), .calendarServer("getctag"), .dav("sync-token"),
    .dav("current-user-privilege-set"), .dav("owner"), .dav("current-user-principal"),
    .dav("principal-collection-set"),
  ]

  /// Properties a client may not set: the server computes them.
  static let protectedProperties: Set<XMLName> = Set(
    collectionProperties.filter {
      ![.dav("displayname"), .appleICal("calendar-color"), .appleICal("calendar-order")]
        .contains($0)
    } + [
      .dav("getetag"), .dav("getcontenttype"), .dav("getcontentlength"),
      .dav("getlastmodified"), .calDAV("calendar-data"), .dav("lockdiscovery"),
      .dav("supportedlock"),
    ])

  /// A collection's response to a PROPFIND or a report.
  func collectionResponse(
    _ collection: CalendarCollection, selection: PropfindRequest, minimal: Bool
  ) -> MultiStatus.Response {
    let dead = Self.deadProperties(collection)
    let owner = collection.sharedFrom?.ownerName ?? userName
    return MultiStatus.Response(
      href: CalDAVPath.collection(userName, collection), request: selection,
      allprop: Self.collectionProperties + dead.keys.sorted(), minimal: minimal
    ) { name in
      switch name {
      case .dav("resourcetype"):
        return .nested(name, names: [.dav("collection"), .calDAV("calendar")])
      case .dav("displayname"): return .text(name, collection.name)
      case .appleICal("calendar-color"):
        return collection.properties.color.map { .text(name, $0) }
      case .appleICal("calendar-order"):
        return collection.properties.order.map { .text(name, String($0)) }
      case .calDAV("supported-calendar-component-set"):
        return .supportedCalendarComponentSet(["VTODO"])
      case .calDAV("supported-calendar-data"):
        return .nested(
          name,
          [
            XMLElement(
              .calDAV("calendar-data"),
              attributes: ["content-type": "text/calendar", "version": "2.0"])
          ])
      case .calDAV("max-resource-size"):
        return .text(name, String(Route.BodyLimit.standard.rawValue))
      case .dav("supported-report-set"): return .supportedReportSet(ReportRequest.supported)
      case .calendarServer("getctag"), .dav("sync-token"):
        return .text(name, Self.syncToken(collection.syncToken))
      // Asked for by name only (allprop leaves it out): what a DELETE's If-Match compares.
      case .dav("getetag"): return .text(name, "\"\(collection.etag)\"")
      case .dav("current-user-privilege-set"):
        return .privilegeSet(Self.privileges(collection.access))
      case .dav("owner"): return .hrefs(name, [CalDAVPath.principal(owner)])
      default: return dead[name] ?? commonProperty(name)
      }
    }
  }

  /// What a role may do to a collection and its objects (RFC 3744, 3): a viewer reads; a
  /// checker writes content (completion only: anything else is refused); an editor adds and
  /// removes objects and sets the colour; the owner renames too.
  static func privileges(_ access: Access) -> [XMLName] {
    switch access {
    case .read: readPrivileges
    case .check: readPrivileges + [.dav("write-content")]
    case .edit:
      readPrivileges + [
        .dav("write-content"), .dav("write-properties"), .dav("bind"), .dav("unbind"),
      ]
    case .own:
      readPrivileges + [
        .dav("write"), .dav("write-content"), .dav("write-properties"), .dav("bind"),
        .dav("unbind"),
      ]
    }
  }

  /// A collection's sync token (RFC 6578), also its `getctag`: a URI naming the sequence of
  /// its latest change.
  static func syncToken(_ sequence: Int64) -> String {
    syncTokenPrefix + String(sequence)
  }

  /// What every sync token starts with.
  static let syncTokenPrefix = "http://checklists.invalid/sync/"

  /// The dead properties PROPPATCH and MKCALENDAR kept, as elements by name (those that no
  /// longer read as XML are left out).
  static func deadProperties(_ collection: CalendarCollection) -> [XMLName: XMLElement] {
    var properties: [XMLName: XMLElement] = [:]
    for (_, text) in collection.properties.deadProperties {
      guard let element = try? SafeXMLParser.parse(Array(text.utf8), limits: .written) else {
        continue
      }
      properties[element.name] = element
    }
    return properties
  }

  // MARK: - Finding a collection

  /// The list a collection's path names. A lowercase or uppercase UUID is the list's id; any
  /// other name (a client that MKCALENDARs `work/`) is the list made at that name, while it
  /// lives (the store keeps the name with the list; a list made there later has a new id).
  /// - Throws: 404 for another user's home, or a name no living list was made at.
  func collectionID(_ path: CollectionPath) throws -> UUID {
    try checkOwnHome(path.user)
    if let id = UUID.parse(path.list) { return id }
    if let id = try calendar.collectionID(pathName: path.list) { return id }
    throw WebDAVError(
      status: 404,
      message:
        "There is no calendar \(CalDAVPath.home(userName))\(CalDAVPath.segment(path.list))/: "
        + "no list of yours was made at that name.")
  }

  /// The collection of a list the user sees.
  /// - Throws: 404 naming the collection when there is none.
  func existingCollection(_ listID: UUID) throws -> CalendarCollection {
    do {
      return try calendar.collection(listID: listID)
    } catch let error as ChecklistsError where error.code == .notFound {
      throw WebDAVError(
        status: 404,
        message: "There is no calendar \(CalDAVPath.collection(userName, listID)): no list of "
          + "yours or shared with you has the id \(listID.uuidString.lowercased()).")
    }
  }

  /// The user's calendars.
  var calendar: CalendarService { services.calendar }
}
