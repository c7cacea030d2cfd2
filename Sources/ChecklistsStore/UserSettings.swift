import ChecklistsCore
import ChecklistsMessages
import Foundation

/// A user's settings: the currency of their catalogue, which they choose.
public struct UserSettings: Sendable, Hashable {
  /// The catalogue's currency: new prices are in it unless they name another.
  public var currency: Currency

  /// Creates settings.
  public init(currency: Currency) {
    self.currency = currency
  }

  /// The currencies a person may choose from, most used first: their ISO 4217 codes.
  public static let currencyCodes = [
    "EUR", "USD", "GBP", "CHF", "JPY", "CAD", "AUD", "NZD", "SEK", "NOK", "DKK", "ISK", "PLN",
    "CZK", "HUF", "RON", "BGN", "TRY", "UAH", "ILS", "AED", "INR", "CNY", "HKD", "TWD", "SGD",
    "KRW", "THB", "MXN", "BRL", "ARS", "CLP", "COP", "ZAR",
  ]

  /// The currencies to choose from, named in `locale` ("Euro", "British Pound"), with
  /// `current` among them even when it is not one of ``currencyCodes``.
  public static func currencies(including current: Currency, locale: Locale) -> [(
    code: String, name: String
  )] {
    var codes = currencyCodes
    if !codes.contains(current.code) { codes.append(current.code) }
    return codes.map { code in
      (code, locale.localizedString(forCurrencyCode: code) ?? code)
    }
  }

  /// A currency a person typed or sent: an ISO 4217 code in any case.
  /// - Throws: `invalidInput` naming the text when it is not a currency's code.
  public static func currency(_ text: String) throws -> Currency {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let currency = Currency(code: trimmed),
      Locale.Currency.isoCurrencies.contains(Locale.Currency(currency.code))
    else {
      throw ChecklistsError.invalid(
        MessageText("errors.currency.currencyUseIso", ["text": text]))
    }
    return currency
  }
}
