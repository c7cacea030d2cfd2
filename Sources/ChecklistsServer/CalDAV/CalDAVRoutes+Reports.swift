import ChecklistsCalDAV
import ChecklistsCore
import ChecklistsStore
import Foundation
import HTTPServer
import ICalendar
import WebDAV

// The reports of a collection: calendar-query and calendar-multiget (RFC 4791 7.8, 7.9) and
// sync-collection (RFC 6578).
extension CalDAVRoutes {
  /// REPORT on a collection.
  func report(_ request: HTTPRequest, _ path: CollectionPath) throws -> HTTPResponse {
    let listID = try collectionID(path)
    let report = try ReportRequest.parse(request.body)
    let collection = try existingCollection(listID)
    let minimal = Self.isMinimal(request)
    switch report {
    case .calendarQuery(let query):
      return .multiStatus(try calendarQuery(query, in: collection, minimal: minimal))
    case .calendarMultiget(let props, let hrefs):
      return .multiStatus(
        try multiget(hrefs, props: props, in: collection, request: request, minimal: minimal))
    case .syncCollection(let sync):
      return .multiStatus(try syncCollection(sync, in: collection, minimal: minimal))
    }
  }

  /// The objects whose iCalendar text the query's filter matches
  /// (``CalendarFilterEvaluator``).
  /// - Complexity: O(*n*) objects; each written and parsed once, and then again only when it
  ///   changed (``CalendarTextCache``).
  func calendarQuery(_ query: CalendarQuery, in collection: CalendarCollection, minimal: Bool)
    throws -> MultiStatus
  {
    let href = CalDAVPath.collection(userName, collection)
    var responses: [MultiStatus.Response] = []
    for entry in try calendar.objects(inList: collection.id) {
      let (text, parsed) = CalendarObjectText.parsed(entry, inList: collection.id)
      guard let parsed, CalendarFilterEvaluator.matches(query.filter, calendar: parsed)
      else { continue }
      responses.append(
        objectResponse(
          entry, in: collection, href: href, selection: query.props, minimal: minimal,
          text: text))
    }
    return MultiStatus(responses: responses)
  }

  /// The objects the hrefs name, in the order given; an href that names none is 404.
  func multiget(
    _ hrefs: [String], props: PropfindRequest, in collection: CalendarCollection,
    request: HTTPRequest, minimal: Bool
  ) throws -> MultiStatus {
    let href = CalDAVPath.collection(userName, collection)
    // The client may name the collection as it wrote it (an uppercase id) or as listed.
    let asSent = request.rawPath.hasSuffix("/") ? request.rawPath : request.rawPath + "/"
    let names = hrefs.map {
      CalDAVPath.objectName($0, in: href) ?? CalDAVPath.objectName($0, in: asSent)
    }
    let found = try calendar.objects(inList: collection.id, named: names.compactMap { $0 })
    let byName = Dictionary(found.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var responses: [MultiStatus.Response] = []
    for (sent, name) in zip(hrefs, names) {
      if let name, let entry = byName[name] {
        responses.append(
          objectResponse(entry, in: collection, href: href, selection: props, minimal: minimal))
      } else {
        responses.append(
          MultiStatus.Response(
            href: sent, status: 404,
            responseDescription: name == nil
              ? "This href is not an object of \(href)." : "There is no object '\(name!)'."))
      }
    }
    return MultiStatus(responses: responses)
  }

  /// What changed since the client's token: the objects changed (with the properties asked
  /// for), those removed (404), and the new token; 507 on the collection when the answer was
  /// cut short at the client's limit, so it asks again from the new token.
  func syncCollection(
    _ sync: SyncCollectionRequest, in collection: CalendarCollection, minimal: Bool
  ) throws -> MultiStatus {
    let href = CalDAVPath.collection(userName, collection)
    let since = try Self.sequence(ofSyncToken: sync.token)
    let changes: CalendarChanges
    do {
      changes = try calendar.changes(
        inList: collection.id, since: since, limit: sync.limit ?? Self.syncPageSize)
    } catch let error as CalendarSyncTokenError {
      throw WebDAVError(
        status: 403, precondition: .dav("valid-sync-token"),
        message: "\(error.description) Sync again without a token.")
    }
    var responses = changes.changed.map {
      objectResponse($0, in: collection, href: href, selection: sync.props, minimal: minimal)
    }
    responses += changes.deleted.map {
      MultiStatus.Response(href: href + CalDAVPath.segment($0), status: 404)
    }
    if changes.truncated {
      responses.append(
        MultiStatus.Response(
          href: href, status: 507,
          responseDescription: "More changes follow; ask again with the new sync token."))
    }
    return MultiStatus(responses: responses, syncToken: Self.syncToken(changes.token))
  }

  /// The most changes one sync-collection answer holds when the client sets no limit.
  static let syncPageSize = 10_000

  /// The change sequence a sync token stands for; 0 for none (an initial sync).
  /// - Throws: 403 `valid-sync-token` for a token this server did not give.
  static func sequence(ofSyncToken token: String?) throws -> Int64 {
    guard let token, !token.isEmpty else { return 0 }
    guard token.hasPrefix(syncTokenPrefix),
      let sequence = Int64(token.dropFirst(syncTokenPrefix.count)), sequence >= 0
    else {
      throw WebDAVError(
        status: 403, precondition: .dav("valid-sync-token"),
        message: "'\(token.prefix(80))' is not a sync token of this collection; sync again "
          + "without a token.")
    }
    return sequence
  }
}
