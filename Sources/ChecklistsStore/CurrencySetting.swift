import ChecklistsCore
import ChecklistsMessages
import Foundation

/// The currency a new catalogue gets: `CHECKLISTS_CURRENCY` (an ISO 4217 code such as "EUR"),
/// else the locale's currency, else the euro.
public enum CurrencySetting {
  /// Resolves the currency.
  /// - Parameters:
  ///   - environment: The process environment.
  ///   - locale: The person's locale.
  /// - Throws: ``ChecklistsCore/ChecklistsError`` with code `invalidInput` when
  ///   `CHECKLISTS_CURRENCY` is set but is not a currency code.
  public static func resolve(environment: [String: String], locale: Locale) throws -> Currency {
    if let code = environment["CHECKLISTS_CURRENCY"], !code.isEmpty {
      guard let currency = Currency(code: code.uppercased()) else {
        throw ChecklistsError.invalid(
          MessageText("errors.currency.checklistsCurrencyCurrency", ["code": "\(code)"]))
      }
      return currency
    }
    return Currency.forLocale(locale)
  }
}
