import ChecklistsCalDAV
import Foundation
import ICalendar
import Testing

/// Untrusted bodies: mutated client VTODOs must give fields or a CalDAV error, never a crash,
/// and whatever parses must serialize to text that parses to the same model.
@Suite struct RobustnessTests {
  /// A small deterministic generator (SplitMix64), so a failure can be replayed.
  struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static let pieces: [[UInt8]] = [
    Array("\r\n".utf8), Array("\r\n ".utf8), Array(":".utf8), Array(";".utf8), Array("\"".utf8),
    Array("=".utf8), Array(",".utf8), Array("\\".utf8), Array("BEGIN:VTODO\r\n".utf8),
    Array("END:VTODO\r\n".utf8), Array("END:VCALENDAR\r\n".utf8), Array("ä".utf8), [0xFF], [0x80],
    Array("TZID=Europe/Berlin".utf8), Array("VALUE=DATE".utf8), Array("20251340T000000Z".utf8),
  ]

  @Test(arguments: FixtureRoundTripTests.names)
  func mutatedBodiesNeverCrash(name: String) throws {
    let original = Array(try fixture(name).utf8)
    var random = SplitMix(state: UInt64(name.utf8.count) &* 7919)
    for _ in 0..<200 {
      var bytes = original
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let at = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes.remove(at: at)
        case 1: bytes.insert(contentsOf: Self.pieces.randomElement(using: &random)!, at: at)
        default:
          bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &random)))
        }
        if bytes.isEmpty { bytes = original }
      }
      let text = String(decoding: bytes, as: UTF8.self)
      if let calendar = try? ICalendar.parse(text) {
        #expect(try ICalendar.parse(ICalendar.serialize(calendar)) == calendar)
      }
      if let fields = try? TodoMapping.read(text) {
        let written = TodoMapping.write(fields, stored: text, now: now)
        #expect(try TodoMapping.read(written) == fields)
      }
      _ = try? ShoppingLineMapping.read(text)
    }
  }
}
