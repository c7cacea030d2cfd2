import ArgumentParsing
import ChecklistsCore
import ChecklistsStore
import Foundation

/// The arguments several `shop` commands share, and how they are read.
enum ShoppingArguments {
  /// `--list <list>`: which shopping list an entry command works on.
  static let listOption = Option(
    "list", short: "l", valueName: "list",
    help: "The shopping list, by name or number (default: 'Shopping List', else the first).",
    completion: .custom(NameCompletion.shoppingLists))

  /// `<list>`: a shopping list, by name or number; shells complete the names.
  static let list = Positional(
    "list", help: "The shopping list, by name or number.",
    completion: .custom(NameCompletion.shoppingLists))

  /// `--quantity <n>`, read as a whole number (the service checks its range).
  static let quantityOption = Option(
    "quantity", short: "q", valueName: "n",
    help: "How many to buy, 1 to \(ShoppingEntry.maximumQuantity).", transform: quantity)

  /// The list named by `reference`, or the default one: the list called "Shopping List"
  /// (ignoring case), else the first by name.
  /// - Throws: `notFound` for an unknown name, or when there is no shopping list at all.
  static func list(_ reference: String?, in shopping: ShoppingService) throws -> ShoppingList {
    if let reference { return try shopping.findList(reference) }
    guard let list = try defaultList(in: shopping) else {
      throw ChecklistsError(.notFound, words.text("cli.shop.noLists"))
    }
    return list
  }

  /// The list commands use when none is named; `nil` when there are none.
  static func defaultList(in shopping: ShoppingService) throws -> ShoppingList? {
    try shopping.defaultList()
  }

  /// Reads a count typed on the command line; the service checks its range.
  /// - Throws: `UsageError` for text that is not a whole number.
  static func quantity(_ text: String) throws -> Int {
    guard let number = Int(text.trimmingCharacters(in: .whitespaces)) else {
      throw UsageError(
        words.text(
          "cli.shop.badQuantity",
          ["maximum": String(ShoppingEntry.maximumQuantity), "value": text]))
    }
    return number
  }

  /// Reads a price as typed, with a message that names what was typed when it is refused.
  /// - Throws: `invalidInput` for a negative, non-numeric or absurdly large price.
  static func price(_ text: String, parser: PriceParser) throws -> Price {
    do {
      return try parser.parse(text)
    } catch let error as ChecklistsError {
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !trimmed.isEmpty, !error.message.contains("'\(trimmed)'") else { throw error }
      // "A price cannot be negative." alone would not say which price was meant.
      let reason = error.message.prefix(1).lowercased() + error.message.dropFirst()
      throw ChecklistsError(
        error.code, words.text("cli.shop.badPrice", ["value": trimmed, "reason": String(reason)]))
    }
  }
}

/// How a person names a line of a shopping list: the item's name (ignoring case), else the
/// line's number as `checklists shop` shows it, else the start of a name only one line has.
///
/// The lines of the list, not the whole catalogue, are searched, so "mil" finds Milk on the
/// list even when the catalogue also has Milk chocolate.
enum LineReference {
  /// Finds the line `reference` names.
  /// - Throws: `notFound` (with a hint when the item is in the catalogue but not on the list,
  ///   or a "Did you mean" for a close name) or `ambiguous`.
  static func resolve(
    _ reference: String, in contents: ShoppingListContents, shopping: ShoppingService
  ) throws -> ShoppingLine {
    let lines = contents.lines
    let name = contents.list.name
    let trimmed = reference.trimmingCharacters(in: .whitespaces)
    switch NameReference.match(trimmed, in: lines, name: \.item.name) {
    case .found(let line):
      return line
    case .sameName(let same):
      return same[0]  // a list holds an item once; kept total all the same
    case .noSuchNumber(let number):
      throw ChecklistsError(
        .notFound,
        words.text(
          "cli.shop.line.noNumber", ["list": name, "number": String(number)], count: lines.count))
    case .severalStartWith(let matches):
      throw ChecklistsError(
        .ambiguous,
        words.text(
          "cli.shop.line.ambiguous",
          [
            "text": trimmed, "list": name,
            "matches": NameReference.shown(matches, name: \.item.name),
          ], count: matches.count))
    case .none:
      if let item = try? shopping.findItem(trimmed) {
        throw ChecklistsError(
          .notFound,
          words.text(
            "cli.shop.line.notOnList",
            ["item": item.name, "list": name, "quoted": ChecklistService.quoted(item.name)]))
      }
      let hint = NameSuggestion.closest(to: trimmed, in: lines.map(\.item.name))
      throw ChecklistsError(
        .notFound, words.text("cli.shop.line.unknown", ["text": trimmed, "list": name]),
        suggestion: hint.map { words.text("cli.didYouMean", ["name": $0]) })
    }
  }

  /// Resolves every reference before anything changes, so a typo changes nothing.
  static func resolveAll(
    _ references: [String], in contents: ShoppingListContents, shopping: ShoppingService
  ) throws -> [ShoppingLine] {
    var seen = Set<UUID>()
    return try references.map { try resolve($0, in: contents, shopping: shopping) }
      .filter { seen.insert($0.item.id).inserted }
  }
}
