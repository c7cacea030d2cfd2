/// What a PROPFIND asks for (RFC 4918 section 9.1), and what the property-selecting reports
/// (calendar-query, calendar-multiget, sync-collection) ask for in the same words.
public enum PropfindRequest: Sendable, Hashable {
  /// These properties, by name, in the order asked; those a resource lacks go in a 404 propstat.
  case prop([XMLName])
  /// Every live property the server defines plus the dead ones, and the `include`d ones too
  /// (RFC 4918 section 14.8); an empty PROPFIND body means `allprop` with nothing included.
  case allprop(include: [XMLName])
  /// The names of the properties, without values.
  case propname
}

extension PropfindRequest {
  /// The most properties a PROPFIND (or a report's `d:prop`, or a PROPPATCH) may name.
  /// Clients name fewer than 60 (Apple's collection listing, the longest recorded, names 25);
  /// the answer holds each name once per resource, so the names bound its size with the
  /// number of resources.
  public static let maxPropertyNames = 1_000

  /// Refuses a request that names more than ``maxPropertyNames`` properties.
  /// - Parameters:
  ///   - count: How many distinct names the request holds so far.
  ///   - element: The element naming them, for the message.
  /// - Throws: ``WebDAVError`` (400) naming the limit.
  static func checkPropertyCount(_ count: Int, in element: XMLElement) throws(WebDAVError) {
    guard count > maxPropertyNames else { return }
    throw .badRequest(
      "The \(element.name.prefixedDescription) element names more than \(maxPropertyNames) properties; at most \(maxPropertyNames) are accepted."
    )
  }

  /// Reads a PROPFIND body (RFC 4918 section 14.20): `prop`, `allprop` (with an optional
  /// `include`) or `propname`. An empty body asks for `allprop`.
  /// - Parameters:
  ///   - body: The request body.
  ///   - limits: The parser's limits.
  /// - Returns: What the client asked for.
  /// - Throws: ``WebDAVError`` (400) when the body is not XML, its root is not `DAV:propfind`,
  ///   it holds none of `prop`, `allprop` and `propname`, or it names more than
  ///   ``maxPropertyNames`` properties.
  /// - Complexity: O(*n*) in the number of names.
  public static func parse(_ body: [UInt8], limits: SafeXMLParser.Limits = .init())
    throws(WebDAVError) -> PropfindRequest
  {
    if isBlank(body) { return .allprop(include: []) }
    let root = try XMLElement.parseBody(
      body, root: [.dav("propfind")], for: "PROPFIND", limits: limits)
    guard let request = try selection(in: root) else {
      throw .badRequest(
        "The d:propfind element holds none of d:prop, d:allprop and d:propname.")
    }
    return request
  }

  /// The property selection among an element's children (a PROPFIND, or a REPORT that returns
  /// properties), or nil when it has none.
  /// - Parameter element: The `propfind` or report element.
  /// - Returns: The selection, or nil.
  /// - Throws: ``WebDAVError`` (400) when it asks for more than one of them, or names more than
  ///   ``maxPropertyNames`` properties.
  public static func selection(in element: XMLElement) throws(WebDAVError) -> PropfindRequest? {
    let found = element.children.filter {
      [.dav("prop"), .dav("allprop"), .dav("propname")].contains($0.name)
    }
    guard let first = found.first else { return nil }
    if let second = found.dropFirst().first(where: { $0.name != first.name }) {
      throw .badRequest(
        "The \(element.name.prefixedDescription) element holds both \(first.name.prefixedDescription) and \(second.name.prefixedDescription); it may hold only one of them."
      )
    }
    switch first.name.name {
    case "prop":
      // Several d:prop elements are merged, in order, each name once. A set, not a search of
      // the names so far: that made 20,000 names cost 35 s.
      var names: [XMLName] = []
      var seen: Set<XMLName> = []
      for prop in found {
        for name in prop.childNames where seen.insert(name).inserted {
          names.append(name)
          try checkPropertyCount(names.count, in: element)
        }
      }
      return .prop(names)
    case "allprop":
      let include = element.child(.dav("include"))?.childNames ?? []
      try checkPropertyCount(include.count, in: element)
      return .allprop(include: include)
    default:
      return .propname
    }
  }
}
