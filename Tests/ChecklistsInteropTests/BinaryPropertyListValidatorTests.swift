import ChecklistsCore
import Foundation
import Testing

@testable import ChecklistsInterop

/// The structural check that every binary property list passes before Foundation reads it:
/// each malformed shape is refused with a clean error, every file the apps write is accepted.
@Suite struct BinaryPropertyListValidatorTests {
  /// A binary property list of `objects` (each its marker and contents), with the trailer's
  /// fields given or derived, and `edit` applied to the finished bytes.
  static func bplist(
    _ objects: [[UInt8]], top: UInt64 = 0, offsetSize: UInt8 = 1, referenceSize: UInt8 = 1,
    count: UInt64? = nil, offsets: [Int]? = nil, edit: (inout [UInt8]) -> Void = { _ in }
  ) -> Data {
    var bytes = Array("bplist00".utf8)
    var starts: [Int] = []
    for object in objects {
      starts.append(bytes.count)
      bytes += object
    }
    let table = bytes.count
    for start in offsets ?? starts {
      bytes += (0..<Int(offsetSize)).reversed().map { UInt8(truncatingIfNeeded: start >> (8 * $0)) }
    }
    bytes += [0, 0, 0, 0, 0, 0, offsetSize, referenceSize]
    for field in [count ?? UInt64(objects.count), top, UInt64(table)] {
      bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: field >> (8 * UInt64($0))) }
    }
    edit(&bytes)
    return Data(bytes)
  }

  /// `["a"]`: an array holding object 1, the one-letter ASCII string.
  static let valid = bplist([[0xA1, 0x01], [0x51, 0x61]])

  /// Malformed shapes, each with what is wrong.
  static let malformed: [(String, Data)] = [
    ("the fuzzers' 11 bytes", Data("bplist00".utf8) + Data([0xD1, 0x01, 0x02])),
    ("only a header and a trailer", Data(valid.prefix(8) + valid.suffix(32))),
    ("offsets of 0 bytes", bplist([[0x08]]) { $0[$0.count - 26] = 0 }),
    ("references of 9 bytes", bplist([[0x08]], referenceSize: 9)),
    ("no objects", bplist([[0x08]], count: 0)),
    ("the top object past the count", bplist([[0x08]], top: 1)),
    ("more objects than the table holds", bplist([[0x08]], count: 2)),
    ("a table that starts in the header", bplist([[0x08]]) { $0[$0.count - 1] = 4 }),
    ("a table that starts past the trailer", bplist([[0x08]]) { $0[$0.count - 1] = 200 }),
    ("an offset past the objects", bplist([[0x08]], offsets: [9])),
    ("an offset inside the header", bplist([[0x08]], offsets: [3])),
    ("references too narrow for the count", bplist(Array(repeating: [0x08], count: 256))),
    ("the fill byte", bplist([[0x0F]])),
    ("an unknown marker", bplist([[0x70]])),
    ("a 32-byte integer", bplist([[0x15] + Array(repeating: 0, count: 32)])),
    ("an integer cut short", bplist([[0x13, 0, 0, 0]])),
    ("a 2-byte real", bplist([[0x21, 0, 0]])),
    ("a real cut short", bplist([[0x23, 0, 0, 0, 0]])),
    ("a date of 4 bytes", bplist([[0x32, 0, 0, 0, 0]])),
    ("data longer than the file", bplist([[0x4E, 1, 2]])),
    ("a long length that is no integer", bplist([[0x4F, 0x51, 1, 2]])),
    ("a long length past the file", bplist([[0x4F, 0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]])),
    ("an ASCII string cut short", bplist([[0x55, 0x61, 0x62]])),
    ("a UTF-16 string cut short", bplist([[0x62, 0x00, 0x61, 0x00]])),
    ("a UID wider than 32 bits", bplist([[0x84, 1, 0, 0, 0, 0]])),
    ("a UID cut short", bplist([[0x83, 1, 0]])),
    ("an array with a reference past the count", bplist([[0xA1, 0x05]])),
    ("an array cut short", bplist([[0xA3, 0x01], [0x08]])),
    ("a dictionary cut short", bplist([[0xD1, 0x01], [0x51, 0x61]])),
    ("an array holding itself", bplist([[0xA1, 0x00]])),
    ("two arrays holding each other", bplist([[0xA1, 0x01], [0xA1, 0x00]])),
    (
      "a cycle through two table entries for one object",
      bplist([[0xA1, 0x01]], count: 2, offsets: [8, 8])
    ),
    ("a dictionary with an array as a key", bplist([[0xD1, 0x01, 0x02], [0xA0], [0x08]])),
    ("arrays nested 300 deep", nested(300)),
  ]

  @Test(arguments: malformed.map(\.0))
  func refusesMalformedShape(shape: String) throws {
    let data = try #require(Self.malformed.first { $0.0 == shape }?.1)
    #expect(BinaryPropertyListValidator.refusal(data) != nil, "accepted \(Array(data))")
    expectUnreadable(["damaged or truncated", "binary property list"]) {
      try IOSChecklistsPlist.decode(data)
    }
    expectUnreadable(["damaged or truncated"]) { try ChecklistsFile.read(data) }
  }

  @Test func refusesASet() {
    let data = Self.bplist([[0xA1, 0x01], [0xC1, 0x02], [0x08]])
    #expect(BinaryPropertyListValidator.refusal(data) == .holdsSet)
    expectUnreadable(["holds a set"]) { try IOSChecklistsPlist.decode(data) }
  }

  @Test(arguments: FuzzRegressionTests.plistCrashes)
  func refusesTheCrashInputs(file: URL) throws {
    #expect(BinaryPropertyListValidator.refusal(try Data(contentsOf: file)) == .holdsSet)
  }

  @Test func acceptsEachKindOfObject() throws {
    let list: [UInt8] = [0xAF, 0x10, 0x0C, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    let objects: [[UInt8]] = [
      list,
      [0x00], [0x08], [0x09], [0x10, 7], [0x13, 0, 0, 0, 0, 0, 0, 0, 9],
      [0x22, 0x3F, 0x80, 0, 0], [0x33, 0x41, 0xC0, 0, 0, 0, 0, 0, 0],
      [0x42, 1, 2], [0x53, 0x61, 0x62, 0x63], [0x61, 0x00, 0xE9], [0x80, 3],
      [0xD1, 0x09, 0x01],
    ]
    let data = Self.bplist(objects)
    #expect(BinaryPropertyListValidator.refusal(data) == nil)
    let parsed = try #require(
      try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [Any])
    #expect(parsed.count == 12)
  }

  /// Sixty arrays each holding the next one twice: 2^60 paths, but each array is walked once.
  @Test func walksSharedObjectsOnce() {
    var chain: [[UInt8]] = []
    for index in UInt8(1)...60 { chain.append([0xA2, index, index]) }
    chain.append([0x08])
    #expect(BinaryPropertyListValidator.refusal(Self.bplist(chain)) == nil)
  }

  @Test func acceptsNestingUpToTheBound() {
    #expect(BinaryPropertyListValidator.refusal(Self.nested(255)) == nil)
    #expect(BinaryPropertyListValidator.refusal(Self.nested(256)) != nil)
  }

  /// `depth` arrays, each holding the next, around `true` (so `depth + 1` levels).
  static func nested(_ depth: Int) -> Data {
    var objects: [[UInt8]] = []
    for index in 1...depth {
      let next = UInt16(index)
      objects.append([0xA1, UInt8(next >> 8), UInt8(next & 0xFF)])
    }
    objects.append([0x09])
    return bplist(objects, offsetSize: 2, referenceSize: 2)
  }

  /// Every file in `Fuzzing/Corpus/*/`, found by walking up from this source file.
  static func corpora() -> [URL] {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let files = FileManager.default
    while folder.path != "/" {
      let corpus = folder.appendingPathComponent("Fuzzing/Corpus", isDirectory: true)
      if let targets = try? files.contentsOfDirectory(atPath: corpus.path) {
        return targets.sorted().flatMap { target in
          let inner = corpus.appendingPathComponent(target, isDirectory: true)
          return ((try? files.contentsOfDirectory(atPath: inner.path)) ?? []).sorted().map {
            inner.appendingPathComponent($0)
          }
        }
      }
      folder = folder.deletingLastPathComponent()
    }
    return []
  }

  /// The apps' files, what the test suites build with Foundation, and every binary file in the
  /// fuzz corpora that Foundation reads (except sets): the validator must accept each.
  @Test func acceptsEveryFileFoundationReads() throws {
    var files = [try Fixtures.binaryPlist(), try Fixtures.data("items")]
    files.append(try PlistMaker.serialize(["name": "Groceries", "items": [1, 2.5, true, Date()]]))
    files.append(try PlistMaker.serialize(["ü": Data([1, 2]), "x": "Grüße 🎉", "u": [String]()]))
    files += Self.corpora().compactMap { try? Data(contentsOf: $0) }
    var accepted = 0
    for data in files where data.starts(with: Array("bplist00".utf8)) {
      let refusal = BinaryPropertyListValidator.refusal(data)
      var format = PropertyListSerialization.PropertyListFormat.binary
      // Foundation reads what it cannot read as binary in the old text format, as a string.
      let parsed =
        (try? PropertyListSerialization.propertyList(from: data, options: [], format: &format))
        .flatMap { format == .binary ? $0 : nil }
      if refusal == nil {
        #expect(parsed != nil, "accepted a file Foundation refuses: \(Array(data))")
        accepted += 1
      } else if refusal != .holdsSet {
        #expect(parsed == nil, "refused \(refusal!) a file Foundation reads: \(Array(data))")
      }
    }
    #expect(accepted > 100)
  }

  /// The XML fixture and every XML file in the fuzz corpora: what `XMLPropertyListPrecheck`
  /// passes, `PropertyListSerialization` must read. The precheck is stricter than Foundation
  /// on a few damaged declarations the fuzzers made (`<?xml?><false/>`), never on the apps' files.
  @Test func xmlPrecheckPassesOnlyWhatFoundationReads() throws {
    #expect(XMLPropertyListPrecheck.parses(try Fixtures.xmlPlist()))
    var passed = 0
    for data in Self.corpora().compactMap({ try? Data(contentsOf: $0) }) {
      guard ChecklistsFileFormat.detect(data) == .iosPlist,
        !data.starts(with: Array("bplist00".utf8))
      else { continue }
      var format = PropertyListSerialization.PropertyListFormat.xml
      let parsed =
        (try? PropertyListSerialization.propertyList(from: data, options: [], format: &format))
        .flatMap { format == .xml ? $0 : nil }
      if XMLPropertyListPrecheck.parses(data) {
        #expect(parsed != nil, "Foundation refuses: \(String(decoding: data, as: UTF8.self))")
        passed += 1
      }
    }
    #expect(passed > 20)
  }

  /// `depth` nested arrays in an XML property list.
  static func nestedXML(_ depth: Int) -> Data {
    Data(
      ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">"
        + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
        + "</plist>\n").utf8)
  }

  /// `PropertyListDecoder` overflowed the stack (crashing the process) on 10,000 nested arrays.
  @Test func deeplyNestedXMLIsRefusedCleanly() {
    #expect(XMLPropertyListPrecheck.parses(Self.nestedXML(256)))
    #expect(!XMLPropertyListPrecheck.parses(Self.nestedXML(257)))
    expectUnreadable(["damaged or truncated", "XML property list"]) {
      try IOSChecklistsPlist.decode(Self.nestedXML(100_000))
    }
  }
}
