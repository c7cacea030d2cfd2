/// The namespace prefixes of a document being written: the four CalDAV clients know
/// (`d:`, `cal:`, `cs:`, `ical:`) and generated ones (`x1:`, `x2:`, ...) for any other.
///
/// A writer collects the namespaces of everything it will write first, so that each is
/// declared once, on the root element.
struct XMLNamespaces {
  /// The fixed prefixes, by namespace.
  static let wellKnown: [String: String] = [
    XMLName.davNamespace: "d", XMLName.calDAVNamespace: "cal",
    XMLName.calendarServerNamespace: "cs", XMLName.appleICalNamespace: "ical",
  ]
  /// The namespace of the `xml:` prefix, which is never declared.
  static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

  /// Prefix by namespace, in scope.
  private(set) var prefixes: [String: String]
  /// The prefixes taken, so that finding a free one does not search ``prefixes`` (that made
  /// writing a body of thousands of namespaces quadratic).
  private var taken: Set<String>
  /// The namespaces in the order they were first used, for the declarations.
  private(set) var declared: [String] = []

  /// A table with the given prefixes already in scope (declared by an enclosing element).
  init(inScope: [String: String] = [:]) {
    prefixes = inScope
    taken = Set(inScope.values)
  }

  /// Assigns a prefix to every namespace used by these elements and their descendants.
  mutating func collect(_ elements: [XMLElement]) {
    for element in elements {
      use(element.name.namespace)
      for key in element.attributes.keys {
        if let (namespace, _) = Self.split(attribute: key) { use(namespace) }
      }
      collect(element.children)
    }
  }

  /// Assigns a prefix to a namespace if it has none yet.
  /// - Complexity: O(1) amortized.
  mutating func use(_ namespace: String) {
    guard !namespace.isEmpty, namespace != Self.xmlNamespace, prefixes[namespace] == nil else {
      return
    }
    var prefix = Self.wellKnown[namespace] ?? ""
    if prefix.isEmpty || taken.contains(prefix) {
      var number = prefixes.count + 1
      while taken.contains("x\(number)") { number += 1 }
      prefix = "x\(number)"
    }
    prefixes[namespace] = prefix
    taken.insert(prefix)
    declared.append(namespace)
  }

  /// The `xmlns:p="..."` declarations of the namespaces collected here, each once.
  var declarations: String {
    declared.map { " xmlns:\(prefixes[$0]!)=\"\(XMLEscaping.attribute($0))\"" }.joined()
  }

  /// The qualified name to write for an element.
  func qualified(_ name: XMLName) -> String {
    guard !name.namespace.isEmpty, let prefix = prefixes[name.namespace] else { return name.name }
    return "\(prefix):\(name.name)"
  }

  /// The qualified name to write for an attribute key (`{namespace}name` or a plain name).
  func qualified(attribute key: String) -> String {
    guard let (namespace, local) = Self.split(attribute: key) else { return key }
    if namespace == Self.xmlNamespace { return "xml:\(local)" }
    guard let prefix = prefixes[namespace] else { return local }
    return "\(prefix):\(local)"
  }

  /// Splits `{namespace}name` into its parts; nil for a plain name.
  static func split(attribute key: String) -> (String, String)? {
    guard key.hasPrefix("{"), let close = key.firstIndex(of: "}") else { return nil }
    return (
      String(key[key.index(after: key.startIndex)..<close]), String(key[key.index(after: close)...])
    )
  }
}
