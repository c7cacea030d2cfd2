import ChecklistsCore
import ChecklistsStore
import Foundation
import HTTPServer
import WebDAV

extension RouteContext {
  /// Runs a CalDAV handler for the signed-in user, answering its errors as WebDAV does: a
  /// precondition in an `application/xml` `DAV:error` body (RFC 4918, 16), other failures
  /// with their status and a sentence naming the problem; a failure of the database, with a
  /// request id only (``ServerFaults``).
  func calDAV(
    _ request: HTTPRequest, _ body: (CalDAVRoutes) throws -> HTTPResponse
  ) throws -> HTTPResponse {
    let identity = try signedIn()
    let directory = gateway.authenticator.directory
    do {
      let routes = CalDAVRoutes(
        identity: identity, services: try directory.services(for: identity.user),
        didWrite: gateway.didWrite, now: directory.now)
      return try body(routes)
    } catch let error as WebDAVError {
      return HTTPResponse.davError(error)
    } catch let error as ChecklistsError {
      if let fault = gateway.faults.fault(error, in: request) { return fault.davError }
      let status = APIError(error).status
      return HTTPResponse.davError(
        WebDAVError(
          status: status,
          precondition: status == 403 ? XMLName.dav("need-privileges") : nil,
          message: error.description))
    }
  }
}
