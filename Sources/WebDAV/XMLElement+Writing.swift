extension XMLElement {
  /// Writes the element as XML text, declaring on itself every namespace it uses that is not
  /// in `prefixes`.
  ///
  /// A dead property is stored as `property.xml()` and read back with ``SafeXMLParser``: the
  /// same names, namespaces, attributes and text. Prefixes are this package's own (`d:`,
  /// `cal:`, `cs:`, `ical:`, then `x1:`...), not the client's; WebDAV compares names, not
  /// prefixes.
  /// - Parameter prefixes: Namespace URI to prefix, for namespaces an enclosing element
  ///   already declares.
  /// - Returns: The element's text, without an XML declaration.
  public func xml(prefixes: [String: String] = [:]) -> String {
    var namespaces = XMLNamespaces(inScope: prefixes)
    namespaces.collect([self])
    var out = ""
    write(to: &out, namespaces: namespaces, declarations: namespaces.declarations)
    return out
  }

  /// Appends the element; `declarations` go on this element's start tag.
  func write(to out: inout String, namespaces: XMLNamespaces, declarations: String = "") {
    let tag = namespaces.qualified(name)
    out += "<"
    out += tag
    out += declarations
    for key in attributes.keys.sorted() {
      out +=
        " \(namespaces.qualified(attribute: key))=\"\(XMLEscaping.attribute(attributes[key]!))\""
    }
    // Mixed content is not kept in order: the text goes first, and white space between
    // child elements (indentation) is dropped.
    let text = children.isEmpty || !text.allSatisfy(\.isWhitespace) ? self.text : ""
    if children.isEmpty && text.isEmpty {
      out += "/>"
      return
    }
    out += ">"
    out += XMLEscaping.text(text)
    for child in children { child.write(to: &out, namespaces: namespaces) }
    out += "</\(tag)>"
  }
}
