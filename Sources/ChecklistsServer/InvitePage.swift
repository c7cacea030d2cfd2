import ChecklistsMessages
import HTTPServer

/// The page of an invite link, `/invite/{token}`: the web app's `invite/invite.html`, served
/// without a session (whoever opens it may have no account yet). Its script reads the token
/// from the address and asks `/api/v1/invitations/{token}` what the link is for.
enum InvitePage {
  /// Where the page is among the web app's files.
  static let assetPath = "/invite/invite.html"

  /// Answers `/invite/{token}`, whatever the token: the page says when it names nothing.
  static func response(for request: HTTPRequest) -> HTTPResponse {
    guard let asset = WebAssets.all[assetPath] else {
      return .problem(
        status: 404,
        detail: MessageCatalogue.english.text(
          "server.api.buildChecklistsNo", ["assetPath": "\(assetPath)"]))
    }
    // The address holds a secret: no cache keeps the page under it.
    return HTTPResponse(
      status: 200,
      headers: ["Content-Type": asset.contentType, "Cache-Control": "no-store"],
      body: asset.bytes)
  }

  /// A request path with an invite link's token left out, as the access log writes it:
  /// `/invite/…` and `/api/v1/invitations/…/accept`. A token in a log would let whoever reads
  /// it in.
  static func redacted(_ path: String) -> String {
    for prefix in ["/invite/", "/api/v1/invitations/"] where path.hasPrefix(prefix) {
      let rest = path.dropFirst(prefix.count)
      let tail = rest.firstIndex { $0 == "/" || $0 == "?" }.map { rest[$0...] } ?? ""
      return prefix + "…" + tail
    }
    return path
  }
}
