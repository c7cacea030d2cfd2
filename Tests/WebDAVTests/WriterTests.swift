import Foundation
import Testing

@testable import WebDAV

@Suite struct MultiStatusWriterTests {
  let list = "/dav/calendars/ann/0b7e1c2a-4c1d-4f0e-9d51-2a7c3e8f9a10/"

  /// A PROPFIND answer of a calendar with Apple's, CalDAV's and a dead property's namespaces.
  var collection: MultiStatus {
    MultiStatus(responses: [
      MultiStatus.Response(
        href: list,
        found: [
          .nested(.dav("resourcetype"), names: [.dav("collection"), .calDAV("calendar")]),
          .text(.dav("displayname"), "Groceries & <more>"),
          .text(.appleICal("calendar-color"), "#FF2968FF"),
          .text(.calendarServer("getctag"), "http://checklists.invalid/sync/7"),
          .supportedCalendarComponentSet(["VTODO"]),
          .supportedReportSet(ReportRequest.supported),
          .hrefs(.dav("current-user-principal"), ["/dav/principals/ann/"]),
          .privilegeSet([.dav("read"), .dav("write-content")]),
          XMLElement(
            XMLName("urn:example:z", "note"), attributes: ["{urn:example:z}lang": "en"],
            text: "dead"),
        ],
        notFound: [
          .calDAV("calendar-timezone"), XMLName("http://me.com/_namespace/", "bulk-requests"),
        ])
    ])
  }

  @Test func namespacesAreDeclaredOnceOnTheRootWithTheKnownPrefixes() throws {
    let xml = collection.xml()
    #expect(
      xml.hasPrefix("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<d:multistatus xmlns:d=\"DAV:\""))
    let root = try #require(xml.split(separator: "\n")[1].split(separator: ">").first)
    for declaration in [
      "xmlns:d=\"DAV:\"", "xmlns:cal=\"urn:ietf:params:xml:ns:caldav\"",
      "xmlns:ical=\"http://apple.com/ns/ical/\"", "xmlns:cs=\"http://calendarserver.org/ns/\"",
      "xmlns:x5=\"urn:example:z\"", "xmlns:x6=\"http://me.com/_namespace/\"",
    ] {
      #expect(root.contains(declaration), "\(root)")
    }
    // Declared on the root only.
    #expect(xml.components(separatedBy: "xmlns:").count == 7)
    #expect(xml.contains("<ical:calendar-color>#FF2968FF</ical:calendar-color>"))
    #expect(xml.contains("<x5:note x5:lang=\"en\">dead</x5:note>"))
    #expect(xml.contains("<d:displayname>Groceries &amp; &lt;more&gt;</d:displayname>"))
  }

  @Test func theOutputParsesBackToTheSameProperties() throws {
    let root = try SafeXMLParser.parse(Array(collection.xml().utf8))
    #expect(root.name == .dav("multistatus"))
    let response = try #require(root.child(.dav("response")))
    #expect(response.child(.dav("href"))?.text == list)
    let propstats = response.children(.dav("propstat"))
    #expect(
      propstats.map { $0.child(.dav("status"))?.text } == [
        "HTTP/1.1 200 OK", "HTTP/1.1 404 Not Found",
      ])
    let found = try #require(propstats[0].child(.dav("prop")))
    #expect(found.children == collection.responses[0].propstats[0].props)
    #expect(
      propstats[1].child(.dav("prop"))?.childNames
        == [.calDAV("calendar-timezone"), XMLName("http://me.com/_namespace/", "bulk-requests")])
  }

  @Test func calendarDataKeepsItsCRLFLineEndsThroughAnXMLReader() throws {
    let ics =
      "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:Milk & <eggs>\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    let body = MultiStatus(responses: [
      .init(
        href: "\(list)milk.ics",
        found: [.text(.dav("getetag"), "\"12\""), .text(.calDAV("calendar-data"), ics)],
        notFound: [])
    ]).xml()
    #expect(body.contains("BEGIN:VCALENDAR&#13;\nBEGIN:VTODO"))
    let data = try SafeXMLParser.parse(Array(body.utf8)).child(.dav("response"))?
      .child(.dav("propstat"))?.child(.dav("prop"))?.child(.calDAV("calendar-data"))
    #expect(data?.text == ics)
  }

  @Test func aSyncCollectionAnswerWithDeletedMembersTruncationAndToken() throws {
    let body = MultiStatus(
      responses: [
        .init(
          href: "\(list)a.ics", found: [.text(.dav("getetag"), "\"3\"")], notFound: []),
        .init(href: "\(list)gone.ics", status: 404),
        .init(
          href: list, status: 507, error: .dav("number-of-matches-within-limits"),
          responseDescription: "Only the first 100 changes are given; sync again for the rest."),
      ], syncToken: "http://checklists.invalid/sync/9"
    ).xml()
    let root = try SafeXMLParser.parse(Array(body.utf8))
    let responses = root.children(.dav("response"))
    #expect(responses.count == 3)
    #expect(responses[1].child(.dav("status"))?.text == "HTTP/1.1 404 Not Found")
    #expect(responses[1].child(.dav("propstat")) == nil)
    #expect(responses[2].child(.dav("status"))?.text == "HTTP/1.1 507 Insufficient Storage")
    #expect(
      responses[2].child(.dav("error"))?.childNames == [.dav("number-of-matches-within-limits")])
    #expect(
      responses[2].child(.dav("responsedescription"))?.text
        == "Only the first 100 changes are given; sync again for the rest.")
    #expect(root.child(.dav("sync-token"))?.text == "http://checklists.invalid/sync/9")
    #expect(root.children.last?.name == .dav("sync-token"))
  }

  @Test func aPropfindResponseFollowsWhatWasAsked() throws {
    let values: [XMLName: XMLElement] = [
      .dav("displayname"): .text(.dav("displayname"), "Trip"),
      .dav("getetag"): .text(.dav("getetag"), "\"4\""),
      .calDAV("calendar-data"): .text(.calDAV("calendar-data"), "BEGIN:VCALENDAR"),
    ]
    let allprop: [XMLName] = [.dav("displayname"), .dav("getetag")]
    func response(_ request: PropfindRequest, minimal: Bool = false) -> MultiStatus.Response {
      .init(href: "/x", request: request, allprop: allprop, minimal: minimal) { values[$0] }
    }
    let asked = response(.prop([.dav("getetag"), .dav("quota-used-bytes")]))
    #expect(
      asked.propstats == [
        .init(props: [values[.dav("getetag")]!], status: 200),
        .init(props: [XMLElement(.dav("quota-used-bytes"))], status: 404),
      ])
    #expect(
      response(.prop([.dav("getetag"), .dav("quota-used-bytes")]), minimal: true).propstats
        == [.init(props: [values[.dav("getetag")]!], status: 200)])
    #expect(
      response(.allprop(include: [.calDAV("calendar-data"), .dav("nope")])).propstats == [
        .init(
          props: [
            values[.dav("displayname")]!, values[.dav("getetag")]!,
            values[.calDAV("calendar-data")]!,
          ],
          status: 200)
      ])
    #expect(
      response(.propname).propstats == [
        .init(props: [XMLElement(.dav("displayname")), XMLElement(.dav("getetag"))], status: 200)
      ])
  }
}

