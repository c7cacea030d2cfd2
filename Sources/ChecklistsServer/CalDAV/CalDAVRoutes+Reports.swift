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
    let since = try Self.position(ofSyncToken: sync.token)
    let changes: CalendarChanges
    do {
      changes = try calendar.changes(
        inList: collection.id, since: since.sequence, after: since.after,
        limit: min(sync.limit ?? Self.syncPageSize, Self.syncPageSize))
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
      // RFC 6578 3.6: 507 on the collection, and the token to go on from.
      responses.append(
        MultiStatus.Response(
          href: href, status: 507, error: .dav("number-of-matches-within-limits"),
          responseDescription: "More changes follow; ask again with the new sync token."))
    }
    return MultiStatus(
      responses: responses,
      syncToken: Self.syncToken(changes.token, after: changes.resumeAfter))
  }

  /// The most changes one sync-collection answer holds when the client sets no limit.
  static let syncPageSize = 10_000

  /// Where a sync token says to go on from: a change sequence (0 for no token, an initial
  /// sync) and, for an initial sync cut short, the item id of the last object it sent.
  /// - Throws: 403 `valid-sync-token` for a token this server did not give.
  static func position(ofSyncToken token: String?) throws -> (sequence: Int64, after: UUID?) {
    guard let token, !token.isEmpty else { return (0, nil) }
    let parts =
      token.hasPrefix(syncTokenPrefix)
      ? token.dropFirst(syncTokenPrefix.count).components(separatedBy: initialSyncMarker) : []
    guard (1...2).contains(parts.count), let sequence = Int64(parts[0]), sequence >= 0,
      parts.count == 1 || UUID(uuidString: parts[1]) != nil
    else {
      throw WebDAVError(
        status: 403, precondition: .dav("valid-sync-token"),
        message: "'\(token.prefix(80))' is not a sync token of this collection; sync again "
          + "without a token.")
    }
    return (sequence, parts.count == 2 ? UUID(uuidString: parts[1]) : nil)
  }

  /// A sync token of an initial sync cut short: the first page's sequence, then this, then the
  /// item id of the last object sent.
  static let initialSyncMarker = "/after/"

  /// The token to give after a sync: ``syncToken(_:)``, with where an initial sync cut short
  /// goes on.
  static func syncToken(_ sequence: Int64, after: UUID?) -> String {
    guard let after else { return syncToken(sequence) }
    return syncToken(sequence) + initialSyncMarker + after.uuidString.lowercased()
  }
}
