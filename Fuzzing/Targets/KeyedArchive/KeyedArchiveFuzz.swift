// Fuzzes the keyed-archive (NSKeyedArchiver) walk: every object of any archive, followed through
// its references as the importers do, must resolve or throw, never crash.
import ChecklistsCore
import Foundation
import LibFuzzerDriver

@testable import ChecklistsInterop

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  guard
    let root = try? AppPropertyList.parse(bytes, foreign: { ChecklistsError(.unreadableFile, $0) }),
    let archive = KeyedArchive(propertyList: root)
  else { return 0 }
  // Both readers of keyed archives, then every accessor on every object and top-level entry.
  if let dictionary = KeyedArchive.dictionary(root) {
    _ = try? IOSChecklistsPlist.decodeKeyedArchive(dictionary)
  }
  _ = try? ShoppingListItemsFile.decode(bytes)
  for value in Array(archive.top.values) + archive.objects.prefix(256) {
    _ = try? archive.describe(value)
    _ = try? archive.string(value)
    _ = try? archive.date(value)
    _ = try? archive.bool(value)
    _ = try? archive.className(value)
    if let elements = try? archive.array(value) {
      for element in elements.prefix(64) { _ = try? archive.describe(element) }
    }
    if let fields = try? archive.dictionary(value) {
      for field in fields.values.prefix(64) { _ = try? archive.describe(field) }
    }
  }
  return 0
}

// SwiftPM links `main` to `<module>_main`: start libFuzzer from there.
@_cdecl("fuzz_KeyedArchive_main")
public func start(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt
{
  checklists_fuzz_main(argc, argv)
}