@Suite struct WebDAVErrorWriterTests {
  @Test func anErrorBodyNamesThePreconditionAndCarriesTheMessage() throws {
    let error = WebDAVError(
      status: 409, precondition: .calDAV("no-uid-conflict"),
      preconditionContent: [.href("/dav/calendars/ann/list/a%20b.ics")],
      message: "The UID milk-1 is already used by a b.ics in this list.")
    let xml = error.xml()
    #expect(
      xml
        == """
        <?xml version="1.0" encoding="utf-8"?>
        <d:error xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav"><cal:no-uid-conflict><d:href>/dav/calendars/ann/list/a%20b.ics</d:href></cal:no-uid-conflict>The UID milk-1 is already used by a b.ics in this list.</d:error>

        """)
    let root = try SafeXMLParser.parse(Array(xml.utf8))
    #expect(root.name == .dav("error"))
    #expect(
      root.child(.calDAV("no-uid-conflict"))?.child(.dav("href"))?.text
        == "/dav/calendars/ann/list/a%20b.ics")
    #expect(root.text == "The UID milk-1 is already used by a b.ics in this list.")
  }

  @Test func anErrorWithoutAPreconditionIsJustTheMessage() throws {
    let xml = WebDAVError.badRequest("The XML body is empty & <useless>.").xml()
    #expect(
      xml.hasSuffix(
        "<d:error xmlns:d=\"DAV:\">The XML body is empty &amp; &lt;useless&gt;.</d:error>\n"))
  }

  @Test func theParsersOwnErrorsWriteAsBodies() throws {
    let error = try #require(throws: WebDAVError.self) {
      try ReportRequest.parse(Array(ClientBodies.appleExpandProperty.utf8))
    }
    let root = try SafeXMLParser.parse(Array(error.xml().utf8))
    #expect(root.childNames == [.dav("supported-report")])
  }
}

