import ArgumentParsing
import ChecklistsCore
import ChecklistsStore
import Foundation

/// `checklists settings [--currency <code>] [--relabel-prices] [--json]`: the user's settings.
struct SettingsCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "settings",
    abstract: "Show or change your settings: the currency of your shopping catalogue.",
    discussion: """
      Without options, shows the settings. --currency sets the catalogue's currency (an ISO \
      4217 code such as EUR, USD or GBP), which new prices are in. Prices keep their amounts; \
      with --relabel-prices the prices in another currency take the new one (for a catalogue \
      whose currency was set wrong), else they stay as they are.
      """,
    arguments: [currency, relabelPrices, jsonFlag])

  static let currency = Option(
    "currency", valueName: "code", help: "The catalogue's new currency, such as GBP.")
  static let relabelPrices = Flag(
    "relabel-prices", help: "Give every price the new currency, keeping its amount.")

  var currency: String?
  var relabelPrices: Bool
  var json: Bool

  init(_ values: ParsedValues) throws {
    currency = try values[Self.currency]
    relabelPrices = values[Self.relabelPrices]
    json = values[Self.jsonFlag]
  }

  func validate() throws {
    if relabelPrices && currency == nil {
      throw UsageError(words.text("cli.settings.relabelWithoutCurrency"))
    }
  }

  struct Output: Encodable {
    var currency: String
    var relabelledPrices: Int?
  }

  func run(_ context: CommandContext) throws {
    let shopping = try context.shopping()
    var relabelled: Int?
    if let currency {
      let chosen = try UserSettings.currency(currency)
      relabelled = try shopping.changeCurrency(to: chosen, relabelPrices: relabelPrices)
    }
    let settings = shopping.settings()
    if json {
      context.print(
        try JSONOutput.encode(
          Output(currency: settings.currency.code, relabelledPrices: relabelled)))
      return
    }
    let name = context.locale.localizedString(forCurrencyCode: settings.currency.code)
    let code = settings.currency.code
    var text =
      name.map { words.text("cli.settings.currencyNamed", ["code": code, "name": $0]) }
      ?? words.text("cli.settings.currency", ["code": code])
    if let relabelled {
      text +=
        relabelPrices
        ? words.text("cli.settings.relabelled", count: relabelled)
        : words.text("cli.settings.kept")
    }
    context.print(text)
  }
}
