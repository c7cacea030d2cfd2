// Fuzzes the ISO 8601 timestamp parser of the API and the backup; a date it reads must print
// and read back as the same date.
import ChecklistsInterop
import Foundation
import LibFuzzerDriver

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let date = ISOTimestamp.parse(text) else { return 0 }
  _ = ISOTimestamp.milliseconds(date)
  if let exact = ISOTimestamp.exact(date) {
    precondition(ISOTimestamp.parse(exact) == date, "\(text) printed as \(exact) reads differently")
  }
  return 0
}

// SwiftPM links `main` to `<module>_main`: start libFuzzer from there.
@_cdecl("fuzz_ISOTimestamp_main")
public func start(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt
{
  checklists_fuzz_main(argc, argv)
}
