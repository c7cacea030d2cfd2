import Foundation
import Testing

@testable import WebDAV

/// A PROPFIND body of 40,000 namespace declarations (about 850 KB) took 12.3 s of server CPU
/// and one of 50,000 attributes 2.2 s: libxml2 2.9 compares each declaration and attribute of an
/// element with the others, and the tree builder searched a list of prefixes from its end for
/// every declaration going out of scope. Declarations and attributes are now counted (on one
/// element, in force at once, in all) before libxml2 reads a byte, and the builder's prefixes
/// are a table. No clock here: the reproductions show that the refusal comes before libxml2's
/// work by putting, in front of the excess, an error only libxml2 would notice.
/// (`NamespaceCostMeasurement` prints the CPU times.)
@Suite struct NamespaceLimitTests {
  /// An entity reference libxml2 refuses as undefined; the byte checks do not look at it.
  static let errorOnlyLibxml2Sees = "<d:href>&undefined;</d:href>"

  /// Whether the refusal is libxml2's of ``errorOnlyLibxml2Sees``.
  static func isLibxml2Refusal(_ error: WebDAVError?) -> Bool {
    error?.message.contains("&undefined;") == true
  }

  /// The column (from 1) where `text` starts in the one-line `body`.
  static func column(of text: String, in body: String) throws -> Int {
    let range = try #require(body.range(of: text))
    return body.utf8.distance(from: body.startIndex, to: range.lowerBound) + 1
  }

