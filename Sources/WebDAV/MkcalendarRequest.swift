/// The body of a MKCALENDAR (RFC 4791 section 5.3.1) or an extended MKCOL (RFC 5689): the
/// properties to give the new collection.
public struct MkcalendarRequest: Sendable, Hashable {
  /// The method the body came with.
  public enum Kind: Sendable, Hashable {
    /// `cal:mkcalendar`: the collection is a calendar.
    case mkcalendar
    /// `d:mkcol`: the collection's kind is in the `d:resourcetype` it sets.
    case mkcol
  }

  /// Which body it was; `.mkcalendar` for an empty MKCALENDAR.
  public var kind: Kind
  /// The properties to set, in document order (`d:displayname`, `ical:calendar-color`, ...),
  /// including `d:resourcetype` for an extended MKCOL.
  public var set: [XMLElement]

  /// Makes a request.
  /// - Parameters:
  ///   - kind: The method's body kind.
  ///   - set: The properties to set.
  public init(kind: Kind, set: [XMLElement]) {
    self.kind = kind
    self.set = set
  }

  /// The resource types an extended MKCOL asks for (`d:collection`, `cal:calendar`), or nil
  /// when it sets no `d:resourcetype`.
  public var resourceType: [XMLName]? {
    self.set.first { $0.name == .dav("resourcetype") }?.childNames
  }

  /// Whether the new collection is to be a calendar: a MKCALENDAR, or an extended MKCOL whose
  /// resource type includes `cal:calendar`.
  public var makesCalendar: Bool {
    kind == .mkcalendar || (resourceType ?? []).contains(.calDAV("calendar"))
  }

  /// Reads a MKCALENDAR or extended MKCOL body; an empty one sets nothing.
  /// - Parameters:
  ///   - body: The request body.
  ///   - limits: The parser's limits.
  /// - Returns: The properties to set.
  /// - Throws: ``WebDAVError`` (400) when the body is not XML, its root is neither
  ///   `cal:mkcalendar` nor `d:mkcol`, or a `d:set` has no `d:prop`.
  public static func parse(_ body: [UInt8], limits: SafeXMLParser.Limits = .init())
    throws(WebDAVError) -> MkcalendarRequest
  {
    if isBlank(body) { return MkcalendarRequest(kind: .mkcalendar, set: []) }
    let root = try XMLElement.parseBody(
      body, root: [.calDAV("mkcalendar"), .dav("mkcol")], for: "MKCALENDAR or MKCOL",
      limits: limits)
    var set: [XMLElement] = []
    for instruction in root.children(.dav("set")) {
      let prop = try instruction.requiredChild(.dav("prop"))
      set += prop.children
    }
    return MkcalendarRequest(kind: root.name == .dav("mkcol") ? .mkcol : .mkcalendar, set: set)
  }
}
