import ChecklistsCore
import Foundation
import FoundationXML
import Testing

/// A CalDAV client for the tests, speaking to the test server (in process, or over a plain
/// socket with its socket transport): HTTP Basic,
/// WebDAV methods, and multistatus answers read with FoundationXML's `XMLDocument` (not the
/// server's own parser), so a test sees what a client would.
struct CalDAVTestClient {
  let server: TestServer
  /// The `Authorization` header sent with every request, if any.
  var authorization: String?
  /// Headers sent with every request besides those (a cookie, an origin).
  var extraHeaders: [String: String] = [:]

  init(_ server: TestServer, user: String? = nil, password: String? = nil) {
    self.server = server
    if let user, let password { authorization = Self.basic(user, password) }
  }

  /// A Basic `Authorization` value.
  static func basic(_ user: String, _ password: String) -> String {
    "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
  }

  /// Sends a request with the client's credentials: in process, or with the socket transport
  /// over a plain socket (URLSession on Linux does not come back from a 401 that carries a
  /// Basic challenge).
  func request(
    _ method: String, _ path: String, body: String? = nil, depth: String? = nil,
    headers: [String: String] = [:]
  ) async throws -> TestServer.Response {
    var headers = extraHeaders.merging(headers) { $1 }
    if let authorization, headers["Authorization"] == nil {
      headers["Authorization"] = authorization
    }
    if let depth { headers["Depth"] = depth }
    if body != nil, headers["Content-Type"] == nil {
      headers["Content-Type"] = "application/xml; charset=utf-8"
    }
    let bytes = Array((body ?? "").utf8)
    guard server.transport == .socket else {
      headers["Content-Length"] = String(bytes.count)
      return try server.exchangeInProcess(
        method, path, headers: headers, body: bytes, exactly: true)
    }
    let port = server.server.port
    var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
    head += "Content-Length: \(bytes.count)\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
    let request = Array((head + "\r\n").utf8) + bytes
    let raw = try await Task.detached {
      try Self.exchange(port: port, request)
    }.value
    return try Self.response(raw)
  }

  /// Sends the bytes and reads until the server closes the connection.
  private static func exchange(port: UInt16, _ request: [UInt8]) throws -> [UInt8] {
    let connection = try RawHTTPConnection(port: port)
    connection.send(request)
    // The server closes the connection once it answered (`Connection: close`): the deadline
    // is only for a server that hangs, and far past what a loaded machine takes.
    return Array(connection.read(until: Date().addingTimeInterval(120)) { _ in false }.utf8)
  }

