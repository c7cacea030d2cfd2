import ChecklistsCore
import ChecklistsInterop
import Foundation
import Testing

/// Inputs the fuzz targets in `Fuzzing/` found crashing a reader, kept in
/// `Fuzzing/Crashes/<target>/`: each must now fail with a clean, readable error.
@Suite struct FuzzRegressionTests {
  /// Every file in `Fuzzing/Crashes/<target>/`, found by walking up from this source file.
  static func crashes(_ target: String) -> [URL] {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/" {
      let crashes = folder.appendingPathComponent("Fuzzing/Crashes/\(target)", isDirectory: true)
      if let names = try? FileManager.default.contentsOfDirectory(atPath: crashes.path) {
        return names.sorted().map { crashes.appendingPathComponent($0) }
      }
      folder = folder.deletingLastPathComponent()
    }
    return []
  }

  static let plistCrashes =
    crashes("IOSChecklistsPlist") + crashes("ChecklistsFile") + crashes("KeyedArchive")
    + crashes("ShoppingListItemsFile")

  @Test func crashingInputsAreKept() {
    #expect(Self.plistCrashes.count >= 5)
  }

  /// Foundation on Linux crashed the process bridging a set in a binary property list.
  @Test(arguments: plistCrashes)
  func binaryPlistWithASetIsRefused(file: URL) throws {
    let data = try Data(contentsOf: file)
    for read in [
      { _ = try IOSChecklistsPlist.decode(data) }, { _ = try ChecklistsFile.read(data) },
      { _ = try ShoppingListItemsFile.decode(data) },
    ] as [() throws -> Void] {
      expectUnreadable(["binary property list that holds a set", "never write"]) {
        try read()
      }
    }
  }
}
