// Fuzzes the property-list reader both iPhone-app importers start with: any bytes must give a
// property list or a thrown error, never a crash or a hang.
import ChecklistsCore
import Foundation
import LibFuzzerDriver

@testable import ChecklistsInterop

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  _ = try? AppPropertyList.parse(bytes) { ChecklistsError(.unreadableFile, $0) }
  return 0
}

// SwiftPM links `main` to `<module>_main`: start libFuzzer from there.
@_cdecl("fuzz_AppPropertyList_main")
public func start(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt
{
  checklists_fuzz_main(argc, argv)
}
