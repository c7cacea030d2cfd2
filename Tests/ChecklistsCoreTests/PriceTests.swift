import ChecklistsCore
import Foundation
import Testing

@Suite("Currencies")
struct CurrencyTests {
  @Test(
    "Codes are three ASCII letters in any case, with the currency's minor unit digits",
    arguments: [("eur", "EUR", 2), ("JPY", "JPY", 0), ("bhd", "BHD", 3), ("Chf", "CHF", 2)])
  func codes(text: String, code: String, digits: Int) throws {
    let currency = try #require(Currency(code: text))
    #expect(currency.code == code)
    #expect(currency.minorUnitDigits == digits)
    #expect(currency.description == code)
  }

  @Test("Anything but three ASCII letters is no code", arguments: ["", "EU", "EURO", "E1R", "ÉUR"])
  func badCodes(text: String) {
    #expect(Currency(code: text) == nil)
  }

  @Test(
    "A locale's currency, else the euro",
    arguments: [
      ("en_US", "USD"), ("de_DE", "EUR"), ("fr_FR", "EUR"), ("ja_JP", "JPY"), ("en_GB", "GBP"),
      ("en", "EUR"),
    ])
  func localeCurrency(identifier: String, code: String) {
    #expect(Currency.forLocale(Locale(identifier: identifier)).code == code)
  }

  @Test("Symbols of common currencies, else the code")
  func symbols() throws {
    #expect(Currency.euro.symbol == "€")
    #expect(Currency.usDollar.symbol == "$")
    #expect(Currency.poundSterling.symbol == "£")
    #expect(Currency.japaneseYen.symbol == "¥")
    #expect(try #require(Currency(code: "CHF")).symbol == "CHF")
  }

  @Test("A currency encodes as its code and refuses a bad one")
  func codable() throws {
    let data = try JSONEncoder().encode([Currency.euro])
    #expect(String(decoding: data, as: UTF8.self) == #"["EUR"]"#)
    #expect(
      try JSONDecoder().decode([Currency].self, from: Data(#"["jpy"]"#.utf8)) == [.japaneseYen])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([Currency].self, from: Data(#"["EURO"]"#.utf8))
    }
  }
}

@Suite("Prices")
struct PriceTests {
  static let bahrainiDinar = Currency(code: "BHD")!

  @Test(
    "The decimal string has all the currency's digits, '.' and no grouping",
    arguments: [
      (199, Currency.euro, "1.99"), (200, .euro, "2.00"), (5, .euro, "0.05"), (0, .euro, "0.00"),
      (123_456_789, .usDollar, "1234567.89"), (1_500, .japaneseYen, "1500"),
      (0, .japaneseYen, "0"), (350, bahrainiDinar, "0.350"),
    ] as [(Int64, Currency, String)])
  func decimalString(minorUnits: Int64, currency: Currency, expected: String) {
    #expect(Price(minorUnits: minorUnits, currency: currency).decimalString == expected)
  }

  @Test(
    "Formatted for a reader in a locale, with the currency's sign and digits",
    arguments: [
      (199, Currency.euro, "en_US", "€1.99"), (199, .euro, "de_DE", "1,99\u{00A0}€"),
      (123_456, .euro, "de_DE", "1.234,56\u{00A0}€"), (123_456, .euro, "en_US", "€1,234.56"),
      (200, .usDollar, "en_US", "$2.00"), (1_500, .japaneseYen, "ja_JP", "¥1,500"),
      (350, .poundSterling, "en_GB", "£3.50"), (350, bahrainiDinar, "en_US", "BHD\u{00A0}0.350"),
    ] as [(Int64, Currency, String, String)])
  func formatted(minorUnits: Int64, currency: Currency, locale: String, expected: String) {
    let price = Price(minorUnits: minorUnits, currency: currency)
    #expect(price.formatted(locale: Locale(identifier: locale)) == expected)
  }

  @Test(
    "The iPhone app's Float amounts round to the minor unit, half away from zero",
    arguments: [
      (Double(Float(2.53)), Currency.euro, 253), (62.5, .euro, 6_250), (0.35, .euro, 35),
      (Double(Float(0.35)), .euro, 35), (1.005, .euro, 101), (0.004, .euro, 0), (0, .euro, 0),
      (1e-7, .euro, 0), (1_000_000, .euro, 100_000_000), (499.5, .japaneseYen, 500),
      (0.3505, bahrainiDinar, 351),
    ] as [(Double, Currency, Int64)])
  func rounding(amount: Double, currency: Currency, minorUnits: Int64) throws {
    let price = try #require(Price(rounding: amount, currency: currency))
    #expect(price == Price(minorUnits: minorUnits, currency: currency))
  }

  @Test(
    "Amounts that are no price do not round",
    arguments: [.nan, .infinity, -.infinity, -0.01, -1, 1_000_000.01, 1e300])
  func noRounding(amount: Double) {
    #expect(Price(rounding: amount, currency: .euro) == nil)
  }

