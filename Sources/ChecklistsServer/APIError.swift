import ChecklistsCore
import ChecklistsMessages
import HTTPServer

/// An error answer of the API: a status and a sentence, sent as `application/problem+json`
/// (RFC 9457). Every failure reaches the client through this type.
struct APIError: Error, Sendable {
  var status: Int
  var detail: String
  var headers: HTTPHeaders = [:]
  /// Members the problem carries beside type, title, status and detail (RFC 9457, 3.2), such
  /// as a field conflict's `conflicts` and `current`.
  var members: [String: JSONValue] = [:]

  static func badRequest(_ detail: String) -> APIError { APIError(status: 400, detail: detail) }
  static func notFound(_ detail: String) -> APIError { APIError(status: 404, detail: detail) }
  static func unprocessable(_ detail: String) -> APIError { APIError(status: 422, detail: detail) }
  static func preconditionFailed(_ detail: String) -> APIError {
    APIError(status: 412, detail: detail)
  }

  /// A 400 answer whose detail is a catalogue text (`server.*`), worded in English.
  static func badRequest(_ text: MessageText) -> APIError { badRequest(words(text)) }
  /// A 404 answer whose detail is a catalogue text, worded in English.
  static func notFound(_ text: MessageText) -> APIError { notFound(words(text)) }
  /// A 422 answer whose detail is a catalogue text, worded in English.
  static func unprocessable(_ text: MessageText) -> APIError { unprocessable(words(text)) }
  /// A 412 answer whose detail is a catalogue text, worded in English.
  static func preconditionFailed(_ text: MessageText) -> APIError {
    preconditionFailed(words(text))
  }

  /// The words of a catalogue text for a problem's detail.
  static func words(_ text: MessageText) -> String { MessageCatalogue.english.text(text) }

  static func methodNotAllowed(_ method: String, allowed: [String]) -> APIError {
    APIError(
      status: 405,
      detail: words(
        MessageText(
          "server.api.methodNotAllowed",
          ["method": method, "allowed": allowed.joined(separator: ", ")])),
      headers: ["Allow": allowed.joined(separator: ", ")])
  }

  /// The one place domain errors become HTTP statuses.
  init(_ error: ChecklistsError) {
    switch error.code {
    case .invalidInput: status = 422
    case .notFound: status = 404
    case .ambiguous: status = 409
    case .conflict: status = 409
    case .stale: status = 412
    case .unreadableFile: status = 422
    case .storage: status = 503
    case .unauthorized: status = 401
    case .forbidden: status = 403
    }
    detail = error.description
    // The database failed underneath (not answering, locked too long): worth a retry soon.
    if status == 503 { headers["Retry-After"] = String(ChecklistsServer.retryAfterSeconds) }
  }

  init(
    status: Int, detail: String, headers: HTTPHeaders = [:], members: [String: JSONValue] = [:]
  ) {
    self.status = status
    self.detail = detail
    self.headers = headers
    self.members = members
  }
}

extension APIError {
  /// The problem+json answer (RFC 9457) with the error's status, detail, headers and members.
  var response: HTTPResponse {
    .problem(status: status, detail: detail, headers: headers, members: members)
  }
}
