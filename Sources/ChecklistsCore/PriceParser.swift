import ChecklistsMessages
import Foundation

/// Reads prices as people type them: "1.99", "1,99", "€1.99", "2 $", "EUR 1.99".
///
/// The locale decides the decimal separator and what a bare "$" means; a price without a
/// currency sign or code is in ``defaultCurrency``.
public struct PriceParser: Sendable {
  /// The locale whose separators and currency the person expects.
  public let locale: Locale
  /// The currency of a price typed without a sign or code.
  public let defaultCurrency: Currency

  // The locale's separators, reduced to "." and ",", and extra grouping characters.
  private let decimalSeparator: Character
  private let otherSeparator: Character
  private let spaceSeparators: Set<Character>
  // Signs that name a currency in this locale, most specific first.
  private let localSymbols: [(String, Currency)]

  /// Creates a parser for a person in `locale`.
  ///
  /// - Parameters:
  ///   - locale: The person's locale.
  ///   - defaultCurrency: The configured currency; `nil` for the locale's currency.
  public init(locale: Locale = .current, defaultCurrency: Currency? = nil) {
    self.locale = locale
    let fallback = defaultCurrency ?? Currency.forLocale(locale)
    self.defaultCurrency = fallback
    decimalSeparator = locale.decimalSeparator == "," ? "," : "."
    otherSeparator = decimalSeparator == "." ? "," : "."
    var spaces: Set<Character> = [" ", "\u{00A0}", "\u{202F}", "'", "\u{2019}"]
    if let grouping = locale.groupingSeparator, grouping.count == 1, let first = grouping.first,
      first != "." && first != ","
    {
      spaces.insert(first)
    }
    spaceSeparators = spaces
    var symbols: [(String, Currency)] = []
    let localeCurrency = Currency.forLocale(locale)
    for currency in [fallback, localeCurrency] {
      let formatter = NumberFormatter()
      formatter.numberStyle = .currency
      formatter.locale = locale
      formatter.currencyCode = currency.code
      if let symbol = formatter.currencySymbol, !symbol.isEmpty {
        symbols.append((symbol, currency))
      }
      symbols.append((currency.symbol, currency))
    }
    if let symbol = locale.currencySymbol {
      symbols.append((symbol, localeCurrency))
    }
    localSymbols = symbols
  }

  /// Reads what a person types as a price.
  ///
  /// White space around the text is ignored. A currency sign or code may come before or after
  /// the number. The locale's decimal separator always works; the other one of "." and ","
  /// works as a decimal separator when it is the only separator and 1 or 2 digits follow, and
  /// as a grouping separator before groups of exactly 3 digits.
  ///
  /// - Parameter text: The text as typed, such as "€1.99" or "1,99".
  /// - Returns: The price; "0" is a valid, free price.
  /// - Throws: ``ChecklistsError`` with code `invalidInput` for empty, negative, non-numeric
  ///   or too large amounts, more decimal places than the currency has, an unknown currency
  ///   or two different currencies.
  public func parse(_ text: String) throws -> Price {
    let trimmed = text.trimmingWhitespace()
    guard !trimmed.isEmpty else {
      throw ChecklistsError.invalid(MessageText("errors.price.priceCannotEmpty"))
    }
    let notAPrice = ChecklistsError.invalid(
      MessageText("errors.price.priceWriteLike", ["trimmed": trimmed]))

    guard var first = trimmed.firstIndex(where: Self.isDigit),
      let last = trimmed.lastIndex(where: Self.isDigit)
    else {
      let word = trimmed.lowercased().filter { !"+-\u{2212}".contains($0) }
      if ["nan", "snan"].contains(word) {
        throw ChecklistsError.invalid(
          MessageText("errors.price.numberWritePrice", ["trimmed": trimmed]))
      }
      if ["inf", "infinity", "∞"].contains(word) {
        throw ChecklistsError.invalid(
          MessageText("errors.price.finiteAmountWrite", ["trimmed": trimmed]))
      }
      throw notAPrice
    }
    // ".5" and ",5": a separator right before the first digit belongs to the number.
    if first > trimmed.startIndex {
      let before = trimmed.index(before: first)
      if trimmed[before] == "." || trimmed[before] == "," { first = before }
    }
    let body = trimmed[first...last]
    var prefix = Substring(trimmed[..<first])
    var suffix = Substring(trimmed[trimmed.index(after: last)...])

    let minusBefore = Self.removeMinus(&prefix)
    let minusAfter = Self.removeMinus(&suffix)
    let currencies = try [prefix, suffix].compactMap { part -> Currency? in
      let marker = String(part).trimmingWhitespace()
      if marker.isEmpty { return nil }
      guard let named = try self.currency(named: marker, in: trimmed) else { throw notAPrice }
      return named
    }
    if currencies.count == 2 && currencies[0] != currencies[1] {
      throw ChecklistsError.invalid(
        MessageText("errors.price.namesTwoCurrencies", ["trimmed": trimmed]))
    }
    if minusBefore || minusAfter {
      throw ChecklistsError.invalid(MessageText("errors.price.priceCannotNegative"))
    }
    let currency = currencies.first ?? defaultCurrency

    guard let (whole, fraction) = split(body) else { throw notAPrice }
    let digits = currency.minorUnitDigits
    if fraction.count > digits {
      throw ChecklistsError.invalid(
        digits == 0
          ? MessageText("errors.price.noDecimals", ["currency": currency.code])
          : MessageText("errors.price.decimalPlaces", ["currency": currency.code], count: digits))
    }
    let tooLarge = ChecklistsError.invalid(MessageText("errors.price.priceCanMost"))
    let significant = whole.drop { $0 == "0" }
    // Eight or more significant whole digits exceed 1,000,000 before Int64 could overflow.
    guard significant.count <= 7 else { throw tooLarge }
    let padded = fraction + String(repeating: "0", count: digits - fraction.count)
    let minorUnits =
      (Int64(significant) ?? 0) * currency.minorUnitsPerMajorUnit + (Int64(padded) ?? 0)
    guard minorUnits <= Price.maximumMinorUnits(for: currency) else { throw tooLarge }
    return Price(minorUnits: minorUnits, currency: currency)
  }