  @Test("The largest price is 1,000,000 in major units, whatever the currency")
  func maximum() {
    #expect(Price.maximumMajorUnits == 1_000_000)
    #expect(Price.maximumMinorUnits(for: .euro) == 100_000_000)
    #expect(Price.maximumMinorUnits(for: .japaneseYen) == 1_000_000)
    #expect(Price.maximumMinorUnits(for: Self.bahrainiDinar) == 1_000_000_000)
  }

  @Test("Multiplying and adding keep the currency and stay exact")
  func arithmetic() {
    let milk = Price(minorUnits: 119, currency: .euro)
    #expect(milk.multiplied(by: 3) == Price(minorUnits: 357, currency: .euro))
    #expect(milk.multiplied(by: 0) == .zero(.euro))
    #expect(
      milk + Price(minorUnits: 81, currency: .euro) == Price(minorUnits: 200, currency: .euro))
    #expect(Price.zero(.japaneseYen).decimalString == "0")
    // Ten cents added ten times is exactly one euro, as it would not be with Double.
    let total = (0..<10).reduce(Price.zero(.euro)) { sum, _ in
      sum + Price(minorUnits: 10, currency: .euro)
    }
    #expect(total.decimalString == "1.00")
  }

  @Test("Prices order by currency, then amount")
  func ordering() {
    let prices = [
      Price(minorUnits: 500, currency: .usDollar), Price(minorUnits: 300, currency: .euro),
      Price(minorUnits: 100, currency: .usDollar), Price(minorUnits: 50, currency: .euro),
    ]
    #expect(
      prices.sorted().map { "\($0.currency) \($0.decimalString)" } == [
        "EUR 0.50", "EUR 3.00", "USD 1.00", "USD 5.00",
      ])
  }

  @Test("Adding prices in different currencies traps")
  func addingCurrenciesTraps() async {
    await #expect(processExitsWith: .failure) {
      _ = Price(minorUnits: 1, currency: .euro) + Price(minorUnits: 1, currency: .usDollar)
    }
  }

  @Test("A negative price traps")
  func negativeTraps() async {
    await #expect(processExitsWith: .failure) {
      _ = Price(minorUnits: -1, currency: .euro)
    }
  }

  @Test("A price encodes as minor units and a currency code, and refuses a negative amount")
  func codable() throws {
    let price = Price(minorUnits: 199, currency: .euro)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(price), as: UTF8.self)
    #expect(json == #"{"currency":"EUR","minorUnits":199}"#)
    #expect(try JSONDecoder().decode(Price.self, from: Data(json.utf8)) == price)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Price.self, from: Data(#"{"currency":"EUR","minorUnits":-1}"#.utf8))
    }
  }
}

@Suite("Reading typed prices")
struct PriceParserTests {
  static func parser(_ identifier: String, _ currency: Currency? = nil) -> PriceParser {
    PriceParser(locale: Locale(identifier: identifier), defaultCurrency: currency)
  }

  /// The message of the error `text` throws in `locale`, or nil when it parses.
  static func refusal(_ text: String, in locale: String = "en_US") -> String? {
    do {
      _ = try parser(locale).parse(text)
      return nil
    } catch let error as ChecklistsError {
      #expect(error.code == .invalidInput)
      return error.message
    } catch {
      Issue.record("Unexpected error \(error)")
      return nil
    }
  }

  @Test(
    "Read in the locale's way, with or without a currency",
    arguments: [
      // en_US: "." is the decimal separator; "," groups thousands or, alone before 1–2
      // digits, is a decimal separator after all.
      ("en_US", "1.99", "1.99 USD"), ("en_US", "  1.99\n", "1.99 USD"),
      ("en_US", "1,99", "1.99 USD"), ("en_US", "1,5", "1.50 USD"),
      ("en_US", "1,000", "1000.00 USD"), ("en_US", "1,234.56", "1234.56 USD"),
      ("en_US", "999,999", "999999.00 USD"), ("en_US", ".5", "0.50 USD"),
      ("en_US", "2", "2.00 USD"), ("en_US", "0", "0.00 USD"), ("en_US", "0.00", "0.00 USD"),
      ("en_US", "007.10", "7.10 USD"), ("en_US", "1000000", "1000000.00 USD"),
      ("en_US", "1,000,000.00", "1000000.00 USD"),
      // Signs and codes before or after, with or without a space.
      ("en_US", "€1.99", "1.99 EUR"), ("en_US", "1.99 €", "1.99 EUR"),
      ("en_US", "EUR 1.99", "1.99 EUR"), ("en_US", "1.99eur", "1.99 EUR"),
      ("en_US", "$2", "2.00 USD"), ("en_US", "2$", "2.00 USD"), ("en_US", "$ 2", "2.00 USD"),
      ("en_US", "£3.50", "3.50 GBP"), ("en_US", "¥500", "500 JPY"),
      ("en_US", "US$2", "2.00 USD"), ("en_US", "CHF 12.50", "12.50 CHF"),
      ("en_US", "€1.99 EUR", "1.99 EUR"),
      // de_DE: "," is the decimal separator; "." groups or, alone before 1–2 digits, decimals.
      ("de_DE", "1,99", "1.99 EUR"), ("de_DE", "1.99", "1.99 EUR"),
      ("de_DE", "1.000", "1000.00 EUR"), ("de_DE", "1.999 €", "1999.00 EUR"),
      ("de_DE", "1.234,56", "1234.56 EUR"),
      ("de_DE", "1,99 €", "1.99 EUR"), ("de_DE", "1,99\u{00A0}€", "1.99 EUR"),
      ("de_DE", "$2", "2.00 USD"), ("de_DE", "2 USD", "2.00 USD"),
      // fr_FR groups with spaces, typed or narrow no-break.
      ("fr_FR", "1,99 €", "1.99 EUR"), ("fr_FR", "1 234,56 €", "1234.56 EUR"),
      ("fr_FR", "1\u{202F}234,56\u{00A0}€", "1234.56 EUR"), ("fr_FR", "1.5", "1.50 EUR"),
      // ja_JP: the yen has no minor unit.
      ("ja_JP", "¥500", "500 JPY"), ("ja_JP", "500", "500 JPY"), ("ja_JP", "500円", "500 JPY"),
      ("ja_JP", "¥1,500", "1500 JPY"), ("ja_JP", "€1.99", "1.99 EUR"),
      // en_GB: pounds by default; "$" is not the locale's, so it is the US dollar.
      ("en_GB", "3.50", "3.50 GBP"), ("en_GB", "£3.50", "3.50 GBP"), ("en_GB", "$2", "2.00 USD"),
      // en_CA uses "$" for its own dollar.
      ("en_CA", "$2", "2.00 CAD"),
    ])
  func parses(locale: String, text: String, expected: String) throws {
    let price = try Self.parser(locale).parse(text)
    #expect("\(price.decimalString) \(price.currency)" == expected)
  }

