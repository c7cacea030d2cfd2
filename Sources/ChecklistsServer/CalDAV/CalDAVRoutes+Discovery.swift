import ChecklistsCore
import Foundation
import HTTPServer
import WebDAV

// Discovery (RFC 6764, RFC 5397, RFC 4791 6.2): from `/` or `/dav/` to the user's principal,
// and from there to the calendar home.
extension CalDAVRoutes {
  /// PROPFIND of `/` or `/dav/`: the tree's root, which names the user's principal (Apple's
  /// clients ask `/` rather than follow the well-known redirect) and their home.
  func propfindRoot(_ request: HTTPRequest) throws -> HTTPResponse {
    let selection = try PropfindRequest.parse(request.body)
    let href = request.path.hasSuffix("/") ? request.path : request.path + "/"
    let names: [XMLName] = [
      .dav("resourcetype"), .dav("displayname"), .dav("current-user-principal"),
      .dav("principal-collection-set"), .calDAV("calendar-home-set"),
    ]
    let response = MultiStatus.Response(
      href: href, request: selection, allprop: names, minimal: Self.isMinimal(request)
    ) { name in
      switch name {
      case .dav("resourcetype"): .nested(name, names: [.dav("collection")])
      case .dav("displayname"): .text(name, "Checklists")
      case .calDAV("calendar-home-set"): .hrefs(name, [CalDAVPath.home(userName)])
      default: commonProperty(name)
      }
    }
    return .multiStatus(MultiStatus(responses: [response]))
  }

  /// PROPFIND of a principal: who the user is and where their calendars are.
  func propfindPrincipal(_ request: HTTPRequest, user: String) throws -> HTTPResponse {
    try checkOwnPrincipal(user)
    let selection = try PropfindRequest.parse(request.body)
    let principal = CalDAVPath.principal(userName)
    let names: [XMLName] = [
      .dav("resourcetype"), .dav("displayname"), .dav("principal-URL"),
      .calDAV("calendar-home-set"), .calDAV("calendar-user-address-set"),
      .calDAV("calendar-user-type"), .dav("current-user-principal"),
      .dav("principal-collection-set"), .dav("supported-report-set"),
      .dav("current-user-privilege-set"), .dav("owner"),
    ]
    let response = MultiStatus.Response(
      href: principal, request: selection, allprop: names, minimal: Self.isMinimal(request)
    ) { name in
      switch name {
      case .dav("resourcetype"): .nested(name, names: [.dav("collection"), .dav("principal")])
      case .dav("displayname"): .text(name, userName)
      case .dav("principal-URL"), .dav("owner"): .hrefs(name, [principal])
      case .calDAV("calendar-home-set"): .hrefs(name, [CalDAVPath.home(userName)])
      case .calDAV("calendar-user-address-set"):
        .hrefs(name, ["urn:uuid:\(identity.user.id.uuidString.lowercased())", principal])
      case .calDAV("calendar-user-type"): .text(name, "INDIVIDUAL")
      case .dav("supported-report-set"): .supportedReportSet([])
      case .dav("current-user-privilege-set"): .privilegeSet(Self.readPrivileges)
      default: commonProperty(name)
      }
    }
    return .multiStatus(MultiStatus(responses: [response]))
  }

  /// Properties every resource of the tree answers.
  func commonProperty(_ name: XMLName) -> XMLElement? {
    switch name {
    case .dav("current-user-principal"): .hrefs(name, [CalDAVPath.principal(userName)])
    case .dav("principal-collection-set"): .hrefs(name, [CalDAVPath.principals])
    default: nil
    }
  }

  /// What a user may do where they may only look (RFC 3744, 3).
  static let readPrivileges: [XMLName] = [.dav("read"), .dav("read-current-user-privilege-set")]

  /// Whether the client asked to leave out what was not found (`Prefer: return=minimal`,
  /// RFC 8144; or the older `Brief: t`).
  static func isMinimal(_ request: HTTPRequest) -> Bool {
    let prefer = request.headers["Prefer"]?.lowercased() ?? ""
    return prefer.contains("return=minimal") || request.headers["Brief"]?.lowercased() == "t"
  }

  /// Refuses another user's principal.
  /// - Throws: ``WebDAVError`` 404 naming the user's own principal.
  func checkOwnPrincipal(_ user: String) throws {
    guard user.lowercased() == userName.lowercased() else {
      throw WebDAVError(
        status: 404,
        message: "There is no principal '\(user)' here; yours is "
          + "\(CalDAVPath.principal(userName)).")
    }
  }
}