  /// Reads a raw HTTP/1.1 response: status line, headers, and the body after them.
  private static func response(_ raw: [UInt8]) throws -> TestServer.Response {
    let separator = Array("\r\n\r\n".utf8)
    guard
      let end = (0..<max(0, raw.count - 3)).first(where: {
        Array(raw[$0..<$0 + 4]) == separator
      })
    else {
      throw POSIXError(.EBADMSG)
    }
    let head = String(decoding: raw[..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let status = head.first?.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    var fields: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      fields[String(line[..<colon])] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    return TestServer.Response(status: status, headers: fields, body: Data(raw[(end + 4)...]))
  }

  /// PROPFIND for some properties, given as `d:name` / `cal:name` / `cs:name` / `ical:name`;
  /// none asks for allprop.
  func propfind(
    _ path: String, depth: String = "0", _ properties: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> MultiStatusAnswer {
    let body =
      properties.isEmpty
      ? nil
      : Self.xml(
        "<d:propfind \(Self.namespaces)><d:prop>"
          + properties.map { "<\($0)/>" }.joined() + "</d:prop></d:propfind>")
    let response = try await request("PROPFIND", path, body: body, depth: depth)
    #expect(response.status == 207, "\(path): \(response.text)", sourceLocation: sourceLocation)
    return try MultiStatusAnswer(response.body)
  }

  /// REPORT with a body, answered by a multistatus.
  func report(
    _ path: String, _ body: String, depth: String? = "1",
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> MultiStatusAnswer {
    let response = try await request("REPORT", path, body: Self.xml(body), depth: depth)
    #expect(response.status == 207, "\(path): \(response.text)", sourceLocation: sourceLocation)
    return try MultiStatusAnswer(response.body)
  }

  /// PUTs an iCalendar body.
  func put(
    _ path: String, _ ics: String, headers: [String: String] = [:]
  ) async throws -> TestServer.Response {
    var headers = headers
    headers["Content-Type"] = "text/calendar; charset=utf-8"
    return try await request("PUT", path, body: ics, headers: headers)
  }

  /// The namespace declarations the bodies use.
  static let namespaces =
    "xmlns:d=\"DAV:\" xmlns:cal=\"urn:ietf:params:xml:ns:caldav\" "
    + "xmlns:cs=\"http://calendarserver.org/ns/\" xmlns:ical=\"http://apple.com/ns/ical/\""

  static func xml(_ body: String) -> String {
    "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n" + body
  }

  /// A VTODO in a VCALENDAR, as a client would PUT it (CRLF line ends).
  static func todo(
    uid: String, summary: String, extra: [String] = [], completed: Bool = false
  ) -> String {
    var lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Checklists tests//EN", "BEGIN:VTODO",
      "UID:\(uid)", "DTSTAMP:20270101T090000Z", "SUMMARY:\(summary)",
    ]
    if completed {
      lines += ["STATUS:COMPLETED", "COMPLETED:20270102T090000Z", "PERCENT-COMPLETE:100"]
    }
    lines += extra + ["END:VTODO", "END:VCALENDAR"]
    return lines.joined(separator: "\r\n") + "\r\n"
  }
}

/// A `207 Multi-Status` body as a client reads it.
struct MultiStatusAnswer {
  /// One `response`: its href, its own status (a deleted member's 404), and each property with
  /// the status of its propstat.
  struct Response {
    var href: String
    var status: Int?
    var properties: [String: (status: Int, element: XMLElement)]

    /// A property's element when it came with 200.
    func found(_ name: String) -> XMLElement? {
      guard let (status, element) = properties[name], status == 200 else { return nil }
      return element
    }

    /// A property's text when it came with 200.
    func text(_ name: String) -> String? { found(name)?.stringValue }

    /// The hrefs inside a property (`current-user-principal`, `calendar-home-set`).
    func hrefs(_ name: String) -> [String] {
      found(name)?.children?.compactMap { $0 as? XMLElement }
        .filter { $0.localName == "href" }.compactMap(\.stringValue) ?? []
    }

    /// The names of a property's child elements (`resourcetype`'s `collection`, `calendar`).
    func childNames(_ name: String) -> [String] {
      found(name)?.children?.compactMap { $0 as? XMLElement }.map(MultiStatusAnswer.key) ?? []
    }
  }

  var responses: [Response]
  /// The multistatus's `sync-token`, if any.
  var syncToken: String?

  /// Reads a body, keying properties as `d:name`, `cal:name`, `cs:name`, `ical:name`.
  init(_ body: Data) throws {
    let document = try XMLDocument(data: body, options: [])
    let root = try #require(document.rootElement())
    #expect(root.localName == "multistatus" && root.uri == "DAV:")
    responses = []
    for response in Self.elements(root, "response") {
      var item = Response(
        href: Self.elements(response, "href").first?.stringValue ?? "", status: nil,
        properties: [:])
      item.status = Self.elements(response, "status").first.flatMap(Self.status)
      for propstat in Self.elements(response, "propstat") {
        let status = Self.elements(propstat, "status").first.flatMap(Self.status) ?? 0
        for prop in Self.elements(propstat, "prop") {
          for property in prop.children?.compactMap({ $0 as? XMLElement }) ?? [] {
            item.properties[Self.key(property)] = (status, property)
          }
        }
      }
      responses.append(item)
    }
    syncToken = Self.elements(root, "sync-token").first?.stringValue
  }

  /// The response for an href (compared without a trailing slash).
  func response(_ href: String) -> Response? {
    let trimmed = { (s: String) in s.hasSuffix("/") ? String(s.dropLast()) : s }
    return responses.first { trimmed($0.href) == trimmed(href) }
  }

  var hrefs: [String] { responses.map(\.href) }

  static func key(_ element: XMLElement) -> String {
    let prefix =
      switch element.uri ?? "" {
      case "DAV:": "d"
      case "urn:ietf:params:xml:ns:caldav": "cal"
      case "http://calendarserver.org/ns/": "cs"
      case "http://apple.com/ns/ical/": "ical"
      default: element.uri ?? "?"
      }
    return "\(prefix):\(element.localName ?? "")"
  }

  private static func elements(_ parent: XMLElement, _ name: String) -> [XMLElement] {
    (parent.children ?? []).compactMap { $0 as? XMLElement }.filter {
      $0.localName == name && $0.uri == "DAV:"
    }
  }

  /// 200 from "HTTP/1.1 200 OK".
  private static func status(_ element: XMLElement) -> Int? {
    let parts = (element.stringValue ?? "").split(separator: " ")
    return parts.count >= 2 ? Int(parts[1]) : nil
  }
}
