import Testing

@testable import WebDAV

/// A PROPFIND, a report's `d:prop` and a PROPPATCH name at most
/// ``PropfindRequest/maxPropertyNames`` properties: the answer holds each name once per
/// resource, and 20,000 names took a minute of CPU once.
@Suite struct PropertyNameLimitTests {
  /// A PROPFIND naming `count` properties `x:p0`... in one namespace.
  static func propfind(names count: Int, repeated: Int = 1) -> [UInt8] {
    var body = #"<d:propfind xmlns:d="DAV:" xmlns:x="urn:x"><d:prop>"#
    for _ in 0..<repeated {
      for index in 0..<count { body += "<x:p\(index)/>" }
    }
    body += "</d:prop></d:propfind>"
    return bytes(body)
  }

  static let refusal = WebDAVError.badRequest(
    "The d:propfind element names more than 1000 properties; at most 1000 are accepted.")

  @Test func everyRecordedClientBodyIsFarBelowTheLimit() throws {
    for body in [
      ClientBodies.appleListCalendars, ClientBodies.caldavListCalendars,
      ClientBodies.applePrincipal, ClientBodies.caldavCurrentUserPrincipal,
    ] {
      guard case .prop(let names) = try PropfindRequest.parse(bytes(body)) else {
        Issue.record("not a prop request")
        continue
      }
      #expect(names.count < 60)
    }
  }

  @Test func aPropfindAtTheLimitIsReadWithEachNameOnceInOrder() throws {
    // Each name three times: merged to 1,000, in the order first asked.
    let request = try PropfindRequest.parse(Self.propfind(names: 1_000, repeated: 3))
    guard case .prop(let names) = request else {
      Issue.record("not a prop request")
      return
    }
    #expect(names.count == 1_000)
    #expect(names.first == XMLName("urn:x", "p0"))
    #expect(names.last == XMLName("urn:x", "p999"))
  }

  @Test func aPropfindPastTheLimitIsRefusedNamingIt() {
    #expect(throws: Self.refusal) { try PropfindRequest.parse(Self.propfind(names: 1_001)) }
    #expect(throws: Self.refusal) { try PropfindRequest.parse(Self.propfind(names: 19_990)) }
  }

  @Test func anAllpropIncludePastTheLimitIsRefused() {
    var body = #"<d:propfind xmlns:d="DAV:" xmlns:x="urn:x"><d:allprop/><d:include>"#
    for index in 0..<1_001 { body += "<x:p\(index)/>" }
    body += "</d:include></d:propfind>"
    #expect(throws: Self.refusal) { try PropfindRequest.parse(bytes(body)) }
  }

  @Test func aPropfindAnswerHoldsEachAskedNameOncePerResource() throws {
    // The answer for N names over M resources asks for each value once per resource: N·M.
    let request = try PropfindRequest.parse(Self.propfind(names: 1_000, repeated: 2))
    var asked = 0
    let responses = (0..<7).map { index in
      MultiStatus.Response(href: "/r\(index)", request: request, allprop: []) { _ in
        asked += 1
        return nil
      }
    }
    #expect(asked == 7_000)
    #expect(responses.allSatisfy { $0.propstats.map(\.props.count) == [1_000] })
  }

  @Test func aProppatchPastTheLimitIsRefusedNamingIt() throws {
    func proppatch(_ count: Int) -> [UInt8] {
      var body = #"<d:propertyupdate xmlns:d="DAV:" xmlns:x="urn:x"><d:remove><d:prop>"#
      for index in 0..<count { body += "<x:p\(index)/>" }
      return bytes(body + "</d:prop></d:remove></d:propertyupdate>")
    }
    #expect(try ProppatchRequest.parse(proppatch(1_000)).operations.count == 1_000)
    #expect(
      throws: WebDAVError.badRequest(
        "The d:propertyupdate element names more than 1000 properties; at most 1000 are accepted."
      )
    ) { try ProppatchRequest.parse(proppatch(1_001)) }
  }
}
