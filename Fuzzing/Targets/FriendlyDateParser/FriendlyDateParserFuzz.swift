// Fuzzes the command line's date reader (`--due "tomorrow 9:00"`) in a zone with daylight saving
// and in UTC; the first byte picks the zone and the starting moment.
import ChecklistsCLI
import Foundation
import LibFuzzerDriver

private let zones = [
  TimeZone(identifier: "Europe/Berlin")!, TimeZone(identifier: "UTC")!,
  TimeZone(identifier: "Pacific/Kiritimati")!, TimeZone(identifier: "America/St_Johns")!,
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
  // 2026-03-28 12:00 UTC, a day before Berlin's clocks go forward, plus up to 255 hours.
  let now = Date(timeIntervalSince1970: 1_774_699_200 + Double(data[0]) * 3600)
  let parser = FriendlyDateParser(now: now, timeZone: zones[Int(data[0]) % zones.count])
  _ = try? parser.parse(text)
  return 0
}

// SwiftPM links `main` to `<module>_main`: start libFuzzer from there.
@_cdecl("fuzz_FriendlyDateParser_main")
public func start(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt
{
  checklists_fuzz_main(argc, argv)
}
