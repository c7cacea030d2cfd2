import Foundation
import Testing

@testable import WebDAV

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite struct PropfindRequestTests {
  @Test func anEmptyBodyAsksForAllprop() throws {
    #expect(try PropfindRequest.parse([]) == .allprop(include: []))
    #expect(try PropfindRequest.parse(bytes(" \r\n")) == .allprop(include: []))
  }

  @Test func theCaldavLibrarysDiscoveryBodies() throws {
    #expect(
      try PropfindRequest.parse(bytes(ClientBodies.caldavCurrentUserPrincipal))
        == .prop([.dav("current-user-principal")]))
    #expect(
      try PropfindRequest.parse(bytes(ClientBodies.caldavCalendarHomeSet))
        == .prop([.calDAV("calendar-home-set")]))
    #expect(
      try PropfindRequest.parse(bytes(ClientBodies.caldavListCalendars))
        == .prop([
          .dav("resourcetype"), .dav("displayname"), .calDAV("supported-calendar-component-set"),
        ]))
  }

  @Test func applesCalendarListAsksForAll36PropertiesInOrder() throws {
    guard case .prop(let names) = try PropfindRequest.parse(bytes(ClientBodies.appleListCalendars))
    else {
      Issue.record("not a prop request")
      return
    }
    #expect(names.count == 36)
    #expect(names.first == .dav("add-member"))
    #expect(names.last == .dav("sync-token"))
    #expect(names.contains(.calendarServer("getctag")))
    #expect(names.contains(.appleICal("calendar-color")))
    #expect(names.contains(.appleICal("calendar-order")))
    #expect(names.contains(XMLName("http://me.com/_namespace/", "bulk-requests")))
    #expect(names.contains(.calDAV("supported-calendar-component-set")))
  }

  @Test func applesPrincipalBodyWithRootDeclaredPrefixes() throws {
    #expect(
      try PropfindRequest.parse(bytes(ClientBodies.applePrincipal))
        == .prop([
          .calDAV("calendar-home-set"), .calDAV("calendar-user-address-set"),
          .calDAV("schedule-inbox-URL"), .calDAV("schedule-outbox-URL"),
          .calendarServer("dropbox-home-URL"), .calendarServer("notifications-URL"),
          .dav("displayname"),
        ]))
  }

  @Test func allpropWithIncludeAndPropname() throws {
    let allprop = """
      <D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
        <D:allprop/><D:include><C:calendar-data/><D:sync-token/></D:include>
      </D:propfind>
      """
    #expect(
      try PropfindRequest.parse(bytes(allprop))
        == .allprop(include: [.calDAV("calendar-data"), .dav("sync-token")]))
    #expect(
      try PropfindRequest.parse(bytes("<propfind xmlns=\"DAV:\"><propname/></propfind>"))
        == .propname)
  }

  @Test func badPropfindBodiesNameWhatIsWrong() throws {
    let cases: [(String, String)] = [
      (
        "<D:propfind xmlns:D=\"DAV:\"/>",
        "The d:propfind element holds none of d:prop, d:allprop and d:propname."
      ),
      (
        "<D:propfind xmlns:D=\"DAV:\"><D:prop/><D:propname/></D:propfind>",
        "The d:propfind element holds both d:prop and d:propname; it may hold only one of them."
      ),
      (
        "<propfind><prop/></propfind>",
        "The PROPFIND body's root element is propfind; it must be d:propfind."
      ),
      (
        "<D:propertyupdate xmlns:D=\"DAV:\"/>",
        "The PROPFIND body's root element is d:propertyupdate; it must be d:propfind."
      ),
    ]
    for (body, message) in cases {
      #expect(throws: WebDAVError.badRequest(message)) { try PropfindRequest.parse(bytes(body)) }
    }
  }
}

@Suite struct ProppatchRequestTests {
  @Test func theCaldavLibrarysRename() throws {
    let request = try ProppatchRequest.parse(bytes(ClientBodies.caldavProppatch))
    #expect(request.operations == [.set(.text(.dav("displayname"), "Groceries & more"))])
  }

