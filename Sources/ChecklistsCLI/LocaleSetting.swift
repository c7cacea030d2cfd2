import Foundation

/// The locale the command line reads and shows prices in, taken from the environment as C
/// programs do: `LC_ALL`, else `LC_MONETARY`, else `LANG`.
///
/// Foundation on Linux ignores these variables (`Locale.current` is the same whatever they
/// say), so they are read here.
enum LocaleSetting {
  /// The locale for amounts of money.
  ///
  /// The first of `LC_ALL`, `LC_MONETARY` and `LANG` that is set and not empty wins, as POSIX
  /// says. Its encoding and modifier are dropped (`de_DE.UTF-8@euro` is `de_DE`). `C` and
  /// `POSIX` mean no particular country: international English, "€1,234.50". With none set,
  /// the system's locale.
  /// - Parameter environment: The process environment.
  /// - Returns: The locale.
  static func resolve(environment: [String: String]) -> Locale {
    for key in ["LC_ALL", "LC_MONETARY", "LANG"] {
      guard let value = environment[key], !value.isEmpty else { continue }
      let name = String(value.prefix { $0 != "." && $0 != "@" })
      if name.isEmpty || name == "C" || name == "POSIX" { return neutral }
      return Locale(identifier: name)
    }
    return .current
  }

  /// The locale of `C` and `POSIX`: English without a country, so no currency of its own.
  static let neutral = Locale(identifier: "en_001")
}