  @Test("The configured currency wins over the locale's")
  func configuredCurrency() throws {
    let parser = Self.parser("en_US", .euro)
    #expect(parser.defaultCurrency == .euro)
    #expect(try parser.parse("1.99") == Price(minorUnits: 199, currency: .euro))
    #expect(try parser.parse("$2") == Price(minorUnits: 200, currency: .usDollar))
    #expect(Self.parser("de_DE").defaultCurrency == .euro)
    #expect(Self.parser("ja_JP").defaultCurrency == .japaneseYen)
  }

  @Test(
    "Refusals name the problem",
    arguments: [
      ("en_US", "", "A price cannot be empty."),
      ("en_US", "   ", "A price cannot be empty."),
      ("en_US", "-1", "A price cannot be negative."),
      ("en_US", "-€1.99", "A price cannot be negative."),
      ("en_US", "€-1.99", "A price cannot be negative."),
      ("en_US", "−2", "A price cannot be negative."),
      ("en_US", "abc", "'abc' is not a price. Write it like 1.99 or €1.99."),
      ("en_US", "NaN", "'NaN' is not a number. Write a price like 1.99 or €1.99."),
      ("en_US", "inf", "'inf' is not a finite amount. Write a price like 1.99 or €1.99."),
      (
        "en_US", "-Infinity",
        "'-Infinity' is not a finite amount. Write a price like 1.99 or €1.99."
      ),
      ("en_US", "1e5", "'1e5' is not a price. Write it like 1.99 or €1.99."),
      ("en_US", "1.2.3", "'1.2.3' is not a price. Write it like 1.99 or €1.99."),
      ("en_US", "1,23,456", "'1,23,456' is not a price. Write it like 1.99 or €1.99."),
      ("en_US", "1.234,56", "'1.234,56' is not a price. Write it like 1.99 or €1.99."),
      ("en_US", "1 99", "'1 99' is not a price. Write it like 1.99 or €1.99."),
      ("en_US", "1.", "'1.' is not a price. Write it like 1.99 or €1.99."),
      ("en_US", "12 apples", "'12 apples' is not a price. Write it like 1.99 or €1.99."),
      ("en_US", "1.99 XYZ", "Unknown currency 'XYZ' in '1.99 XYZ'."),
      ("en_US", "€1.99 USD", "'€1.99 USD' names two currencies; a price has only one."),
      ("en_US", "$1 £", "'$1 £' names two currencies; a price has only one."),
      ("en_US", "€1.999", "A price in EUR has at most 2 decimal places."),
      ("de_DE", "1,999 €", "A price in EUR has at most 2 decimal places."),
      ("en_US", "0.350 BHD", nil),
      ("en_US", "0.3505 BHD", "A price in BHD has at most 3 decimal places."),
      ("ja_JP", "¥5.5", "A price in JPY has no decimal places."),
      ("en_US", "1000000.01", "A price can be at most 1,000,000."),
      ("en_US", "1,000,001", "A price can be at most 1,000,000."),
      ("ja_JP", "¥1000001", "A price can be at most 1,000,000."),
      ("en_US", "99999999999999999999999", "A price can be at most 1,000,000."),
    ] as [(String, String, String?)])
  func refusals(locale: String, text: String, message: String?) {
    #expect(Self.refusal(text, in: locale) == message)
  }
}