  @Test func setsAndRemovesKeepDocumentOrderAndTheValuesAttributes() throws {
    let request = try ProppatchRequest.parse(bytes(ClientBodies.appleProppatch))
    #expect(
      request.operations.map(\.name) == [
        .appleICal("calendar-order"), .appleICal("calendar-color"), .appleICal("calendar-color"),
      ])
    #expect(request.operations[0] == .set(.text(.appleICal("calendar-order"), "3")))
    #expect(request.operations[1] == .remove(.appleICal("calendar-color")))
    guard case .set(let color) = request.operations[2] else {
      Issue.record("not a set")
      return
    }
    #expect(color.text == "#FF2968FF")
    #expect(color.attributes == ["symbolic-color": "custom"])
  }

  @Test func deadPropertiesWithNestedElementsAreKeptWhole() throws {
    let body = """
      <D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:example:z"><D:set><D:prop>
      <Z:note Z:lang="en"><Z:line>one</Z:line><Z:line>two &amp; three</Z:line></Z:note>
      </D:prop></D:set></D:propertyupdate>
      """
    guard case .set(let note) = try ProppatchRequest.parse(bytes(body)).operations.first else {
      Issue.record("no set")
      return
    }
    #expect(note.name == XMLName("urn:example:z", "note"))
    #expect(note.attributes == ["{urn:example:z}lang": "en"])
    #expect(note.children.map(\.text) == ["one", "two & three"])
  }

  @Test func badProppatchBodies() throws {
    #expect(throws: WebDAVError.badRequest("A PROPPATCH needs a d:propertyupdate body.")) {
      try ProppatchRequest.parse([])
    }
    #expect(throws: WebDAVError.badRequest("A d:set in the PROPPATCH body has no d:prop.")) {
      try ProppatchRequest.parse(bytes("<propertyupdate xmlns=\"DAV:\"><set/></propertyupdate>"))
    }
    #expect(throws: WebDAVError.badRequest("The PROPPATCH body sets and removes no property.")) {
      try ProppatchRequest.parse(
        bytes("<propertyupdate xmlns=\"DAV:\"><set><prop/></set></propertyupdate>"))
    }
  }
}

@Suite struct MkcalendarRequestTests {
  @Test func anEmptyMkcalendarSetsNothing() throws {
    let request = try MkcalendarRequest.parse([])
    #expect(request == MkcalendarRequest(kind: .mkcalendar, set: []))
    #expect(request.makesCalendar)
  }

  @Test func theCaldavLibrarysMkcalendar() throws {
    let request = try MkcalendarRequest.parse(bytes(ClientBodies.caldavMkcalendar))
    #expect(request.kind == .mkcalendar)
    #expect(
      request.set == [
        .text(.dav("displayname"), "Groceries2"),
        .nested(
          .calDAV("supported-calendar-component-set"),
          [XMLElement(.calDAV("comp"), attributes: ["name": "VTODO"])]),
      ])
  }

  @Test func applesMkcalendarKeepsEveryPropertyAndDecodesTheHrefOnce() throws {
    let request = try MkcalendarRequest.parse(bytes(ClientBodies.appleMkcalendar))
    #expect(request.set.count == 11)
    let source = try #require(request.set.first { $0.name == .calendarServer("source") })
    #expect(
      source.child(.dav("href"))?.text
        == "webcal://www.webcal.fi/cal.php?id=49&amp;rid=ics&amp;wrn=0&amp;wp=12&amp;wf=55")
    #expect(request.set.last == .text(.dav("displayname"), "Jewish holidays"))
    #expect(request.resourceType == [.dav("collection"), .calendarServer("subscribed")])
  }

  @Test func anExtendedMkcolSaysWhetherItMakesACalendar() throws {
    let subscription = try MkcalendarRequest.parse(bytes(ClientBodies.appleExtendedMkcol))
    #expect(subscription.kind == .mkcol)
    #expect(!subscription.makesCalendar)
    let calendar = try MkcalendarRequest.parse(
      bytes(
        """
        <D:mkcol xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>
        <D:resourcetype><D:collection/><C:calendar/></D:resourcetype>
        <D:displayname>Trip</D:displayname></D:prop></D:set></D:mkcol>
        """))
    #expect(calendar.makesCalendar)
    #expect(calendar.set.map(\.name) == [.dav("resourcetype"), .dav("displayname")])
  }

  @Test func aMkcalendarWithTheWrongRootIsRefused() throws {
    #expect(
      throws: WebDAVError.badRequest(
        "The MKCALENDAR or MKCOL body's root element is d:propfind; it must be cal:mkcalendar or d:mkcol."
      )
    ) { try MkcalendarRequest.parse(bytes("<propfind xmlns=\"DAV:\"/>")) }
  }
}

@Suite struct DepthTests {
  @Test func depthHeaders() throws {
    #expect(Depth(header: "0") == .zero)
    #expect(Depth(header: " 1 ") == .one)
    #expect(Depth(header: "Infinity") == .infinity)
    #expect(Depth(header: "2") == nil)
    #expect(try Depth.parse(nil, default: .infinity) == .infinity)
    #expect(try Depth.parse(nil, default: .zero) == .zero)
    #expect(try Depth.parse("1", default: .zero) == .one)
    #expect(
      throws: WebDAVError.badRequest("The Depth header is 'one'; it must be 0, 1 or infinity.")
    ) {
      try Depth.parse("one", default: .zero)
    }
  }
}