  // MARK: - Parts

  /// Splits the number into whole and fraction digits; nil when its separators make no sense.
  private func split(_ body: Substring) -> (whole: String, fraction: String)? {
    let separators = body.indices.filter { !Self.isDigit(body[$0]) }
    guard
      separators.allSatisfy({
        [decimalSeparator, otherSeparator].contains(body[$0])
          || spaceSeparators.contains(body[$0])
      })
    else { return nil }

    var point: Substring.Index?
    let decimals = separators.filter { body[$0] == decimalSeparator }
    if decimals.count > 1 { return nil }
    if let only = decimals.first {
      // The decimal separator comes after every grouping separator.
      guard only == separators.last else { return nil }
      point = only
    } else if separators.count == 1, let only = separators.first,
      body[only] == otherSeparator,
      (1...2).contains(body.distance(from: only, to: body.endIndex) - 1)
    {
      // "1,99" in en_US, "1.99" in de_DE: the person used the other convention.
      point = only
    }

    let wholePart = point.map { body[..<$0] } ?? body
    let fraction = point.map { String(body[body.index(after: $0)...]) } ?? ""
    let groups = wholePart.split(omittingEmptySubsequences: false) { !Self.isDigit($0) }
    if groups.count > 1 {
      let marks = Set(wholePart.filter { !Self.isDigit($0) })
      guard marks.count == 1, (1...3).contains(groups[0].count),
        groups.dropFirst().allSatisfy({ $0.count == 3 })
      else { return nil }
    }
    return (groups.joined(), fraction)
  }

  /// The currency a sign or code names, such as "€", "$", "US$" or "eur".
  ///
  /// - Returns: `nil` when `marker` is no currency sign at all.
  /// - Throws: ``ChecklistsError`` for three letters that are no ISO 4217 code.
  private func currency(named marker: String, in text: String) throws -> Currency? {
    if let currency = Currency(code: marker) {
      guard currency.isKnown else {
        throw ChecklistsError.invalid(
          MessageText(
            "errors.price.unknownCurrency", ["currencyCode": "\(currency.code)", "text": text]))
      }
      return currency
    }
    if let local = localSymbols.first(where: { $0.0 == marker }) { return local.1 }
    return Self.commonSymbols[marker]
  }

  /// Removes minus signs from `part`, before or after the number: "-1", "€-1", "1-".
  ///
  /// - Returns: Whether `part` held a minus sign.
  private static func removeMinus(_ part: inout Substring) -> Bool {
    let minus: Set<Character> = ["-", "\u{2212}", "\u{2013}"]
    let isNegative = part.contains { minus.contains($0) }
    part.removeAll { minus.contains($0) }
    return isNegative
  }

  private static func isDigit(_ character: Character) -> Bool {
    character.isASCII && character.isWholeNumber
  }

  // Signs every locale reads the same way; "$" and "¥" only after the locale had its say.
  private static let commonSymbols: [String: Currency] = [
    "€": .euro, "$": .usDollar, "US$": .usDollar, "$US": .usDollar, "£": .poundSterling,
    "¥": .japaneseYen, "￥": .japaneseYen, "JP¥": .japaneseYen, "円": .japaneseYen,
  ]
}
