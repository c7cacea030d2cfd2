import ChecklistsCore
import ChecklistsInterop
import Foundation

/// The envelopes `--json` prints around the shared list and item shapes (docs/CLI-JSON.md).
enum JSONOutput {
  struct Lists: Encodable { var checklists: [ChecklistJSON] }
  struct ListWithItems: Encodable {
    var checklist: ChecklistJSON
    var items: [ChecklistItemJSON]
  }
  struct Items: Encodable { var items: [ChecklistItemJSON] }
  struct Icons: Encodable { var icons: [String] }

  /// Pretty-printed JSON with sorted keys, as text.
  static func encode(_ value: some Encodable) throws -> String {
    String(decoding: try ChecklistsJSONEncoding.encode(value, pretty: true), as: UTF8.self)
  }
}
