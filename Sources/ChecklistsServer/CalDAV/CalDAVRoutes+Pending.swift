import HTTPServer
import WebDAV

// Temporary: handlers waiting for the WebDAV and store APIs.
extension CalDAVRoutes {
  private func pending() throws -> HTTPResponse {
    throw WebDAVError(status: 501, message: "Not yet.")
  }
  func proppatchCollection(_ request: HTTPRequest, _ path: CollectionPath) throws -> HTTPResponse { try pending() }
  func makeCollection(_ request: HTTPRequest, _ path: CollectionPath) throws -> HTTPResponse { try pending() }
  func deleteCollection(_ request: HTTPRequest, _ path: CollectionPath) throws -> HTTPResponse { try pending() }
  func report(_ request: HTTPRequest, _ path: CollectionPath) throws -> HTTPResponse { try pending() }
}