  @Test func fortyThousandNamespaceDeclarationsAreRefusedBeforeLibxml2ReadsThem() throws {
    let body = NamespaceBodies.declarations(40_000)
    #expect(body.utf8.count > 800_000 && body.utf8.count < 1 << 20)
    let error = try #require(refusal(body))
    #expect(error.status == 400)
    // `xmlns:d` and p0 to p30 are the 32 an element may have.
    let column = try Self.column(of: "xmlns:p31=", in: body)
    #expect(
      error.message
        == "The XML body declares more than 32 namespaces on one element, the most accepted (line 1, column \(column))."
    )
    // Behind an error that only libxml2 sees: still the count's refusal, so libxml2 never
    // started on the body. (Without the count, libxml2's refusal of the entity came, after
    // 4 s of CPU in a release build.)
    let behind = "<d:propfind xmlns:d=\"DAV:\">\(Self.errorOnlyLibxml2Sees)\(body)</d:propfind>"
    let refused = refusal(behind)
    #expect(refused?.message.hasPrefix("The XML body declares more than 32 namespaces") == true)
    #expect(!Self.isLibxml2Refusal(refused))
    #expect(
      Self.isLibxml2Refusal(refusal("<d:a xmlns:d=\"DAV:\">\(Self.errorOnlyLibxml2Sees)</d:a>")))
  }

  @Test func fiftyThousandAttributesAreRefusedBeforeLibxml2ReadsThem() throws {
    let body = NamespaceBodies.attributes(50_000)
    let error = try #require(refusal(body))
    let column = try Self.column(of: "a32=", in: body)
    #expect(
      error.message
        == "The XML body has more than 32 attributes on one element, the most accepted (line 1, column \(column))."
    )
    let behind = "<d:propfind xmlns:d=\"DAV:\">\(Self.errorOnlyLibxml2Sees)\(body)</d:propfind>"
    let refused = refusal(behind)
    #expect(refused?.message.hasPrefix("The XML body has more than 32 attributes") == true)
    #expect(!Self.isLibxml2Refusal(refused))
  }

  @Test func aPropfindOfFortyThousandDeclarationsIsABadRequest() throws {
    let error = try #require(throws: WebDAVError.self) {
      try PropfindRequest.parse(Array(NamespaceBodies.declarations(40_000).utf8))
    }
    #expect(error.status == 400)
    #expect(error.message.contains("more than 32 namespaces on one element"))
  }

  /// An element `<name>` with `declarations` namespaces and `attributes` attributes.
  static func element(_ name: String = "r", declarations: Int, attributes: Int) -> String {
    "<\(name)" + (0..<declarations).map { " xmlns:p\($0)=\"urn:p\($0)\"" }.joined()
      + (0..<attributes).map { " a\($0)='\($0)'" }.joined() + "/>"
  }

  @Test func thirtyTwoOnAnElementAreFineAndTheThirtyThirdIsRefused() throws {
    let full = try parse(Self.element(declarations: 32, attributes: 32))
    #expect(full.attributes.count == 32)
    #expect(
      refusal(Self.element(declarations: 33, attributes: 0))?.message.hasPrefix(
        "The XML body declares more than 32 namespaces on one element") == true)
    #expect(
      refusal(Self.element(declarations: 0, attributes: 33))?.message.hasPrefix(
        "The XML body has more than 32 attributes on one element") == true)
    // A default namespace is a declaration too; `xmlnsx` is an attribute.
    let withDefault =
      "<r xmlns=\"DAV:\"" + Self.element(declarations: 32, attributes: 0).dropFirst(2)
    #expect(refusal(withDefault)?.message.contains("32 namespaces on one element") == true)
    let withLookalike =
      "<r xmlnsx=\"1\"" + Self.element(declarations: 32, attributes: 31).dropFirst(2)
    #expect(refusal(withLookalike) == nil)
  }

  @Test func atMost128DeclarationsAreInForceAtOnce() throws {
    /// `levels` nested elements with 32 declarations each, around `inside`.
    func nested(_ levels: Int, around inside: String) -> String {
      (0..<levels).map { Self.element("l\($0)", declarations: 32, attributes: 0).dropLast(2) + ">" }
        .joined() + inside + (0..<levels).reversed().map { "</l\($0)>" }.joined()
    }
    #expect(refusal(nested(4, around: "<x/>")) == nil)
    #expect(
      refusal(nested(4, around: "<x xmlns:y=\"urn:y\"/>"))?.message.hasPrefix(
        "The XML body has more than 128 namespace declarations in force at once") == true)
    // Declarations go out of force with their element, whether closed by an end tag or `/>`.
    let siblings = (0..<3).map { _ in
      Self.element("s", declarations: 32, attributes: 0).dropLast(2) + "></s>"
        + Self.element("t", declarations: 32, attributes: 0)
    }.joined()
    #expect(refusal(nested(3, around: siblings)) == nil)
  }

  @Test func aBodyMayDeclare10000NamespacesAndHave4096Attributes() throws {
    /// An Apple-style multiget: DAV: declared again on each of `hrefs` hrefs.
    func multiget(hrefs: Int) -> String {
      "<B:calendar-multiget xmlns:B=\"urn:ietf:params:xml:ns:caldav\">"
        + String(repeating: "<A:href xmlns:A=\"DAV:\">/a.ics</A:href>", count: hrefs)
        + "</B:calendar-multiget>"
    }
    #expect(refusal(multiget(hrefs: 9_999)) == nil)
    #expect(
      refusal(multiget(hrefs: 10_000))?.message.hasPrefix(
        "The XML body declares more than 10000 namespaces, the most accepted (line 1, column ")
        == true)
    func attributes(elements: Int) -> String {
      "<r>"
        + (0..<elements).map { _ in Self.element("e", declarations: 0, attributes: 32) }
        .joined() + "</r>"
    }
    #expect(refusal(attributes(elements: 128)) == nil)
    #expect(
      refusal(attributes(elements: 129))?.message.hasPrefix(
        "The XML body has more than 4096 attributes, the most accepted (line 1, column ") == true)
    // The limits can be set.
    let roomy = SafeXMLParser.Limits(maxNamespaceDeclarations: 10_001, maxAttributes: 5_000)
    #expect(refusal(multiget(hrefs: 10_000), limits: roomy) == nil)
    #expect(refusal(attributes(elements: 129), limits: roomy) == nil)
  }

  @Test func onlyRealAttributesAreCounted() throws {
    // Values holding `>`, `/`, `=`, `<` (as a reference) and forty fake attributes in the other
    // quote; blanks and line breaks around `=`.
    let fakes = (0..<40).map { " z\($0)=\"\($0)\"" }.joined()
    let tricky =
      "<r " + (0..<32).map { "a\($0) =\n '>/=&lt;\($0)\(fakes)' " }.joined() + "><c/></r>"
    let root = try parse(tricky)
    #expect(root.attributes.count == 32)
    #expect(root.attributes["a31"] == ">/=<31\(fakes)")
    #expect(root.children.count == 1)
    // Declarations in comments, CDATA and text are not declarations.
    let fake = (0..<100).map { " xmlns:p\($0)=\"u\" a\($0)=\"1\"" }.joined()
    let hidden = try parse("<r><!-- <x\(fake)> --><![CDATA[<x\(fake)>]]>\(fake)</r>")
    #expect(hidden.text.hasSuffix("a99=\"1\""))
  }

  @Test func aShadowedPrefixResolvesToTheInnermostDeclarationInForce() throws {
    let root = try parse(
      """
      <r xmlns:p="urn:outer" p:a="1"><s xmlns:p="urn:inner" p:a="2"><t p:a="3"/></s>\
      <u p:a="4"/></r>
      """)
    #expect(root.attributes["{urn:outer}a"] == "1")
    let inner = try #require(root.children.first)
    #expect(inner.attributes["{urn:inner}a"] == "2")
    #expect(inner.children.first?.attributes["{urn:inner}a"] == "3")
    #expect(root.children.last?.attributes["{urn:outer}a"] == "4")
  }

  @Test func clientBodiesAreWithinTheLimits() throws {
    for body in [
      ClientBodies.appleListCalendars, ClientBodies.appleMkcalendar,
      ClientBodies.appleExtendedMkcol, ClientBodies.appleProppatch, ClientBodies.appleMultiget,
      ClientBodies.appleExpandProperty, ClientBodies.davx5Multiget,
      ClientBodies.davx5CalendarQuery, ClientBodies.thunderbirdCalendarQuery,
      ClientBodies.caldavMultiget, ClientBodies.caldavMkcalendar,
    ] {
      #expect(refusal(body) == nil, "\(body.prefix(80))")
    }
  }

  @Test func whatTheServerWritesReadsBackWithItsOwnLimits() throws {
    // 200 properties in 200 namespaces, each declared where it is used: within the limits.
    let body =
      "<r>" + (0..<200).map { "<p\($0) xmlns=\"urn:n\($0)\"/>" }.joined() + "</r>"
    let root = try parse(body)
    // Written back (as a dead property is stored), all 200 are declared on the root.
    let written = Array(root.xml().utf8)
    #expect(throws: WebDAVError.self) { try SafeXMLParser.parse(written) }
    #expect(try SafeXMLParser.parse(written, limits: .written) == root)
  }
}
