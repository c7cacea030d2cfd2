/// Decoding of `%XY` escapes in request paths and query strings.
enum PercentDecoding {
  /// Why a decoded component was refused.
  enum Failure: Error, Equatable {
    /// The decoded bytes are not valid UTF-8.
    case invalidUTF8
    /// The decoded bytes contain a NUL character.
    case nulCharacter
  }

  /// Decodes `%XY` escapes (and, for query strings, `+` as a space) into bytes; an escape
  /// that is not two hexadecimal digits stays as written.
  ///
  /// - Parameters:
  ///   - input: The raw component, as received.
  ///   - plusIsSpace: Whether `+` means a space, as in `application/x-www-form-urlencoded`.
  /// - Returns: The decoded bytes.
  /// - Complexity: O(*n*) in the length of `input`.
  static func bytes(_ input: [UInt8], plusIsSpace: Bool) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(input.count)
    var index = 0
    while index < input.count {
      let byte = input[index]
      if byte == UInt8(ascii: "%"), index + 2 < input.count,
        let high = hexValue(input[index + 1]), let low = hexValue(input[index + 2])
      {
        output.append(high << 4 | low)
        index += 3
        continue
      }
      output.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
      index += 1
    }
    return output
  }

  /// Decodes a component into a string, refusing invalid UTF-8 and NUL characters.
  ///
  /// - Parameters:
  ///   - input: The raw component, as received.
  ///   - plusIsSpace: Whether `+` means a space.
  /// - Returns: The decoded string.
  /// - Throws: `Failure` when the decoded bytes are no acceptable text.
  static func string(_ input: [UInt8], plusIsSpace: Bool) throws(Failure) -> String {
    let decoded = bytes(input, plusIsSpace: plusIsSpace)
    guard let string = String(validating: decoded, as: UTF8.self) else {
      throw .invalidUTF8
    }
    guard !decoded.contains(0) else { throw .nulCharacter }
    return string
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
