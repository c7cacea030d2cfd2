import Foundation
import Testing

@testable import WebDAV

/// FoundationXML on Linux leaks about 80 bytes for every error libxml2 reports, and libxml2
/// reports every undeclared namespace prefix and carries on: a body of 100 undeclared prefixes
/// leaked 9 KB, so bad bodies grew the server. SafeXMLParser stops at the first error, which
/// leaves the 80 bytes of that one (1.6 MB per 20,000 refused bodies).
///
/// Tests run in parallel in one process, so the resident size only means something when this
/// suite runs alone: `CHECKLISTS_MEASURE_MEMORY=1 swift test --skip-build --filter
/// RefusedXMLMemoryTests`.
@Suite(
  .serialized,
  .enabled(if: ProcessInfo.processInfo.environment["CHECKLISTS_MEASURE_MEMORY"] == "1"))
struct RefusedXMLMemoryTests {
  /// The resident set size of this process, from `/proc/self/statm`.
  static func residentBytes() throws -> Int {
    let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
    let pages = try #require(Int(statm.split(separator: " ")[1]))
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// Parses `body` `rounds` times, each refused; how much the process grew, in bytes.
  static func growth(refusing body: String, rounds: Int) throws -> Int {
    let bytes = Array(body.utf8)
    for _ in 0..<1_000 { _ = try? SafeXMLParser.parse(bytes) }
    let before = try residentBytes()
    for _ in 0..<rounds {
      #expect(throws: WebDAVError.self) { try SafeXMLParser.parse(bytes) }
    }
    return try residentBytes() - before
  }

  @Test func refusingBodiesWithManyErrorsDoesNotGrowMemory() throws {
    let body = "<a>" + String(repeating: "<p:b/>", count: 100) + "</a>"
    let grown = try Self.growth(refusing: body, rounds: 20_000)
    print(
      "Refusing 20000 bodies of 100 undeclared prefixes grew the process by \(grown / 1024) KB.")
    // Letting libxml2 report all of them grew it by 186 MB.
    #expect(grown < 4 << 20, "grew by \(grown / 1024) KB")
  }

  @Test func validBodiesDoNotGrowMemory() throws {
    let bytes = Array(ClientBodies.appleListCalendars.utf8)
    for _ in 0..<1_000 { _ = try SafeXMLParser.parse(bytes) }
    let before = try Self.residentBytes()
    for _ in 0..<20_000 { _ = try SafeXMLParser.parse(bytes) }
    let grown = try Self.residentBytes() - before
    #expect(grown < 2 << 20, "grew by \(grown / 1024) KB")
  }
}
