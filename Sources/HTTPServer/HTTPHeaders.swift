/// The header fields of a request or response: ordered name–value pairs whose names are
/// compared without regard to ASCII case.
///
/// Order and repeated names are kept as given, so a response's headers go out exactly as
/// the application listed them.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
  /// One header field.
  public typealias Element = (name: String, value: String)

  private var fields: [Element]

  /// Creates headers from name–value pairs, keeping their order.
  ///
  /// - Parameter fields: The header fields in order; names may repeat.
  public init(_ fields: [(name: String, value: String)] = []) {
    self.fields = fields
  }

  /// Creates headers from a dictionary literal, keeping the literal's order.
  ///
  /// - Parameter elements: The name–value pairs as written.
  public init(dictionaryLiteral elements: (String, String)...) {
    self.fields = elements.map { (name: $0.0, value: $0.1) }
  }

  /// The number of header fields, counting repeated names separately.
  public var count: Int { fields.count }

  /// Whether there are no header fields at all.
  public var isEmpty: Bool { fields.isEmpty }

  /// The first value of the named header; setting replaces every field of that name
  /// (at the position of the first one), and setting `nil` removes them all.
  ///
  /// - Parameter name: The header name, compared without regard to ASCII case.
  /// - Complexity: O(*n*) in the number of fields.
  public subscript(name: String) -> String? {
    get {
      fields.first { Self.namesMatch($0.name, name) }?.value
    }
    set {
      let position = fields.firstIndex { Self.namesMatch($0.name, name) }
      fields.removeAll { Self.namesMatch($0.name, name) }
      guard let newValue else { return }
      fields.insert((name: name, value: newValue), at: position ?? fields.endIndex)
    }
  }

  /// Every value of the named header, in order.
  ///
  /// - Parameter name: The header name, compared without regard to ASCII case.
  /// - Returns: The values, or an empty array when the header is absent.
  public func values(for name: String) -> [String] {
    fields.filter { Self.namesMatch($0.name, name) }.map(\.value)
  }

  /// Whether a header with this name is present.
  ///
  /// - Parameter name: The header name, compared without regard to ASCII case.
  public func contains(_ name: String) -> Bool {
    fields.contains { Self.namesMatch($0.name, name) }
  }

  /// Appends a field, keeping any existing fields of the same name.
  ///
  /// - Parameters:
  ///   - name: The header name.
  ///   - value: The header value.
  public mutating func add(_ name: String, _ value: String) {
    fields.append((name: name, value: value))
  }

  /// Removes every field with this name.
  ///
  /// - Parameter name: The header name, compared without regard to ASCII case.
  public mutating func remove(_ name: String) {
    fields.removeAll { Self.namesMatch($0.name, name) }
  }

  /// Returns an iterator over the fields in order.
  public func makeIterator() -> IndexingIterator<[Element]> {
    fields.makeIterator()
  }

  /// Compares two header names byte by byte, folding ASCII letters only, as RFC 9110 asks.
  static func namesMatch(_ lhs: String, _ rhs: String) -> Bool {
    let left = lhs.utf8
    let right = rhs.utf8
    guard left.count == right.count else { return false }
    for (a, b) in zip(left, right) where a != b {
      guard lowercased(a) == lowercased(b) else { return false }
    }
    return true
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
  }
}

extension HTTPHeaders: CustomStringConvertible {
  /// The fields as they would appear on the wire, one per line.
  public var description: String {
    fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
  }
}
