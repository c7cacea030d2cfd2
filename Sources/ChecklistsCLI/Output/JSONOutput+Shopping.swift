import ChecklistsCore
import ChecklistsInterop
import Foundation

/// The envelopes `checklists shop --json` prints around the shapes the HTTP API shares
/// (ChecklistsInterop's ShoppingJSON); docs/CLI-JSON.md describes them.
extension JSONOutput {
  /// `shop lists`.
  struct ShoppingLists: Encodable { var lists: [ShoppingListJSON] }

  /// `shop shops`: the shops by name, as `GET /api/v1/shops` answers.
  struct Shops: Encodable { var shops: [ShopJSON] }

  /// `shop items`: the catalogue, or what a search found, with the list the ✓ refer to.
  struct Catalogue: Encodable {
    var currency: String
    var list: ShoppingListJSON?
    var items: [CatalogueItem]

    enum CodingKeys: String, CodingKey { case currency, list, items }

    /// Writes `list` as `null` when there is no shopping list.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(currency, forKey: .currency)
      try container.encode(list, forKey: .list)
      try container.encode(items, forKey: .items)
    }
  }

  /// A catalogue item with `onList`: the Items screen's green check.
  struct CatalogueItem: Encodable {
    var item: ShoppingItemJSON
    var onList: Bool

    enum CodingKeys: String, CodingKey { case onList }

    /// The item's own keys, then `onList` beside them.
    func encode(to encoder: any Encoder) throws {
      try item.encode(to: encoder)
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(onList, forKey: .onList)
    }
  }

  /// `shop item delete`, as the API's DELETE answers.
  struct DeletedItem: Encodable {
    var item: ShoppingItemJSON
    var removedFromLists: Int
  }

  /// `shop list delete`: the list as it was.
  struct DeletedList: Encodable { var list: ShoppingListJSON }

  /// One name of `shop add`: its line, whether the item is new to the catalogue, and whether
  /// it was already on the list.
  struct AddedLine: Encodable {
    var line: ShoppingLineJSON
    var createdItem: Bool
    var wasOnList: Bool
  }

  /// `shop add`.
  struct Added: Encodable {
    var added: [AddedLine]
    var contents: ShoppingListContentsJSON
  }

  /// `shop check`, `uncheck` and `quantity`: the changed lines and the list after the change.
  struct ChangedLines: Encodable {
    var changed: [ShoppingLineJSON]
    var contents: ShoppingListContentsJSON
  }

  /// `shop remove`: the items taken off, and the list after.
  struct RemovedLines: Encodable {
    var removed: [ShoppingItemJSON]
    var contents: ShoppingListContentsJSON
  }

  /// `shop finish`, as the API's finish answers.
  struct Finished: Encodable {
    var cleared: Int
    var contents: ShoppingListContentsJSON
  }

  /// `import items`: the API's import report and the list items were put on.
  struct ItemsImported: Encodable {
    var added: Int
    var updated: Int
    var putOnList: Int
    var skippedWithoutName: Int
    var list: ShoppingListJSON
  }
}

extension ShoppingListContentsJSON {
  /// The contents as the CLI prints them: lines numbered as `checklists shop` shows them,
  /// prices also `formatted` for `locale`.
  init(cli contents: ShoppingListContents, locale: Locale) {
    self.init(contents, numbered: true, locale: locale)
  }

  /// The line of `itemID`, numbered as in the contents.
  func line(for itemID: UUID) -> ShoppingLineJSON? {
    lines.first { $0.item.id == itemID }
  }
}
