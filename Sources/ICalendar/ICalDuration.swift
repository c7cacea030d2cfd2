/// DURATION values (RFC 5545 §3.3.6): `P1W`, `-PT15M`, `P1DT2H`.
public enum ICalDuration {
  /// The seconds a duration spans (negative for `-P...`), or nil when it is not a duration.
  /// Days count 86,400 seconds (a nominal day; the distinction matters only across DST).
  public static func seconds(_ value: String) -> Double? {
    var text = Substring(value.trimmingCharacters(in: [" "]))
    var sign = 1.0
    if text.first == "-" || text.first == "+" {
      if text.first == "-" { sign = -1 }
      text = text.dropFirst()
    }
    guard text.first == "P" else { return nil }
    text = text.dropFirst()
    var total = 0.0
    var number = ""
    var inTime = false
    var sawPart = false
    for character in text {
      if character.isASCII, character.isNumber {
        number.append(character)
        continue
      }
      if character == "T" {
        guard number.isEmpty, !inTime else { return nil }
        inTime = true
        continue
      }
      guard let amount = Double(number) else { return nil }
      number = ""
      sawPart = true
      switch (character, inTime) {
      case ("W", false): total += amount * 604_800
      case ("D", false): total += amount * 86_400
      case ("H", true): total += amount * 3_600
      case ("M", true): total += amount * 60
      case ("S", true): total += amount
      default: return nil
      }
    }
    guard number.isEmpty, sawPart else { return nil }
    return sign * total
  }
}

extension String {
  fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
    var text = Substring(self)
    while let first = text.first, set.contains(first) { text = text.dropFirst() }
    while let last = text.last, set.contains(last) { text = text.dropLast() }
    return String(text)
  }
}
