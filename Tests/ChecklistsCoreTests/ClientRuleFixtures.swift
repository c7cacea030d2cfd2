import ChecklistsCore
import Foundation

/// The cases of the rules the web app repeats while an edit is unsent, each with the value the
/// Swift rule gives: written to `Tests/js/fixtures/rules.json`, which the JavaScript tests
/// read (`Tests/js/rules.test.mjs`), so a rule changed on one side fails a test on the other.
///
/// Values, never formatted text: amounts as minor units and decimal strings, orders as ids.
struct ClientRuleFixtures: Codable, Equatable {
  var about: String
  var subtitles: [Subtitle]
  var searchFolds: [Fold]
  var texts: [Text]
  var sameNames: [SameName]
  var catalogueOrders: [Order]
  var listOrders: [Order]
  var shopOrders: [ShopOrder]
  var totals: [Totals]
  var prices: [ParsedPrice]
  var subtaskGroups: [SubtaskGroup]
  var priorityMarks: [PriorityMarks]
  var draggedSections: [DraggedSections]

  /// `Checklist.subtitle` for a list's counts.
  struct Subtitle: Codable, Equatable {
    var itemCount: Int
    var remainingCount: Int
    var expected: String
  }

  /// `ShoppingItem.searchKey`: compared as canonically equivalent strings.
  struct Fold: Codable, Equatable {
    var text: String
    var expected: String
  }

  /// A validated name or text: the trimmed value, or the error message. `kind` is the web
  /// app's `LIMITS` key.
  struct Text: Codable, Equatable {
    var kind: String
    var text: String
    var value: String?
    var error: String?
  }

  /// `Checklist.namesMatch`: whether two list names count as one name.
  struct SameName: Codable, Equatable {
    var a: String
    var b: String
    var expected: Bool
  }

  /// Rows to sort (in the order given) and the ids in the order the rule puts them.
  struct Order: Codable, Equatable {
    var rows: [Row]
    var expected: [String]

    struct Row: Codable, Equatable {
      var id: String
      var name: String
      var createdAt: String?
    }
  }

  /// Lines of a shopping list (in the order given) with a shop (or none), and the item ids in
  /// shopping order (`ShoppingListContents.lines`).
  struct ShopOrder: Codable, Equatable {
    var shop: Shop?
    var lines: [Line]
    var expected: [String]

    struct Shop: Codable, Equatable {
      var sections: [Section]
      var itemRanks: [String: Double]
    }

    struct Section: Codable, Equatable {
      var category: String
      var rank: Double
    }

    struct Line: Codable, Equatable {
      var id: String
      var name: String
      var category: String?
      var inCart: Bool
    }
  }

  /// An amount of money as the API sends it, without the locale's formatting.
  struct Money: Codable, Equatable {
    var minorUnits: Int64
    var currency: String
    var amount: String

    init(_ price: Price) {
      minorUnits = price.minorUnits
      currency = price.currency.code
      amount = price.decimalString
    }
  }

  /// `ShoppingTotals` for some lines, and each line's cost (`ShoppingLine.cost`).
  struct Totals: Codable, Equatable {
    var lines: [Line]
    var total: [Money]
    var inCart: [Money]
    var unpricedCount: Int
    var costs: [Money?]

    struct Line: Codable, Equatable {
      var price: Money?
      var quantity: Int
      var inCart: Bool
    }
  }

  /// `PriceParser.parse` in a locale with a default currency: the price, or nil when refused.
  struct ParsedPrice: Codable, Equatable {
    var text: String
    var locale: String
    var currency: String
    var expected: Money?
  }

  /// `groupedBySubtasks`: items (id and parent) in list order, and the ids as shown.
  struct SubtaskGroup: Codable, Equatable {
    var items: [Item]
    var expected: [String]

    struct Item: Codable, Equatable {
      var id: String
      var parentID: String?
    }
  }

  /// `ItemPriority.marks`.
  struct PriorityMarks: Codable, Equatable {
    var priority: String
    var expected: String
  }

  /// `AisleOrder.dragged`: the ranks a shop's sections get when dragged into an order.
  struct DraggedSections: Codable, Equatable {
    var categories: [String]
    var expected: [Section]

    struct Section: Codable, Equatable {
      var category: String
      var rank: Double
    }
  }
}
