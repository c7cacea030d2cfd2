import Foundation
import Testing

@testable import WebDAV

/// The report a body asks for, or the error.
func report(_ text: String) throws(WebDAVError) -> ReportRequest {
  try ReportRequest.parse(Array(text.utf8))
}

/// The calendar-query of a body.
func query(_ text: String) throws -> CalendarQuery {
  guard case .calendarQuery(let query) = try report(text) else {
    throw WebDAVError.badRequest("not a calendar-query")
  }
  return query
}

func utc(_ text: String) -> Date { CalendarQuery.TimeRange.utcDateTime(text)! }

typealias Comp = CalendarQuery.CompFilter
typealias PropF = CalendarQuery.PropFilter

@Suite struct CalendarQueryParsingTests {
  let caldavProps = PropfindRequest.prop([
    .calDAV("calendar-data"), .dav("getetag"), .calDAV("schedule-tag"),
  ])

  @Test func theCaldavLibrarysNotCompletedSearch() throws {
    let query = try query(ClientBodies.caldavNotCompleted)
    #expect(query.props == caldavProps)
    #expect(
      query.filter
        == Comp(
          name: "VCALENDAR",
          compFilters: [
            Comp(
              name: "VTODO",
              propFilters: [
                PropF(name: "COMPLETED", isNotDefined: true),
                PropF(
                  name: "STATUS",
                  textMatch: .init(text: "COMPLETED", collation: "i;octet", negate: true)),
                PropF(
                  name: "STATUS",
                  textMatch: .init(text: "CANCELLED", collation: "i;octet", negate: true)),
              ])
          ]))
  }

  @Test func theCaldavLibrarysOtherSearches() throws {
    let todo = { (filters: [PropF]) in
      Comp(name: "VCALENDAR", compFilters: [Comp(name: "VTODO", propFilters: filters)])
    }
    #expect(
      try query(ClientBodies.caldavNoStatusNoCompleted).filter
        == todo([
          PropF(name: "COMPLETED", isNotDefined: true), PropF(name: "STATUS", isNotDefined: true),
        ]))
    #expect(
      try query(ClientBodies.caldavNeedsAction).filter
        == todo([
          PropF(name: "STATUS", textMatch: .init(text: "NEEDS-ACTION", collation: "i;octet"))
        ]))
    #expect(
      try query(ClientBodies.caldavSummary).filter
        == todo([PropF(name: "SUMMARY", textMatch: .init(text: "Milk", collation: "i;octet"))]))
    let range = try query(ClientBodies.caldavTimeRange).filter.compFilters[0].timeRange
    #expect(range == .init(start: utc("20261130T000000Z"), end: utc("20270102T000000Z")))
  }

  @Test func davx5AndThunderbirdQueries() throws {
    let davx5 = try query(ClientBodies.davx5CalendarQuery)
    #expect(davx5.props == .prop([.dav("getetag")]))
    #expect(
      davx5.filter.compFilters[0]
        == Comp(
          name: "VTODO",
          timeRange: .init(start: utc("20261101T000000Z"), end: utc("20270101T000000Z"))))
    let thunderbird = try query(ClientBodies.thunderbirdCalendarQuery)
    #expect(thunderbird.filter == Comp(name: "VCALENDAR", compFilters: [Comp(name: "VTODO")]))
  }

  @Test func theWholeFilterGrammar() throws {
    let body = """
      <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
        <D:allprop/>
        <C:filter>
          <C:comp-filter name="vcalendar">
            <C:comp-filter name="VTODO">
              <C:time-range start="20260101T000000Z"/>
              <C:prop-filter name="due">
                <C:time-range end="20261231T235959Z"/>
                <C:param-filter name="TZID"><C:text-match>Europe/Berlin</C:text-match></C:param-filter>
                <C:param-filter name="VALUE"><C:is-not-defined/></C:param-filter>
              </C:prop-filter>
              <C:prop-filter name="CATEGORIES">
                <C:text-match collation="i;unicode-casemap" negate-condition="no">Küche</C:text-match>
              </C:prop-filter>
              <C:comp-filter name="VALARM"><C:is-not-defined/></C:comp-filter>
            </C:comp-filter>
          </C:comp-filter>
        </C:filter>
        <C:timezone>BEGIN:VCALENDAR&#13;
      END:VCALENDAR</C:timezone>
      </C:calendar-query>
      """
    let query = try query(body)
    #expect(query.props == .allprop(include: []))
    #expect(query.timezone == "BEGIN:VCALENDAR\r\nEND:VCALENDAR")
    #expect(
      query.filter
        == Comp(
          name: "VCALENDAR",
          compFilters: [
            Comp(
              name: "VTODO", timeRange: .init(start: utc("20260101T000000Z"), end: nil),
              propFilters: [
                PropF(
                  name: "DUE", timeRange: .init(start: nil, end: utc("20261231T235959Z")),
                  paramFilters: [
                    .init(name: "TZID", textMatch: .init(text: "Europe/Berlin")),
                    .init(name: "VALUE", isNotDefined: true),
                  ]),
                PropF(
                  name: "CATEGORIES",
                  textMatch: .init(text: "Küche", collation: "i;unicode-casemap")),
              ],
              compFilters: [Comp(name: "VALARM", isNotDefined: true)])
          ]))
  }

  @Test func aQueryWithoutPropsAsksForHrefsOnly() throws {
    let body = """
      <C:calendar-query xmlns:C="urn:ietf:params:xml:ns:caldav"><C:filter>\
      <C:comp-filter name="VCALENDAR"/></C:filter></C:calendar-query>
      """
    #expect(try query(body).props == .prop([]))
  }

  /// A filter body with the given VTODO comp-filter content.
  func filter(_ inner: String) -> String {
    """
    <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/></D:prop>\
    <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO">\(inner)</C:comp-filter>\
    </C:comp-filter></C:filter></C:calendar-query>
    """
  }

  @Test(arguments: [
    (
      #"<C:prop-filter name="DUE"><C:time-range start="2026-01-01"/></C:prop-filter>"#,
      "The cal:time-range's start is '2026-01-01'; it must be a UTC date-time such as 20260102T030405Z."
    ),
    (
      #"<C:prop-filter name="DUE"><C:time-range start="20260101T000000"/></C:prop-filter>"#,
      "The cal:time-range's start is '20260101T000000'; it must be a UTC date-time such as 20260102T030405Z."
    ),
    (
      #"<C:time-range start="20260230T000000Z"/>"#,
      "The cal:time-range's start is '20260230T000000Z'; it must be a UTC date-time such as 20260102T030405Z."
    ),
    (#"<C:time-range/>"#, "A cal:time-range has neither start nor end."),
    (
      #"<C:time-range start="20260102T000000Z" end="20260101T000000Z"/>"#,
      "A cal:time-range ends before or when it starts."
    ),
    (
      #"<C:prop-filter><C:is-not-defined/></C:prop-filter>"#,
      "A cal:prop-filter has no name attribute."
    ),
    (
      #"<C:prop-filter name="STATUS"><C:is-not-defined/><C:text-match>X</C:text-match></C:prop-filter>"#,
      "The cal:prop-filter for STATUS has cal:is-not-defined and cal:text-match; is-not-defined must stand alone."
    ),
    (
      #"<C:prop-filter name="DUE"><C:time-range start="20260101T000000Z"/><C:text-match>X</C:text-match></C:prop-filter>"#,
      "The cal:prop-filter for DUE has both cal:time-range and cal:text-match; it may have one of them."
    ),
    (
      #"<C:prop-filter name="S"><C:text-match negate-condition="maybe">X</C:text-match></C:prop-filter>"#,
      "The cal:text-match's negate-condition is 'maybe'; it must be yes or no."
    ),
    (
      #"<C:time-range start="20260101T000000Z"/><C:time-range start="20260101T000000Z"/>"#,
      "The cal:comp-filter for VTODO has 2 cal:time-range elements; it may have one."
    ),
  ])
  func invalidFiltersAreRefusedWithValidFilter(inner: String, message: String) throws {
    #expect(
      throws: WebDAVError(status: 403, precondition: .calDAV("valid-filter"), message: message)
    ) { try report(filter(inner)) }
  }

  @Test func theOutermostFilterMustBeForVCALENDAR() throws {
    let body = """
      <C:calendar-query xmlns:C="urn:ietf:params:xml:ns:caldav"><C:filter>\
      <C:comp-filter name="VTODO"/></C:filter></C:calendar-query>
      """
    let error = try #require(throws: WebDAVError.self) { try report(body) }
    #expect(error.status == 403)
    #expect(error.precondition == .calDAV("valid-filter"))
    #expect(
      error.message
        == "The cal:filter's cal:comp-filter is for VTODO; the outermost one must be for VCALENDAR."
    )
    let none = "<C:calendar-query xmlns:C=\"urn:ietf:params:xml:ns:caldav\"/>"
    #expect(
      throws: WebDAVError(
        status: 403, precondition: .calDAV("valid-filter"),
        message: "The cal:calendar-query has no cal:filter.")
    ) { try report(none) }
  }

  @Test func anUnknownCollationIsRefusedWithSupportedCollation() throws {
    let error = try #require(throws: WebDAVError.self) {
      try report(
        filter(
          #"<C:prop-filter name="SUMMARY"><C:text-match collation="i;basic">x</C:text-match></C:prop-filter>"#
        ))
    }
    #expect(error.status == 403)
    #expect(error.precondition == .calDAV("supported-collation"))
    #expect(
      error.message
        == "The collation 'i;basic' is not supported; use i;ascii-casemap, i;octet, i;unicode-casemap."
    )
  }
}

