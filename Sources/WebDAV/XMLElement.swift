/// An XML element as WebDAV bodies use it: a name, attributes, child elements and text.
///
/// Request bodies parse into these (``SafeXMLParser``); dead properties are kept as these and
/// written back with ``xml(prefixes:)``; properties the server answers with are built with the
/// helpers in `XMLElement+Building.swift`.
public struct XMLElement: Hashable, Sendable {
  /// The element's expanded name.
  public var name: XMLName
  /// The attributes, by name. An attribute in a namespace is keyed `{namespace}name`.
  public var attributes: [String: String]
  /// The child elements, in document order.
  public var children: [XMLElement]
  /// The element's own character data (CDATA included), concatenated, unescaped. For an
  /// element with children this is the text between them, which WebDAV bodies leave blank.
  public var text: String

  /// Makes an element.
  /// - Parameters:
  ///   - name: The element's expanded name.
  ///   - attributes: The attributes.
  ///   - children: The child elements.
  ///   - text: The character data.
  public init(
    _ name: XMLName, attributes: [String: String] = [:], children: [XMLElement] = [],
    text: String = ""
  ) {
    self.name = name
    self.attributes = attributes
    self.children = children
    self.text = text
  }

  /// The first child with this name.
  /// - Parameter name: The child's expanded name.
  /// - Returns: The child, or nil.
  public func child(_ name: XMLName) -> XMLElement? {
    children.first { $0.name == name }
  }

  /// Every child with this name, in document order.
  /// - Parameter name: The children's expanded name.
  /// - Returns: The children.
  public func children(_ name: XMLName) -> [XMLElement] {
    children.filter { $0.name == name }
  }

  /// The text with leading and trailing white space removed, as values such as hrefs and
  /// sync tokens are read.
  /// - Complexity: O(*w*) in the white space around the text, plus one copy of the text
  ///   (it used to build the text backwards and back again, Character by Character: a quarter
  ///   of a 5,000-href multiget's time).
  public var trimmedText: String {
    guard let first = text.firstIndex(where: { !$0.isWhitespace }),
      let last = text.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(text[first...last])
  }
}
