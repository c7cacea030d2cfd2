/// The CLDR plural rules of one language, for whole numbers (the catalogue counts things).
///
/// Each language's rule is CLDR's `plurals.xml` rule with the operands of a whole number
/// (`n` = `i`, `v` = 0); a language CLDR does not list, or one not written here yet, takes the
/// rule of its base language or else English's.
public struct PluralRules: Sendable {
  /// The BCP 47 language the rules are for ("en", "de").
  public let language: String
  private let rule: @Sendable (Int) -> PluralCategory

  /// The rules for a language tag such as "en-GB" or "pt_BR" (region and script are ignored
  /// where CLDR has one rule for the language).
  public init(language tag: String) {
    let base = MessageCatalogue.baseLanguage(of: tag)
    if let rule = Self.rules[base] {
      (language, self.rule) = (base, rule)
    } else {
      (language, rule) = ("en", Self.oneForOne)
    }
  }

  /// The category of a count.
  public func category(_ count: Int) -> PluralCategory {
    rule(count)
  }

  /// The categories this language uses, `other` last.
  public var categories: [PluralCategory] {
    let used = Set((Array(0...200) + [1_000, 1_000_000, 2_000_000]).map(rule))
    return PluralCategory.allCases.filter(used.contains)
  }

  // MARK: - CLDR rules

  /// English, German, Dutch, Swedish, Italian (integers): one: i = 1 and v = 0.
  private static let oneForOne: @Sendable (Int) -> PluralCategory = { $0 == 1 ? .one : .other }

  /// The languages written so far. A language is added here with its CLDR rule and a test of
  /// CLDR's sample numbers (PluralRulesTests).
  private static let rules: [String: @Sendable (Int) -> PluralCategory] = [
    "en": oneForOne, "de": oneForOne, "nl": oneForOne, "sv": oneForOne,
    // Spanish: one: n = 1; many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0.
    "es": { $0 == 1 ? .one : ($0 != 0 && $0 % 1_000_000 == 0) ? .many : .other },
    // Italian: one: i = 1 and v = 0; many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0.
    "it": { $0 == 1 ? .one : ($0 != 0 && $0 % 1_000_000 == 0) ? .many : .other },
    // French: one: i = 0,1; many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0.
    "fr": { $0 == 0 || $0 == 1 ? .one : $0 % 1_000_000 == 0 ? .many : .other },
    // Portuguese: one: i = 0..1; many as French.
    "pt": { $0 == 0 || $0 == 1 ? .one : $0 % 1_000_000 == 0 ? .many : .other },
    // Polish: one: i = 1 and v = 0; few: v = 0 and i % 10 = 2..4 and i % 100 != 12..14;
    // many: the other whole numbers.
    "pl": { n in
      if n == 1 { return .one }
      let (r10, r100) = (n % 10, n % 100)
      return (2...4).contains(r10) && !(12...14).contains(r100) ? .few : .many
    },
    // Japanese, Chinese, Korean: one form.
    "ja": { _ in .other }, "zh": { _ in .other }, "ko": { _ in .other },
  ]
}
