import Foundation
import HTTPServer
import WebDAV

extension HTTPResponse {
  /// A WebDAV error: its status, and a `DAV:error` body naming the precondition and the
  /// problem (RFC 4918, 16); never cached. A 401 carries the Basic challenge.
  static func davError(_ error: WebDAVError) -> HTTPResponse {
    var headers: HTTPHeaders = [
      "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "no-store",
    ]
    if error.status == 401 { headers["WWW-Authenticate"] = Authenticator.davChallenge }
    return HTTPResponse(status: error.status, headers: headers, text: error.xml())
  }

  /// A `207 Multi-Status` answer.
  static func multiStatus(_ body: MultiStatus) -> HTTPResponse {
    HTTPResponse(
      status: 207,
      headers: ["Content-Type": "application/xml; charset=utf-8", "Cache-Control": "no-store"],
      text: body.xml())
  }
}
