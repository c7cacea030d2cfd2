import Foundation

/// A currency named by its ISO 4217 code, with the number of digits after its decimal point.
///
/// Encodes as its code alone, such as `"EUR"`.
public struct Currency: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The ISO 4217 code in upper case, such as "EUR".
  public let code: String
  /// How many digits the currency's minor unit has: 2 for EUR (cents), 0 for JPY, 3 for BHD.
  public let minorUnitDigits: Int

  /// Creates the currency with an ISO 4217 code.
  ///
  /// - Parameter code: Three ASCII letters in any case, such as "eur".
  /// - Returns: `nil` unless `code` is three ASCII letters.
  public init?(code: String) {
    let letters = code.unicodeScalars
    guard letters.count == 3,
      letters.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic })
    else { return nil }
    let upper = code.uppercased()
    self.code = upper
    self.minorUnitDigits = Self.minorUnitDigitsByCode[upper] ?? 2
  }

  /// The euro, EUR.
  public static let euro = Currency(code: "EUR")!
  /// The United States dollar, USD.
  public static let usDollar = Currency(code: "USD")!
  /// The pound sterling, GBP.
  public static let poundSterling = Currency(code: "GBP")!
  /// The Japanese yen, JPY, which has no minor unit.
  public static let japaneseYen = Currency(code: "JPY")!

  /// The currency a locale uses, or the euro when the locale names none.
  ///
  /// - Parameter locale: The person's locale, such as de_DE.
  /// - Returns: The locale's currency, or ``euro``.
  public static func forLocale(_ locale: Locale) -> Currency {
    locale.currency.flatMap { Currency(code: $0.identifier) } ?? .euro
  }

  /// The usual sign for the currency: "€", "$", "£" or "¥", otherwise its code.
  public var symbol: String {
    Self.symbolsByCode[code] ?? code
  }

  /// The currency's code, such as "EUR".
  public var description: String { code }

  /// Whether Foundation knows `code` as an ISO 4217 currency, so "1 ABC" is not read as a price.
  var isKnown: Bool {
    Locale.Currency.isoCurrencies.contains(Locale.Currency(code))
  }

  /// How many minor units make one major unit: 100 for EUR, 1 for JPY, 1,000 for BHD.
  var minorUnitsPerMajorUnit: Int64 {
    var scale: Int64 = 1
    for _ in 0..<minorUnitDigits { scale *= 10 }
    return scale
  }

  // MARK: - Codable

  /// Reads a currency code such as `"EUR"`.
  ///
  /// - Throws: `DecodingError.dataCorrupted` when the value is not three letters.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let currency = Currency(code: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(text)' is not a three-letter currency code.")
    }
    self = currency
  }

  /// Writes the currency's code, such as `"EUR"`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(code)
  }

  // MARK: - Tables

  // ISO 4217 minor units that differ from the usual 2.
  private static let minorUnitDigitsByCode: [String: Int] = [
    "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
    "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0, "PYG": 0,
    "RWF": 0, "UGX": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
  ]

  private static let symbolsByCode: [String: String] = [
    "EUR": "€", "USD": "$", "GBP": "£", "JPY": "¥",
  ]
}
