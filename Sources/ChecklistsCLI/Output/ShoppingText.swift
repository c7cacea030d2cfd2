import ChecklistsCore
import Foundation

/// The human output of `checklists shop`: a list's lines with their costs and totals, the
/// shopping lists, and the catalogue in alphabetical sections.
struct ShoppingText {
  /// Where the person is, for how amounts look ("€1.99", "1,99 €").
  let locale: Locale
  /// Whether to strike through what is in the cart with terminal escapes.
  let strikesThrough: Bool

  // MARK: - A list

  /// The list's title, what is still to get, "In the cart", and the totals.
  func contents(_ contents: ShoppingListContents) -> String {
    var output = [
      "\(contents.list.name) — \(status(contents.list))"
        + (contents.shop.map { words.text("cli.shop.list.inShop", ["shop": $0.name]) } ?? "")
    ]
    guard !contents.lines.isEmpty else {
      output.append(words.text("cli.shop.list.empty"))
      return output.joined(separator: "\n")
    }
    let rows = contents.lines.enumerated().map { offset, line in
      (number: String(offset + 1), line: line, amount: amount(line), cost: cost(line))
    }
    let numberWidth = rows.map(\.number.count).max() ?? 1
    let nameWidth = min(rows.map(\.line.item.name.count).max() ?? 0, 40)
    let amountWidth = rows.map(\.amount.count).max() ?? 0
    let costWidth = rows.map(\.cost.count).max() ?? 0
    var shownCartHeading = false
    // Headings by aisle, in the shop's order, once any line has a category.
    let sections = contents.sectionsToGet.sections
    let headings =
      sections.contains { $0.category != nil }
      ? Dictionary(
        sections.compactMap { section in section.lines.first.map { ($0.item.id, section.heading) } }
      ) { first, _ in first } : [:]
    for row in rows {
      if !row.line.entry.isInCart, let heading = headings[row.line.item.id] {
        if row.number != "1" { output.append("") }
        output.append(heading)
      }
      if row.line.entry.isInCart && !shownCartHeading {
        if row.number != "1" { output.append("") }
        output.append(words.text("cli.shop.list.inCart"))
        shownCartHeading = true
      }
      let mark = row.line.entry.isInCart ? "√ " : "  "
      var name = row.line.item.name
      let padding = String(repeating: " ", count: max(0, nameWidth - name.count))
      if row.line.entry.isInCart && strikesThrough { name = "\u{1B}[9m\(name)\u{1B}[0m" }
      var text = row.number.leftPadded(to: numberWidth) + "  " + mark + name + padding
      if amountWidth > 0 { text += "  " + row.amount.rightPadded(to: amountWidth) }
      text += "  " + row.cost.leftPadded(to: costWidth)
      output.append(text)
    }
    output.append("")
    output.append(totals(contents.totals))
    return output.joined(separator: "\n")
  }

  /// How many, and how it is sold: "2 × 500 g", "× 3", or nothing for one of something.
  func amount(_ line: ShoppingLine) -> String {
    let quantity = line.entry.quantity
    if let unit = line.item.unit { return "\(quantity) × \(unit)" }
    return quantity > 1 ? "× \(quantity)" : ""
  }

  /// What a line costs, price times quantity, or "no price".
  func cost(_ line: ShoppingLine) -> String {
    line.cost.map(format) ?? words.text("cli.shop.noPrice")
  }

  /// "Total €12.34 · in cart €4.10 · 2 without a price".
  func totals(_ totals: ShoppingTotals) -> String {
    var parts: [String] = []
    if !totals.total.isEmpty {
      let sum = { (amounts: [Price]) in amounts.map(format).joined(separator: " + ") }
      parts.append(words.text("cli.shop.totals.total", ["amount": sum(totals.total)]))
      parts.append(words.text("cli.shop.totals.inCart", ["amount": sum(totals.inCart)]))
    }
    if totals.unpricedCount > 0 {
      parts.append(words.text("cli.shop.totals.unpriced", count: totals.unpricedCount))
    }
    return parts.joined(separator: " · ")
  }

