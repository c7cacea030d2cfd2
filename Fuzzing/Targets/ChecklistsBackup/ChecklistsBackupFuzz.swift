// Fuzzes the JSON backup reader; what it accepts must also write back and read again.
import ChecklistsInterop
import Foundation
import LibFuzzerDriver

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard let lists = try? ChecklistsBackup.decode(Data(bytes: data, count: size)) else { return 0 }
  let written = try? ChecklistsBackup.encode(lists, exportedAt: Date(timeIntervalSince1970: 0))
  precondition(written != nil, "an accepted backup could not be written back")
  precondition((try? ChecklistsBackup.decode(written!)) != nil, "a written backup did not read")
  return 0
}

// SwiftPM links `main` to `<module>_main`: start libFuzzer from there.
@_cdecl("fuzz_ChecklistsBackup_main")
public func start(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt
{
  checklists_fuzz_main(argc, argv)
}
