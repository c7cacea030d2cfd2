import Foundation

/// The `Depth` request header (RFC 4918 section 10.2): how far below the target a PROPFIND or
/// REPORT reaches.
public enum Depth: String, Sendable, Hashable {
  /// The target only.
  case zero = "0"
  /// The target and its members.
  case one = "1"
  /// The target and everything below it.
  case infinity

  /// Reads a header value: `0`, `1` or `infinity` (any case, surrounding blanks ignored).
  /// - Parameter header: The header's value.
  public init?(header: String) {
    switch header.trimmingCharacters(in: .whitespaces).lowercased() {
    case "0": self = .zero
    case "1": self = .one
    case "infinity": self = .infinity
    default: return nil
    }
  }

  /// Reads the header of a request, with the method's default when it is absent
  /// (`infinity` for PROPFIND, `0` for REPORT).
  /// - Parameters:
  ///   - header: The header's value, or nil when the request has none.
  ///   - default: The depth when there is no header.
  /// - Returns: The depth.
  /// - Throws: ``WebDAVError`` (400) naming the value when it is not `0`, `1` or `infinity`.
  public static func parse(_ header: String?, default: Depth) throws(WebDAVError) -> Depth {
    guard let header else { return `default` }
    guard let depth = Depth(header: header) else {
      throw .badRequest("The Depth header is '\(header)'; it must be 0, 1 or infinity.")
    }
    return depth
  }
}
