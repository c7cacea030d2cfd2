import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore
import Foundation

/// `checklists shop trips [--list <list>] [--limit <n>] [--json | --csv]`: finished trips,
/// newest first, with what each bought and cost.
struct ShopTripsCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "trips",
    abstract: "Show finished shopping trips, newest first: what was bought, at what price.",
    discussion: """
      Each 'shop finish' records a trip: the list, the shop, the lines in the order they went \
      into the cart with the prices of the time, and a total per currency. Trips of lists \
      shared with you are shown too. --csv writes every trip, one row per line, for a \
      spreadsheet.
      """,
    arguments: [list, limit, jsonFlag, csv])

  static let list = Option(
    "list", short: "l", valueName: "list",
    help: "Only this shopping list's trips, by name or number.",
    completion: .custom(NameCompletion.shoppingLists))
  static let limit = Option(
    "limit", valueName: "n", help: "At most this many trips (default: 20, at most 100).")
  static let csv = Flag("csv", help: "Write every trip as CSV (RFC 4180), one row per line bought.")

  var list: String?
  var limit: Int
  var json: Bool
  var csv: Bool

  init(_ values: ParsedValues) throws {
    list = try values[Self.list]
    json = values[Self.jsonFlag]
    csv = values[Self.csv]
    let limit = try values[Self.limit] ?? "20"
    guard let number = Int(limit), (1...ShoppingService.maximumTripPage).contains(number) else {
      throw UsageError(
        words.text(
          "cli.trips.badLimit",
          ["maximum": String(ShoppingService.maximumTripPage), "value": limit]))
    }
    self.limit = number
  }

  func validate() throws {
    if json && csv { throw UsageError(words.text("cli.trips.jsonAndCSV")) }
  }

  func run(_ context: CommandContext) throws {
    let shopping = try context.shopping()
    let listID = try list.map { try shopping.findList($0).id }
    if csv {
      let text = TripsCSV.text(try shopping.allTrips(list: listID), timeZone: context.timeZone)
      // The rows end in CRLF already (one Character in Swift); print adds the last line end.
      context.print(String(text.dropLast()))
      return
    }
    let trips = try shopping.trips(list: listID, limit: limit)
    if json {
      let output = JSONOutput.Trips(
        trips: trips.enumerated().map { TripJSON($1, number: $0 + 1, locale: context.locale) })
      context.print(try JSONOutput.encode(output))
      return
    }
    guard !trips.isEmpty else {
      context.print(words.text("cli.trips.empty"))
      return
    }
    context.print(trips.map { describe($0, context) }.joined(separator: "\n\n"))
  }

  private func describe(_ trip: Trip, _ context: CommandContext) -> String {
    let locale = context.locale
    let total =
      trip.totals.isEmpty
      ? words.text("cli.trips.noPrices")
      : trip.totals.map { $0.formatted(locale: locale) }.joined(separator: " + ")
    let date = context.dateDisplay.string(from: trip.finishedAt)
    let lines = words.text("cli.count.lines", count: trip.lines.count)
    let heading =
      trip.shop.map {
        words.text(
          "cli.trips.headingAtShop",
          ["date": date, "list": trip.listName, "shop": $0.name, "total": total, "lines": lines])
      }
      ?? words.text(
        "cli.trips.heading", ["date": date, "list": trip.listName, "total": total, "lines": lines])
    let rows = trip.lines.map { line in
      [
        "  " + (line.quantity == 1 ? "" : "\(line.quantity) × ") + line.name,
        line.cost.map { $0.formatted(locale: locale) } ?? words.text("cli.shop.noPrice"),
      ]
    }
    let width = rows.map { $0[0].count }.max() ?? 0
    return
      ([heading]
      + rows.map { $0[0].padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0[1] })
      .joined(separator: "\n")
  }
}

extension JSONOutput {
  /// `checklists shop trips --json`.
  struct Trips: Encodable { var trips: [TripJSON] }
}
