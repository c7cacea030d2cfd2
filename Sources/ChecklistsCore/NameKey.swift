import Foundation

/// The stored forms of a name that let a database find and order names through an index,
/// where comparing with Foundation would read every name.
///
/// Both are plain strings that compare as their UTF-8 bytes, the way SQLite's default
/// collation compares text, so the order of an index on them is the order Swift sees.
public enum NameKey {
  /// The form in which names that ``Checklist/namesMatch(_:_:)`` calls equal are equal, and in
  /// which a name starts with what was typed when ``NameReference`` says it does: case folded,
  /// in canonical composition ("Straße" and "STRASSE" both give "strasse").
  ///
  /// A lookup through this key still confirms each candidate with the rule itself.
  public static func lookup(_ name: String) -> String {
    name.folding(options: [.caseInsensitive], locale: nil).precomposedStringWithCanonicalMapping
  }

  /// The key All Lists sorts by, as Finder does and in every locale alike: case, width and
  /// accents ignored at first, numbers by their value ("List 2" before "List 10"), then
  /// accents, so "apple" < "Éclair" < "List" < "List 1" < "list 2" < "List 10".
  ///
  /// Each run of digits becomes a length mark and the digits without leading zeros, so a
  /// longer number sorts after a shorter one; the mark is a character between "0" and "Z",
  /// which folded names never hold as letters.
  /// - Complexity: O(*n*) in the name's length.
  public static func displayOrder(_ name: String) -> String {
    let primary = numbered(
      name.folding(
        options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil))
    let secondary = numbered(
      name.folding(options: [.caseInsensitive, .widthInsensitive], locale: nil))
    // U+0001 sorts before every character a name holds, so a name that is the start of
    // another comes first, and accents only decide between names equal without them.
    return (primary + "\u{1}" + secondary).precomposedStringWithCanonicalMapping
  }

  /// Whether `a` comes before `b` in the byte order SQLite's default collation uses.
  public static func precedes(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }

  private static func numbered(_ text: String) -> String {
    var result = ""
    var digits = ""
    func flush() {
      guard !digits.isEmpty else { return }
      let value = digits.drop { $0 == "0" }
      let significant = value.isEmpty ? "0" : String(value)
      // "0" + length, capped at "Z": numbers of more than 42 digits compare by their digits.
      let mark = Unicode.Scalar(UInt8(0x30 + min(significant.count, 0x5A - 0x30)))
      result.unicodeScalars.append(mark)
      result += significant
      digits = ""
    }
    for scalar in text.unicodeScalars {
      if ("0"..."9").contains(scalar) {
        digits.unicodeScalars.append(scalar)
      } else {
        flush()
        result.unicodeScalars.append(scalar)
      }
    }
    flush()
    return result
  }
}
