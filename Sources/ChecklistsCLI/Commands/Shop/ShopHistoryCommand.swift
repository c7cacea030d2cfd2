import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore

/// `checklists shop history <item> [--json]`: every price a catalogue item has had.
struct ShopHistoryCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "Show every price a catalogue item has had, oldest first, with its date.",
    arguments: [
      item, jsonFlag,
    ])

  static let item = Positional(
    "item", help: "The item, by name or by its number in 'checklists shop items'.")

  var item: String
  var json: Bool

  init(_ values: ParsedValues) throws {
    item = try values[Self.item]
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let shopping = try context.shopping()
    let target = try shopping.findItem(item)
    let (current, prices) = try shopping.priceHistory(itemID: target.id)
    if json {
      context.print(
        try JSONOutput.encode(
          PriceHistoryJSON(item: current, prices: prices, locale: context.locale)))
      return
    }
    guard !prices.isEmpty else {
      context.print(words.text("cli.shop.history.empty", ["item": current.name]))
      return
    }
    let rows = prices.map { change in
      [
        context.dateDisplay.string(from: change.since),
        change.price.map { $0.formatted(locale: context.locale) }
          ?? words.text("cli.shop.noPrice"),
      ]
    }
    let header = [
      words.text("cli.shop.history.heading.since"), words.text("cli.shop.history.heading.price"),
    ]
    context.print(
      words.text("cli.shop.history.title", ["item": current.name]) + "\n"
        + ChecklistText.table(header: header, rows: rows))
  }
}
