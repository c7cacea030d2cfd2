// Reading request bodies: the checks every request parser shares, with messages that name the
// element a client got wrong.

extension XMLElement {
  /// Parses a body and checks its root element's name.
  static func parseBody(
    _ body: [UInt8], root expected: [XMLName], for what: String,
    limits: SafeXMLParser.Limits
  ) throws(WebDAVError) -> XMLElement {
    let root = try SafeXMLParser.parse(body, limits: limits)
    guard expected.contains(root.name) else {
      let names = expected.map(\.prefixedDescription).joined(separator: " or ")
      throw .badRequest(
        "The \(what) body's root element is \(root.name.prefixedDescription); it must be \(names)."
      )
    }
    return root
  }

  /// The one child with this name; an error naming the parent when it is missing.
  func requiredChild(_ name: XMLName) throws(WebDAVError) -> XMLElement {
    guard let child = child(name) else {
      throw .badRequest(
        "The \(self.name.prefixedDescription) element has no \(name.prefixedDescription) element.")
    }
    return child
  }

  /// The names of the child elements, as a `DAV:prop` lists properties.
  var childNames: [XMLName] { children.map(\.name) }
}

/// Whether a body has nothing but white space, which several methods take as "no body".
func isBlank(_ body: [UInt8]) -> Bool {
  var rest = body[...]
  if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
  return rest.allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
}

extension XMLName {
  /// The name with the prefix this package writes for its namespace (`d:prop`,
  /// `cal:calendar-query`), or Clark notation for other namespaces, for error messages.
  var prefixedDescription: String {
    if let prefix = XMLNamespaces.wellKnown[namespace] { return "\(prefix):\(name)" }
    return namespace.isEmpty ? name : description
  }
}
