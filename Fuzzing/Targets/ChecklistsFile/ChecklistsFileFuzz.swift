// Fuzzes what `checklists import` and the import route read: format detection, then the plist or
// JSON reader it picks.
import ChecklistsInterop
import Foundation
import LibFuzzerDriver

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  _ = try? ChecklistsFile.read(Data(bytes: data, count: size))
  return 0
}

// SwiftPM links `main` to `<module>_main`: start libFuzzer from there.
@_cdecl("fuzz_ChecklistsFile_main")
public func start(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt
{
  checklists_fuzz_main(argc, argv)
}
