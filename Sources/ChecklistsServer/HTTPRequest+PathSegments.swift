import HTTPServer

extension HTTPRequest {
  /// The path's segments, split at the slashes the client wrote and then percent-decoded
  /// each: in `/api/v1/items/a%2Fb` the last segment is `a/b`, data and never two segments.
  /// Empty segments (`//`, a trailing `/`) are left out.
  /// - Complexity: O(*n*) in the length of the path.
  var pathSegments: [String] {
    rawPath.split(separator: "/", omittingEmptySubsequences: true).map {
      Self.percentDecoded(Array($0.utf8))
    }
  }

  /// Decodes `%XY` escapes; one that is not two hexadecimal digits stays as written, as the
  /// server's own decoding of ``path`` leaves it. (That decoding has already refused invalid
  /// UTF-8 and NUL in the whole path, so no segment holds either.)
  private static func percentDecoded(_ bytes: [UInt8]) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
        let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
      {
        output.append(high << 4 | low)
        index += 3
      } else {
        output.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
