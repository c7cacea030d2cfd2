import ChecklistsCore
import ChecklistsInterop
import Foundation
import Testing

/// Foundation on Linux leaked about 0.5 KB for every damaged binary property list it refused,
/// so each refused upload grew the server: refusing damaged files must not grow the process.
///
/// Tests run in parallel in one process, so the resident size only means something when this
/// suite runs alone: `CHECKLISTS_MEASURE_MEMORY=1 swift test --skip-build --filter
/// RefusedPlistMemoryTests`. That `BinaryPropertyListValidator` never hands Foundation a file it
/// refuses is checked in every run by `BinaryPropertyListValidatorTests`.
@Suite(
  .serialized,
  .enabled(if: ProcessInfo.processInfo.environment["CHECKLISTS_MEASURE_MEMORY"] == "1"))
struct RefusedPlistMemoryTests {
  /// The resident set size of this process, from `/proc/self/statm`.
  static func residentBytes() throws -> Int {
    let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
    let pages = try #require(Int(statm.split(separator: " ")[1]))
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// Reads `files` in turn, `rounds` files in all, through the public entry point, each refused;
  /// returns how much the process grew, in bytes.
  static func growth(reading files: [Data], rounds: Int) throws -> Int {
    for index in 0..<1_000 { _ = try? ChecklistsFile.read(files[index % files.count]) }
    let before = try residentBytes()
    for index in 0..<rounds {
      #expect(throws: ChecklistsError.self) { try ChecklistsFile.read(files[index % files.count]) }
    }
    return try residentBytes() - before
  }

  @Test func refusingDamagedBinaryPlistsDoesNotGrowMemory() throws {
    let files = [
      Data("bplist00".utf8) + Data([0xD1, 0x01, 0x02]),
      BinaryPropertyListValidatorTests.bplist([[0xA1, 0x05]]),
      try Fixtures.binaryPlist().dropLast(1),
    ]
    let rounds = 40_000
    let grown = try Self.growth(reading: files, rounds: rounds)
    print("Refusing \(rounds) damaged binary plists grew the process by \(grown / 1024) KB.")
    // Foundation refusing them grew it by about 20 MB.
    #expect(grown < 2 << 20, "grew by \(grown / 1024) KB")
  }
}

extension RefusedPlistMemoryTests {
  /// Foundation leaks as much refusing a damaged XML property list (11 MB here).
  @Test func refusingDamagedXMLPlistsDoesNotGrowMemory() throws {
    let xml = try Fixtures.xmlPlist()
    let files = [xml.prefix(100), xml.prefix(1_000), xml.prefix(2_000)].map { Data($0) }
    let grown = try Self.growth(reading: files, rounds: 20_000)
    print("Refusing 20000 damaged XML plists grew the process by \(grown / 1024) KB.")
    #expect(grown < 2 << 20, "grew by \(grown / 1024) KB")
  }
}
