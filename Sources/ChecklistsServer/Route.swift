import HTTPServer

/// One HTTP route of the server, declared once in the ``RouteTable``: the method and path,
/// who may call it, how big a body it takes, what the OpenAPI document says about it, and the
/// handler. The router, the body limits, the sign-in gate, the document's `paths` and the
/// isolation tests' list of routes all come from these values.
struct Route: Sendable {
  /// Who may call a route. ``APIGateway`` checks it before the handler runs.
  enum Access: Sendable, Equatable {
    /// Anyone; the handler works out who is asking if it needs to (signing in, the web
    /// app's files, the document).
    case `public`
    /// A signed-in user (or anyone, on a single-user server); writes must come from this
    /// site's pages or with an API token.
    case signedIn
    /// Signed in, with this role or better on the list the path names (the route may need
    /// more for some changes, as an editor's to rename an item where a checker only checks
    /// it). The services check the role; a list the user cannot see is 404, never 403.
    case listRole(ListRole)
    /// A page of the web app: a browser that must sign in first is sent to `/login`.
    case page
    /// CalDAV: HTTP Basic (the password, or an API token as an app password) or a bearer
    /// token, never a cookie, so there is no cross-site write to refuse; only over HTTPS
    /// unless the client is on this machine (``Authenticator/identifyDAV(_:)``).
    case dav
  }

  /// The least a user needs on a list to call a route that names it.
  enum ListRole: Sendable, Equatable {
    /// Anyone the list is shared with.
    case viewer
    /// Checks items off, or puts them in the cart.
    case checker
    /// Adds, edits, moves and deletes items.
    case editor
    /// Renames, deletes and shares the list: its owner only.
    case owner
  }

  /// Answers a matched request. The context holds the gateway and, on routes for signed-in
  /// users, who they are.
  typealias Handler = @Sendable (RouteContext, HTTPRequest, Parameters) throws -> HTTPResponse

  /// The captured segments of a matched path.
  struct Parameters: Sendable {
    var values: [String: String] = [:]
    subscript(name: String) -> String { values[name] ?? "" }
  }

  /// A body bigger than this is refused with 413 before it is read.
  enum BodyLimit: Int, Sendable {
    /// JSON bodies stay small.
    case standard = 1_048_576
    /// An imported Checklists.plist of 100,000 items is about 6 MB; a command line carries
    /// its files.
    case upload = 67_108_864
  }

  /// "GET", "POST", "PUT", "PATCH", "DELETE" or a WebDAV method ("PROPFIND", "REPORT", …);
  /// GET routes answer HEAD too.
  var method: String
  /// The path, where `{name}` captures one segment and a last `{name...}` the rest.
  var path: String
  var access: Access
  var bodyLimit: BodyLimit
  /// Parameters of every operation on this path (the `{id}` of `/api/v1/items/{id}`).
  var pathParameters: [OpenAPIParameter]
  /// What the OpenAPI document says; nil for the web app's pages and files, which it leaves
  /// out.
  var operation: OpenAPIOperation?
  var handler: Handler

  /// The path's segments.
  var segments: [String] { Self.segments(path) }

  /// The methods that change nothing (RFC 9110, 9.2.1; WebDAV's `PROPFIND`, RFC 4918, 9.1,
  /// and `REPORT`, RFC 3253, 3.6): every other method's route may change something, so its
  /// requests must come from no page or from this server's own (``APIGateway``).
  static let safeMethods: Set<String> = ["GET", "HEAD", "OPTIONS", "PROPFIND", "REPORT"]

  /// Whether a request of this route may change anything: its method is not safe.
  var changesState: Bool { !Self.safeMethods.contains(method) }

  static func segments(_ path: String) -> [String] {
    path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
  }
}
