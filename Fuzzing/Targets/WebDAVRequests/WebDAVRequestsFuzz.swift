// Fuzzes WebDAV's XML: SafeXMLParser's limits and refusals, every request parser (PROPFIND,
// PROPPATCH, MKCALENDAR/MKCOL, the three REPORTs with calendar-query's filter grammar), and the
// writers: an accepted body must write back (as a dead property and inside a multistatus) and
// read again to the same elements.
import Foundation
import LibFuzzerDriver

@testable import WebDAV

// What the server wrote reads back with the limits for its own XML (every namespace declared on
// the root), and more bytes.
private let roomy = {
  var limits = SafeXMLParser.Limits.written
  limits.maxBytes = 1 << 24
  return limits
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let body = Array(UnsafeBufferPointer(start: data, count: size))
  _ = try? PropfindRequest.parse(body)
  _ = try? ProppatchRequest.parse(body)
  _ = try? MkcalendarRequest.parse(body)
  if case .calendarQuery(let query)? = try? ReportRequest.parse(body) {
    // Text matches under each collation, against the body's own text.
    let text = String(decoding: body.prefix(256), as: UTF8.self)
    var filters = [query.filter]
    while let filter = filters.popLast() {
      filters += filter.compFilters
      for prop in filter.propFilters {
        _ = prop.textMatch?.matches(text)
        for param in prop.paramFilters { _ = param.textMatch?.matches(text) }
      }
    }
  }
  _ = Depth(header: String(decoding: body.prefix(16), as: UTF8.self))
  guard let root = try? SafeXMLParser.parse(body) else { return 0 }
  // Stored as a dead property and read back: the same element.
  let stored = root.xml()
  guard let again = try? SafeXMLParser.parse(Array(stored.utf8), limits: roomy) else {
    fatalError("An accepted body wrote XML that does not parse: \(stored)")
  }
  precondition(again == root, "An accepted body did not read back the same: \(stored)")
  // Given back in a multistatus: the same property inside d:prop.
  let answer = MultiStatus(
    responses: [.init(href: "/a", found: [root], notFound: [root.name])], syncToken: "t"
  ).xml()
  guard let status = try? SafeXMLParser.parse(Array(answer.utf8), limits: roomy),
    let prop = status.child(.dav("response"))?.child(.dav("propstat"))?.child(.dav("prop"))
  else { fatalError("A multistatus holding an accepted body does not parse: \(answer)") }
  precondition(prop.children == [root], "A multistatus changed the property: \(answer)")
  return 0
}

// SwiftPM links `main` to `<module>_main`: start libFuzzer from there.
@_cdecl("fuzz_WebDAVRequests_main")
public func start(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt
{
  checklists_fuzz_main(argc, argv)
}
