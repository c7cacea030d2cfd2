import Foundation

/// An exact amount of money in one currency, counted in the currency's minor unit (cents).
///
/// Never a floating-point number: 1.99 EUR is 199 minor units of ``Currency/euro``. A price is
/// never negative. One price a person enters is at most ``maximumMajorUnits`` (1,000,000) in
/// major units; sums and multiples, such as a list's total, may be larger.
public struct Price: Hashable, Sendable, Codable, Comparable {
  /// The amount in the currency's minor unit: 199 is 1.99 EUR, 500 is 500 JPY.
  public let minorUnits: Int64
  /// The currency of the amount.
  public let currency: Currency

  /// The largest price a person may enter, in major units, whatever the currency: 1,000,000.
  ///
  /// Anything larger is taken for a typing mistake ("absurdly large").
  public static let maximumMajorUnits: Int64 = 1_000_000

  /// The largest price a person may enter, in minor units of `currency`.
  ///
  /// - Parameter currency: The currency of the price.
  /// - Returns: 1,000,000 × 10^digits: 100,000,000 for EUR, 1,000,000 for JPY.
  public static func maximumMinorUnits(for currency: Currency) -> Int64 {
    maximumMajorUnits * currency.minorUnitsPerMajorUnit
  }

  /// Creates a price from an amount in minor units.
  ///
  /// - Parameters:
  ///   - minorUnits: The amount in minor units; must not be negative.
  ///   - currency: The currency of the amount.
  public init(minorUnits: Int64, currency: Currency) {
    precondition(minorUnits >= 0, "A price cannot be negative")
    self.minorUnits = minorUnits
    self.currency = currency
  }

  /// Nothing in `currency`, for free items and empty totals.
  ///
  /// - Parameter currency: The currency of the price.
  /// - Returns: A price of 0 minor units.
  public static func zero(_ currency: Currency) -> Price {
    Price(minorUnits: 0, currency: currency)
  }

  /// Rounds a floating-point amount (the iPhone app stored `Float`) to the currency's minor
  /// unit, half away from zero; nil for NaN/inf/negative/too large.
  ///
  /// The amount is taken as the shortest decimal that reads back as the same `Double`, so
  /// `Double(Float(2.53))`, 2.5299999713897705, becomes 2.53 and 1.005 becomes 1.01.
  ///
  /// - Parameters:
  ///   - amount: The amount in major units, such as 2.53.
  ///   - currency: The currency of the amount.
  /// - Returns: `nil` when `amount` is not a number, infinite, negative or more than
  ///   ``maximumMajorUnits``.
  public init?(rounding amount: Double, currency: Currency) {
    // The bound before rounding keeps huge values out of Decimal; the exact one follows.
    guard amount.isFinite, amount >= 0, amount < Double(Self.maximumMajorUnits) + 1 else {
      return nil
    }
    guard var exact = Decimal(string: "\(amount)", locale: Locale(identifier: "en_US_POSIX"))
    else { return nil }
    var rounded = Decimal()
    NSDecimalRound(&rounded, &exact, currency.minorUnitDigits, .plain)
    let scaled = rounded * Decimal(currency.minorUnitsPerMajorUnit)
    guard let minorUnits = Int64(scaled.description),
      minorUnits <= Self.maximumMinorUnits(for: currency)
    else { return nil }
    self.init(minorUnits: minorUnits, currency: currency)
  }

  // MARK: - Arithmetic

  /// The price of `quantity` items at this price.
  ///
  /// Traps when `quantity` is negative or the result overflows `Int64`, which quantities a
  /// person types cannot reach: 1,000,000.00 × 10^10 still fits.
  ///
  /// - Parameter quantity: How many items; not negative.
  /// - Returns: The price times `quantity`, in the same currency.
  public func multiplied(by quantity: Int) -> Price {
    precondition(quantity >= 0, "A quantity cannot be negative")
    let (product, overflow) = minorUnits.multipliedReportingOverflow(by: Int64(quantity))
    precondition(!overflow, "Price overflow")
    return Price(minorUnits: product, currency: currency)
  }

  /// The sum of two prices in the same currency.
  ///
  /// Traps when the currencies differ or the sum overflows `Int64`.
  ///
  /// - Parameters:
  ///   - a: A price.
  ///   - b: A price in the same currency as `a`.
  /// - Returns: `a` plus `b`.
  public static func + (a: Price, b: Price) -> Price {
    precondition(a.currency == b.currency, "Cannot add prices in different currencies")
    let (sum, overflow) = a.minorUnits.addingReportingOverflow(b.minorUnits)
    precondition(!overflow, "Price overflow")
    return Price(minorUnits: sum, currency: a.currency)
  }

  /// Orders prices by currency code, then by amount; only amounts in one currency compare
  /// meaningfully.
  public static func < (a: Price, b: Price) -> Bool {
    (a.currency.code, a.minorUnits) < (b.currency.code, b.minorUnits)
  }

  // MARK: - Text

  /// The amount for APIs and files: all the currency's digits, "." before them, no grouping.
  ///
  /// "1.99" and "2.00" for EUR, "1500" for JPY, "0.350" for BHD.
  public var decimalString: String {
    let digits = currency.minorUnitDigits
    guard digits > 0 else { return String(minorUnits) }
    let scale = currency.minorUnitsPerMajorUnit
    let fraction = String(minorUnits % scale)
    let padding = String(repeating: "0", count: digits - fraction.count)
    return "\(minorUnits / scale).\(padding)\(fraction)"
  }

  /// The price as a person in `locale` reads it, with the currency's sign and all its digits.
  ///
  /// "€1.99" for en_US, "1,99 €" for de_DE (with a no-break space), "¥1,500" for ja_JP.
  ///
  /// - Parameter locale: The reader's locale, for separators and where the sign goes.
  /// - Returns: The formatted price.
  public func formatted(locale: Locale) -> String {
    let digits = currency.minorUnitDigits
    let amount = Decimal(sign: .plus, exponent: -digits, significand: Decimal(minorUnits))
    return amount.formatted(
      .currency(code: currency.code).locale(locale).precision(.fractionLength(digits)))
  }

  // MARK: - Codable

  private enum CodingKeys: String, CodingKey {
    case minorUnits
    case currency
  }

  /// Reads `{"minorUnits": 199, "currency": "EUR"}`.
  ///
  /// - Throws: `DecodingError.dataCorrupted` for a negative amount or a bad currency code.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let minorUnits = try container.decode(Int64.self, forKey: .minorUnits)
    guard minorUnits >= 0 else {
      throw DecodingError.dataCorruptedError(
        forKey: .minorUnits, in: container, debugDescription: "A price cannot be negative.")
    }
    self.init(
      minorUnits: minorUnits, currency: try container.decode(Currency.self, forKey: .currency))
  }
}
