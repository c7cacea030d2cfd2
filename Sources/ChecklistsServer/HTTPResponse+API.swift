import ChecklistsInterop
import ChecklistsMessages
import Foundation
import HTTPServer

extension HTTPResponse {
  /// A JSON answer, with an ETag when the resource has one.
  static func json(_ value: some Encodable, status: Int = 200, etag: EntityTag? = nil) throws
    -> HTTPResponse
  {
    var headers: HTTPHeaders = ["Content-Type": "application/json"]
    if let etag { headers["ETag"] = etag.headerValue }
    return HTTPResponse(
      status: status, headers: headers,
      body: Array(try ChecklistsJSONEncoding.encode(value, pretty: false)))
  }

  /// A JSON answer from bytes already encoded.
  static func json(bytes: [UInt8], etag: EntityTag) -> HTTPResponse {
    HTTPResponse(
      status: 200, headers: ["Content-Type": "application/json", "ETag": etag.headerValue],
      body: bytes)
  }

  /// An RFC 9457 problem: `{"type", "title", "status", "detail"}`.
  static func problem(status: Int, detail: String, headers: HTTPHeaders = [:]) -> HTTPResponse {
    var headers = headers
    headers["Content-Type"] = "application/problem+json"
    let problem = [
      "type": "about:blank", "title": reasonPhrase(status), "detail": detail,
    ]
    var body = (try? ChecklistsJSONEncoding.encode(problem, pretty: false)) ?? Data("{}".utf8)
    // Add the numeric status without a second struct: `{…,"status":404}`.
    body.removeLast()
    body.append(contentsOf: Array(",\"status\":\(status)}".utf8))
    return HTTPResponse(status: status, headers: headers, body: Array(body))
  }

  /// An RFC 9457 problem with extension members beside type, title, status and detail.
  static func problem(
    status: Int, detail: String, headers: HTTPHeaders = [:], members: [String: JSONValue]
  ) -> HTTPResponse {
    guard !members.isEmpty else { return problem(status: status, detail: detail, headers: headers) }
    var headers = headers
    headers["Content-Type"] = "application/problem+json"
    var problem = members
    problem["type"] = .string("about:blank")
    problem["title"] = .string(reasonPhrase(status))
    problem["status"] = .number(Double(status))
    problem["detail"] = .string(detail)
    let body = (try? ChecklistsJSONEncoding.encode(problem, pretty: false)) ?? Data("{}".utf8)
    return HTTPResponse(status: status, headers: headers, body: Array(body))
  }

  /// `204 No Content`.
  static let noContent = HTTPResponse(status: 204)

  /// `304 Not Modified` for a GET whose `If-None-Match` matched.
  static func notModified(_ etag: EntityTag) -> HTTPResponse {
    HTTPResponse(status: 304, headers: ["ETag": etag.headerValue])
  }

  /// A problem's `title`: the status's reason phrase (RFC 9110), from the catalogue
  /// (`server.problem.title.<status>`), or "Error" for a status it has none for.
  static func reasonPhrase(_ status: Int) -> String {
    let key = "server.problem.title." + String(status)
    let words = MessageCatalogue.english
    return words.messages[key] == nil ? words.text("server.problem.error") : words.text(key)
  }
}