@Suite struct MultigetAndSyncParsingTests {
  @Test func theCaldavLibrarysMultiget() throws {
    #expect(
      try report(ClientBodies.caldavMultiget)
        == .calendarMultiget(
          props: .prop([.calDAV("calendar-data"), .dav("getetag"), .calDAV("schedule-tag")]),
          hrefs: ["/ann/a6c6e2f4-6161-44aa-a341-7441b1c8a917/eggs-1.ics"]))
  }

  @Test func davx5AndAppleMultigetsKeepHrefsAsWritten() throws {
    #expect(
      try report(ClientBodies.davx5Multiget)
        == .calendarMultiget(
          props: .prop([
            .dav("getcontenttype"), .dav("getetag"), .calDAV("schedule-tag"),
            .calDAV("calendar-data"),
          ]),
          hrefs: ["/dav/calendars/ann/list/a.ics", "/dav/calendars/ann/list/b%20c.ics"]))
    guard case .calendarMultiget(let props, let hrefs) = try report(ClientBodies.appleMultiget)
    else {
      Issue.record("not a multiget")
      return
    }
    #expect(
      props
        == .prop([
          .dav("getetag"), .calDAV("calendar-data"), .calendarServer("updated-by"),
          .calendarServer("created-by"),
        ]))
    #expect(hrefs.count == 2)
    #expect(hrefs[0].hasSuffix("/Milk%20%26%20eggs.ics"))
  }

  @Test func aMultigetWithoutHrefsIsRefused() throws {
    #expect(throws: WebDAVError.badRequest("The cal:calendar-multiget report names no d:href.")) {
      try report(
        "<C:calendar-multiget xmlns:C=\"urn:ietf:params:xml:ns:caldav\" xmlns:D=\"DAV:\"><D:prop/></C:calendar-multiget>"
      )
    }
  }

  @Test func syncCollectionsFromEachClient() throws {
    #expect(
      try report(ClientBodies.caldavInitialSync)
        == .syncCollection(.init(token: nil, level: .one, props: .prop([.dav("getetag")]))))
    #expect(
      try report(ClientBodies.caldavSyncWithToken)
        == .syncCollection(
          .init(
            token:
              "http://radicale.org/ns/sync/7b3021e669762444783af6bec6276d0ca3fb8b8b69cbc0cc8d47ef44e0ca0cdf",
            props: .prop([.dav("getetag")]))))
    #expect(
      try report(ClientBodies.davx5SyncCollection)
        == .syncCollection(
          .init(
            token: nil, level: .one, limit: 100,
            props: .prop([.dav("getcontenttype"), .dav("getetag")]))))
    #expect(
      try report(ClientBodies.appleSyncCollection)
        == .syncCollection(
          .init(
            token: "http://checklists.invalid/sync/42",
            props: .prop([.dav("getcontenttype"), .dav("getetag")]))))
  }

  @Test func syncLevelInfiniteAndBadLimits() throws {
    let infinite = """
      <sync-collection xmlns="DAV:"><sync-token/><sync-level>infinite</sync-level><prop/></sync-collection>
      """
    guard case .syncCollection(let request) = try report(infinite) else {
      Issue.record("not a sync")
      return
    }
    #expect(request.level == .infinite)
    #expect(throws: WebDAVError.badRequest("The d:sync-level is '2'; it must be 1 or infinite.")) {
      try report(
        "<sync-collection xmlns=\"DAV:\"><sync-token/><sync-level>2</sync-level><prop/></sync-collection>"
      )
    }
    #expect(
      throws: WebDAVError.badRequest("The d:nresults is '0'; it must be a whole number above 0.")
    ) {
      try report(
        "<sync-collection xmlns=\"DAV:\"><sync-token/><limit><nresults>0</nresults></limit><prop/></sync-collection>"
      )
    }
    #expect(throws: WebDAVError.badRequest("The d:limit element has no d:nresults element.")) {
      try report("<sync-collection xmlns=\"DAV:\"><sync-token/><limit/><prop/></sync-collection>")
    }
  }

  @Test func anUnknownReportIsRefusedWithSupportedReport() throws {
    let error = try #require(throws: WebDAVError.self) {
      try report(ClientBodies.appleExpandProperty)
    }
    #expect(error.status == 403)
    #expect(error.precondition == .dav("supported-report"))
    #expect(
      error.message
        == "The d:expand-property report is not supported here; the supported reports are cal:calendar-query, cal:calendar-multiget, d:sync-collection."
    )
    #expect(throws: WebDAVError.badRequest("A REPORT needs a body naming the report.")) {
      try report("")
    }
  }
}
