/// A REPORT body (RFC 3253 section 3.6): one of the reports a CalDAV server offers.
public enum ReportRequest: Sendable, Hashable {
  /// `cal:calendar-query` (RFC 4791 section 7.8).
  case calendarQuery(CalendarQuery)
  /// `cal:calendar-multiget` (RFC 4791 section 7.9): these hrefs, as the client wrote them
  /// (percent-encoded paths or full URLs), in order.
  case calendarMultiget(props: PropfindRequest, hrefs: [String])
  /// `d:sync-collection` (RFC 6578).
  case syncCollection(SyncCollectionRequest)

  /// The root element names of the reports this type reads, for `d:supported-report-set`.
  public static let supported: [XMLName] = [
    .calDAV("calendar-query"), .calDAV("calendar-multiget"), .dav("sync-collection"),
  ]

  /// Reads a REPORT body.
  /// - Parameters:
  ///   - body: The request body.
  ///   - limits: The parser's limits.
  /// - Returns: The report asked for.
  /// - Throws: ``WebDAVError``: 400 when the body is empty or not XML or a report lacks what
  ///   it needs; 403 with `d:supported-report` for a report not in ``supported``; 403 with
  ///   `cal:valid-filter` or `cal:supported-collation` for a calendar-query filter that breaks
  ///   RFC 4791's rules.
  public static func parse(_ body: [UInt8], limits: SafeXMLParser.Limits = .init())
    throws(WebDAVError) -> ReportRequest
  {
    if isBlank(body) { throw .badRequest("A REPORT needs a body naming the report.") }
    let root = try SafeXMLParser.parse(body, limits: limits)
    switch root.name {
    case .calDAV("calendar-query"):
      return .calendarQuery(try CalendarQuery.read(root))
    case .calDAV("calendar-multiget"):
      let hrefs = root.children(.dav("href")).map(\.trimmedText).filter { !$0.isEmpty }
      if hrefs.isEmpty {
        throw .badRequest("The cal:calendar-multiget report names no d:href.")
      }
      return .calendarMultiget(
        props: try PropfindRequest.selection(in: root) ?? .prop([]), hrefs: hrefs)
    case .dav("sync-collection"):
      return .syncCollection(try SyncCollectionRequest.read(root))
    default:
      let names = supported.map(\.prefixedDescription).joined(separator: ", ")
      throw WebDAVError(
        status: 403, precondition: .dav("supported-report"),
        message:
          "The \(root.name.prefixedDescription) report is not supported here; the supported reports are \(names)."
      )
    }
  }
}
