import ChecklistsStore
import Foundation

/// The URLs of the CalDAV tree, built in one place: a principal and a calendar home per user,
/// a collection per list, an object per item (docs/CALDAV.md).
///
///     /dav/principals/{user}/
///     /dav/calendars/{user}/
///     /dav/calendars/{user}/{listID}/
///     /dav/calendars/{user}/{listID}/{name}.ics
///
/// Names are percent-encoded in hrefs; list ids are lowercase UUIDs.
enum CalDAVPath {
  /// RFC 6764's starting point, redirected to ``root``.
  static let wellKnown = "/.well-known/caldav"
  /// The root of the tree: what discovery is sent to.
  static let root = "/dav/"
  /// The collection of principals.
  static let principals = "/dav/principals/"

  /// Whether a path is in the tree (`/dav` or below), where every answer is WebDAV's.
  static func contains(_ path: String) -> Bool {
    path == "/dav" || path.hasPrefix(root)
  }

  /// A user's principal.
  static func principal(_ user: String) -> String {
    "/dav/principals/\(segment(user))/"
  }

  /// A user's calendar home: their lists and the lists shared with them.
  static func home(_ user: String) -> String {
    "/dav/calendars/\(segment(user))/"
  }

  /// A list's calendar collection in a user's home.
  static func collection(_ user: String, _ listID: UUID) -> String {
    home(user) + listID.uuidString.lowercased() + "/"
  }

  /// A collection's URL in a user's home: the name a client made it at (percent-encoded), or
  /// its id.
  static func collection(_ user: String, _ collection: CalendarCollection) -> String {
    guard let name = collection.properties.pathName else {
      return self.collection(user, collection.id)
    }
    return home(user) + segment(name) + "/"
  }

  /// An object of a collection.
  static func object(_ user: String, _ collection: CalendarCollection, _ name: String) -> String {
    self.collection(user, collection) + segment(name)
  }

  /// An object (an item or a shopping line) of a list.
  static func object(_ user: String, _ listID: UUID, _ name: String) -> String {
    collection(user, listID) + segment(name)
  }

  /// The name of the object an href names inside a collection, or nil when it names
  /// something else (a multiget may list any href).
  /// - Parameters:
  ///   - href: An absolute path or a full URL, percent-encoded.
  ///   - collection: The collection's own path (``collection(_:_:)``).
  static func objectName(_ href: String, in collection: String) -> String? {
    var path = href
    if let url = URL(string: href), url.scheme != nil { path = url.path(percentEncoded: true) }
    guard path.hasPrefix(collection) else { return nil }
    let rest = path.dropFirst(collection.count)
    guard !rest.isEmpty, !rest.contains("/") else { return nil }
    return String(rest).removingPercentEncoding
  }

  /// A path segment percent-encoded: everything but RFC 3986's unreserved characters.
  static func segment(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
  }

  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