  /// The list's state in words: "3 to get, 1 in the cart", "all in the cart", "empty".
  func status(_ list: ShoppingList) -> String {
    let toGet = list.entryCount - list.inCartCount
    switch (toGet, list.inCartCount) {
    case (0, 0): return words.text("cli.shop.status.empty")
    case (0, _): return words.text("cli.shop.status.allInCart")
    case (_, 0): return words.text("cli.shop.status.toGet", count: toGet)
    default:
      return words.text(
        "cli.shop.status.toGetInCart", ["inCart": String(list.inCartCount)], count: toGet)
    }
  }

  /// One line after a change: "Shopping List: 3 to get, 1 in the cart · Total €5.00 · …".
  func summary(_ contents: ShoppingListContents) -> String {
    let totals = totals(contents.totals)
    return "\(contents.list.name): \(status(contents.list))"
      + (totals.isEmpty ? "" : " · \(totals)")
  }

  // MARK: - Lists

  /// The shopping lists by name, numbered, with what is left to get.
  func lists(_ lists: [ShoppingList]) -> String {
    guard !lists.isEmpty else {
      return words.text("cli.shop.lists.empty")
    }
    let rows = lists.enumerated().map { offset, list in
      ["\(offset + 1)", list.name, status(list)]
    }
    let header = [
      ChecklistText.numberHeading, words.text("cli.shop.lists.heading.list"),
      words.text("cli.shop.lists.heading.status"),
    ]
    return ChecklistText.table(header: header, rows: rows)
  }

  // MARK: - The catalogue

  /// One row of the catalogue as `shop items` shows it.
  struct CatalogueRow {
    var number: Int
    var item: ShoppingItem
    var isOnList: Bool
  }

  /// Rows under their first letters: "B", then "  1    Bread  €3.12", ...
  func catalogue(_ rows: [CatalogueRow], sections: Bool) -> String {
    let numberWidth = rows.map { String($0.number).count }.max() ?? 1
    let nameWidth = min(rows.map(\.item.name.count).max() ?? 0, 40)
    let prices = rows.map { $0.item.price.map(format) ?? words.text("cli.shop.noPrice") }
    let priceWidth = prices.map(\.count).max() ?? 0
    var output: [String] = []
    var section: String?
    for (row, price) in zip(rows, prices) {
      if sections, row.item.sectionTitle != section {
        section = row.item.sectionTitle
        output.append(row.item.sectionTitle)
      }
      var text =
        String(row.number).leftPadded(to: numberWidth) + "  " + (row.isOnList ? "✓ " : "  ")
        + row.item.name.rightPadded(to: nameWidth) + "  " + price.leftPadded(to: priceWidth)
      if let details = details(row.item) { text += "  " + details }
      output.append(text)
    }
    return output.joined(separator: "\n")
  }

  /// How an item is sold and where it is: "per 500 g, Dairy"; nil when neither is known.
  func details(_ item: ShoppingItem) -> String? {
    let parts = [item.unit.map { words.text("cli.shop.item.per", ["unit": $0]) }, item.category]
      .compactMap(\.self)
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  /// An item as one phrase: "'Milk' (€1.19 per 1 l, Dairy)" or "'Milk' (no price)".
  func describe(_ item: ShoppingItem) -> String {
    let price = item.price.map(format) ?? words.text("cli.shop.noPrice")
    let priced = item.unit.map {
      words.text("cli.shop.item.pricePer", ["price": price, "unit": $0])
    }
    let parts = [priced ?? price, item.category].compactMap(\.self)
    return words.text(
      "cli.shop.item.described", ["name": item.name, "details": parts.joined(separator: ", ")])
  }

  /// A price as a person here reads it.
  func format(_ price: Price) -> String {
    price.formatted(locale: locale)
  }
}
