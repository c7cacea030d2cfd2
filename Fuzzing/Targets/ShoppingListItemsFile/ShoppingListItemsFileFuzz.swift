// Fuzzes the reader of the shopping app's Items file (a keyed archive of items with prices).
import ChecklistsInterop
import Foundation
import LibFuzzerDriver

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  _ = try? ShoppingListItemsFile.decode(Data(bytes: data, count: size))
  return 0
}

// SwiftPM links `main` to `<module>_main`: start libFuzzer from there.
@_cdecl("fuzz_ShoppingListItemsFile_main")
public func start(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt
{
  checklists_fuzz_main(argc, argv)
}
