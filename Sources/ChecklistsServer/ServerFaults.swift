import ChecklistsCore
import HTTPServer
import WebDAV

/// Answers the server's own failures, a database that fails underneath or an error no route
/// expected, without telling the client what is inside: the client gets a short sentence and
/// a request id (the problem's `requestId` member and the `X-Request-ID` header); the log
/// line with the same id has the whole error, with the database's location, file paths and
/// the error's type.
///
/// Everything else a route throws (a broken rule, an unknown list, a role too low) is the
/// client's to know and keeps its sentence.
struct ServerFaults: Sendable {
  /// Writes a log line.
  let log: @Sendable (String) -> Void
  /// Told of every failure of the database, for its line every 5 s.
  let outages: DatabaseOutageLog?

  /// The header that carries a failure's request id.
  static let requestIDHeader = "X-Request-ID"

  /// The sentence a client gets when the database fails underneath.
  static let unavailable =
    "The server cannot reach its database right now; try again shortly. If this goes on, "
    + "its operator will find the details in the server's log under this request's id."
  /// The sentence a client gets for an error no route expected.
  static let unexpected =
    "Something went wrong on the server. Its operator will find the details in the server's "
    + "log under this request's id."

  /// A failure as the client sees it, once the log has the rest.
  struct Fault: Sendable {
    /// 503 for the database, 500 for anything else.
    var status: Int
    /// The short sentence for the client.
    var detail: String
    /// The id the log line has too.
    var requestID: String

    /// The problem+json answer (RFC 9457), with `requestId` and `X-Request-ID`.
    var problem: APIError {
      APIError(
        status: status, detail: detail, headers: headers, members: ["requestId": .string(requestID)]
      )
    }

    /// The WebDAV answer: a `DAV:error` body whose message names the request id.
    var davError: HTTPResponse {
      var response = HTTPResponse.davError(
        WebDAVError(status: status, message: "\(detail) (Request id: \(requestID).)"))
      for (name, value) in headers { response.headers[name] = value }
      return response
    }

    var headers: HTTPHeaders {
      var headers: HTTPHeaders = [
        ServerFaults.requestIDHeader: requestID, "Cache-Control": "no-store",
      ]
      if status == 503 { headers["Retry-After"] = String(ChecklistsServer.retryAfterSeconds) }
      return headers
    }
  }

  /// The fault `error` is, when it is the server's own (the database's, or one no route
  /// expected); nil for an error the client caused, which keeps its own answer.
  /// - Returns: The fault, already logged with its request id.
  func fault(_ error: any Error, in request: HTTPRequest) -> Fault? {
    switch error {
    case is APIError, is WebDAVError: return nil
    case let error as ChecklistsError where error.code != .storage: return nil
    case let error as ChecklistsError:
      outages?.report(error.description)
      return logged(503, Self.unavailable, error.description, request)
    default:
      return logged(500, Self.unexpected, "\(type(of: error)): \(error)", request)
    }
  }

  /// The fault of a check of the database that failed, such as `/readyz`'s.
  func databaseFault(_ problem: String, in request: HTTPRequest) -> Fault {
    outages?.report(problem)
    return logged(503, Self.unavailable, problem, request)
  }

  private func logged(
    _ status: Int, _ detail: String, _ whole: String, _ request: HTTPRequest
  ) -> Fault {
    let id = Self.newRequestID()
    log(
      "request \(id) \"\(request.method) \(InvitePage.redacted(request.rawPath))\" failed "
        + "(\(status)): \(whole)")
    return Fault(status: status, detail: detail, requestID: id)
  }

  /// Twelve random hexadecimal digits: short enough to read out, and never repeated in
  /// practice within one log.
  static func newRequestID() -> String {
    let value = UInt64.random(in: 0...UInt64(0xFFFF_FFFF_FFFF))
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 12 - digits.count) + digits
  }
}