@Suite struct DeadPropertyTests {
  @Test func aDeadPropertyWritesItselfStandaloneAndReadsBackEqual() throws {
    let property = try #require(
      try MkcalendarRequest.parse(Array(ClientBodies.appleMkcalendar.utf8)).set.first {
        $0.name == .calendarServer("source")
      })
    let stored = property.xml()
    #expect(
      stored
        == "<cs:source xmlns:cs=\"http://calendarserver.org/ns/\" xmlns:d=\"DAV:\"><d:href>webcal://www.webcal.fi/cal.php?id=49&amp;amp;rid=ics&amp;amp;wrn=0&amp;amp;wp=12&amp;amp;wf=55</d:href></cs:source>"
    )
    #expect(try SafeXMLParser.parse(Array(stored.utf8)) == property)
  }

  @Test(arguments: [
    "<Z:x xmlns:Z=\"urn:z\"/>",
    "<Z:x xmlns:Z=\"urn:z\" a=\"1 &amp; &quot;2&quot;&#10;3\" Z:b=\"&lt;\">tab\tnew\nline &#13;</Z:x>",
    "<x xml:lang=\"fr\">sans espace de noms</x>",
    "<A:a xmlns:A=\"urn:a\"><B:b xmlns:B=\"urn:b\"><A:c>deep</A:c></B:b><d/></A:a>",
    "<i:calendar-color xmlns:i=\"http://apple.com/ns/ical/\" symbolic-color=\"red\">#FF0000FF</i:calendar-color>",
    "<x1:y xmlns:x1=\"urn:one\"><x2:z xmlns:x2=\"urn:two\">😀 ü</x2:z></x1:y>",
  ])
  func deadPropertiesRoundTrip(text: String) throws {
    let element = try SafeXMLParser.parse(Array(text.utf8))
    let written = element.xml()
    #expect(try SafeXMLParser.parse(Array(written.utf8)) == element, "\(written)")
    #expect(
      element.xml(prefixes: ["urn:a": "q"]).contains("q:") == (element.name.namespace == "urn:a"))
  }

  @Test func charactersXMLCannotHoldBecomeReplacementCharacters() throws {
    let written = XMLElement.text(.dav("displayname"), "a\u{1}b\u{FFFE}c").xml()
    #expect(try SafeXMLParser.parse(Array(written.utf8)).text == "a\u{FFFD}b\u{FFFD}c")
  }
}

@Suite struct TextMatchAndTimeRangeTests {
  typealias TextMatch = CalendarQuery.TextMatch

  @Test func collations() {
    #expect(TextMatch(text: "milk").matches("Buy MILK today"))
    #expect(!TextMatch(text: "milk", collation: "i;octet").matches("Buy MILK today"))
    #expect(TextMatch(text: "MILK", collation: "i;octet").matches("Buy MILK today"))
    // ASCII case mapping folds only A-Z; Unicode case mapping folds ü/Ü and decomposes.
    #expect(!TextMatch(text: "küche").matches("KÜCHE"))
    #expect(TextMatch(text: "küche", collation: "i;unicode-casemap").matches("KÜCHE"))
    #expect(TextMatch(text: "ku\u{308}che", collation: "i;unicode-casemap").matches("Küche"))
    #expect(
      TextMatch(text: "COMPLETED", collation: "i;octet", negate: true).matches("NEEDS-ACTION"))
    #expect(!TextMatch(text: "COMPLETED", collation: "i;octet", negate: true).matches("COMPLETED"))
    #expect(TextMatch(text: "").matches("anything"))
  }

  @Test func utcDateTimesParseAndPrint() {
    let range = CalendarQuery.TimeRange.self
    #expect(range.utcDateTime("19700101T000000Z") == Date(timeIntervalSince1970: 0))
    #expect(range.utcDateTime("20260102T030405Z") == Date(timeIntervalSince1970: 1_767_323_045))
    #expect(range.utcDateTime("20240229T120000Z") != nil)
    #expect(range.utcDateTime("20250229T120000Z") == nil)
    #expect(range.utcDateTime("20261301T000000Z") == nil)
    #expect(range.utcDateTime("20260101T240000Z") == nil)
    #expect(range.utcDateTime("20260101 000000Z") == nil)
    for text in [
      "19700101T000000Z", "20260102T030405Z", "20240229T235959Z", "19691231T235959Z",
      "00010101T000000Z",
    ] {
      #expect(range.utcDateTimeString(range.utcDateTime(text)!) == text)
    }
  }

  @Test func rangesAreHalfOpen() {
    let range = CalendarQuery.TimeRange(
      start: utc("20260101T000000Z"), end: utc("20260102T000000Z"))
    #expect(range.contains(utc("20260101T000000Z")))
    #expect(!range.contains(utc("20260102T000000Z")))
    #expect(range.overlaps(from: utc("20251231T000000Z"), to: utc("20260101T000001Z")))
    #expect(!range.overlaps(from: utc("20251231T000000Z"), to: utc("20260101T000000Z")))
    #expect(
      CalendarQuery.TimeRange(start: nil, end: utc("20260101T000000Z")).contains(.distantPast))
  }
}
