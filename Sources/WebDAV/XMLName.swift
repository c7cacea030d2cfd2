/// An XML element's expanded name: its namespace URI and its local name.
///
/// WebDAV identifies properties, reports and preconditions by expanded name, never by prefix:
/// `<D:getetag xmlns:D="DAV:"/>` and `<getetag xmlns="DAV:"/>` are the same property.
public struct XMLName: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The namespace URI; empty for an element in no namespace.
  public var namespace: String
  /// The local name, without a prefix.
  public var name: String

  /// Makes an expanded name.
  /// - Parameters:
  ///   - namespace: The namespace URI ("" for none).
  ///   - name: The local name.
  public init(_ namespace: String, _ name: String) {
    self.namespace = namespace
    self.name = name
  }

  /// WebDAV's namespace (RFC 4918).
  public static let davNamespace = "DAV:"
  /// CalDAV's namespace (RFC 4791).
  public static let calDAVNamespace = "urn:ietf:params:xml:ns:caldav"
  /// The namespace of Apple's calendar server extensions (`getctag`).
  public static let calendarServerNamespace = "http://calendarserver.org/ns/"
  /// The namespace of Apple iCal's properties (`calendar-color`, `calendar-order`).
  public static let appleICalNamespace = "http://apple.com/ns/ical/"

  /// A name in the `DAV:` namespace.
  public static func dav(_ name: String) -> XMLName { XMLName(davNamespace, name) }
  /// A name in CalDAV's namespace.
  public static func calDAV(_ name: String) -> XMLName { XMLName(calDAVNamespace, name) }
  /// A name in the calendar server's namespace.
  public static func calendarServer(_ name: String) -> XMLName {
    XMLName(calendarServerNamespace, name)
  }
  /// A name in Apple iCal's namespace.
  public static func appleICal(_ name: String) -> XMLName { XMLName(appleICalNamespace, name) }

  /// Clark notation, `{DAV:}getetag`, as error messages and logs show it.
  public var description: String { "{\(namespace)}\(name)" }

  /// Orders by namespace, then local name, so that lists of names print the same way each time.
  public static func < (lhs: XMLName, rhs: XMLName) -> Bool {
    (lhs.namespace, lhs.name) < (rhs.namespace, rhs.name)
  }
}
