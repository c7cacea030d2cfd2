// Fuzzes the reader of the iPhone app's Checklists.plist (binary, XML or keyed archive).
import ChecklistsInterop
import Foundation
import LibFuzzerDriver

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  _ = try? IOSChecklistsPlist.decode(Data(bytes: data, count: size))
  return 0
}

// SwiftPM links `main` to `<module>_main`: start libFuzzer from there.
@_cdecl("fuzz_IOSChecklistsPlist_main")
public func start(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt
{
  checklists_fuzz_main(argc, argv)
}
