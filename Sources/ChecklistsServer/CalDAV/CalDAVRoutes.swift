import ChecklistsCore
import ChecklistsStore
import Foundation
import HTTPServer
import WebDAV

/// The CalDAV handlers (RFC 4791, RFC 6578) for one signed-in user: discovery, the calendar
/// home, a collection per list, an object per item. The routes are declared in
/// ``RouteTable/calDAVRoutes(_:)``; each handler runs inside ``RouteContext/calDAV(_:_:)``,
/// which turns errors into WebDAV error bodies.
struct CalDAVRoutes: Sendable {
  /// Who is asking.
  let identity: Identity
  /// The user's services.
  let services: UserServices
  /// Called after every successful write, so open web pages update at once.
  let didWrite: @Sendable () -> Void
  /// The clock.
  let now: @Sendable () -> Date

  /// The name the user's principal and home are found under.
  var userName: String { identity.user.name }

  /// A collection named by a request's path.
  struct CollectionPath: Sendable {
    /// The `{user}` segment, decoded.
    var user: String
    /// The `{list}` segment, decoded.
    var list: String

    /// A collection's path, refusing a name that is a dot segment.
    /// - Throws: ``WebDAVError`` 403 for `.` or `..`, however encoded.
    init(user: String, list: String) throws {
      try CalDAVRoutes.checkName(list, of: "calendar")
      self.user = user
      self.list = list
    }
  }

  /// An object named by a request's path.
  struct ObjectPath: Sendable {
    var collection: CollectionPath
    /// The `{object}` segment, decoded.
    var name: String

    /// An object's path, refusing a name that is a dot segment.
    /// - Throws: ``WebDAVError`` 403 for `.` or `..`, however encoded.
    init(collection: CollectionPath, name: String) throws {
      try CalDAVRoutes.checkName(name, of: "calendar object")
      self.collection = collection
      self.name = name
    }
  }

  /// A path of the tree that no route takes (404), or a method its route does not (405, with
  /// `Allow`), answered as WebDAV answers, with a `DAV:error` body rather than the API's JSON
  /// problem: a client of the tree reads XML.
  static func unrouted(_ error: APIError, path: String) -> HTTPResponse {
    let message =
      error.status == 404
      ? "There is no resource \(path) here; calendars are under "
        + "/dav/calendars/{user}/." : error.detail
    var response = HTTPResponse.davError(WebDAVError(status: error.status, message: message))
    for (name, value) in error.headers { response.headers[name] = value }
    return response
  }

  /// Refuses `.` and `..` (sent as they are or percent-encoded, `%2e%2e`) as the name of a
  /// collection or an object: as a URL segment they mean this folder and the one above
  /// (RFC 3986, 5.2.4), so what is made there could not be named again.
  /// - Throws: ``WebDAVError`` 403 saying so.
  static func checkName(_ name: String, of what: String) throws {
    guard name == "." || name == ".." else { return }
    throw WebDAVError(
      status: 403,
      message: "'\(name)' cannot name a \(what): in a URL it means this folder or the one "
        + "above. Choose another name.")
  }

  /// What `/.well-known/caldav` answers, whatever the method (RFC 6764, 5).
  static let wellKnownRedirect = HTTPResponse(
    status: 301, headers: ["Location": CalDAVPath.root, "Cache-Control": "no-store"])

  /// The `DAV` header: the classes and CalDAV features this server has (RFC 4918, 10.1).
  static let davHeader = "1, 3, access-control, calendar-access, extended-mkcol"

  /// OPTIONS: the `DAV` classes, and in `Allow` the methods the path takes (from the table).
  static func options(_ request: HTTPRequest, table: RouteTable) -> HTTPResponse {
    var allowed = ["OPTIONS"]
    // No route has an empty method: the router answers with the methods the path takes.
    if case .methodNotAllowed(let methods) = table.router.match("", request.pathSegments) {
      allowed = methods
    }
    return HTTPResponse(
      status: 200,
      headers: [
        "DAV": davHeader, "Allow": allowed.joined(separator: ", "), "Content-Length": "0",
        "Cache-Control": "no-store",
      ])
  }

  /// Refuses a path that names another user's principal or home: each user sees their own
  /// (lists shared with them appear there too).
  /// - Throws: ``WebDAVError`` 404 naming the user's own home.
  func checkOwnHome(_ user: String) throws {
    guard user.lowercased() == userName.lowercased() else {
      throw WebDAVError(
        status: 404,
        message: "There is no calendar home for '\(user)' here; yours is "
          + "\(CalDAVPath.home(userName)).")
    }
  }
}
