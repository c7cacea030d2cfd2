import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One HTTP answer: status, header fields and the whole body (chunked framing removed).
struct CalDAVResponse {
  var status: Int
  var headers: [(String, String)]
  var body: [UInt8]

  /// The first value of a header field, its name compared without regard to case.
  func header(_ name: String) -> String? {
    headers.first { $0.0.lowercased() == name.lowercased() }?.1
  }

  /// The body as text, cut to `limit` characters for error messages.
  func text(limit: Int = 400) -> String {
    let text = String(decoding: body, as: UTF8.self)
    return text.count > limit ? String(text.prefix(limit)) + "…" : text
  }
}

/// A small HTTP/1.1 client over one kept-open TCP connection to 127.0.0.1, the same for every
/// server measured: raw bytes out, Content-Length or chunked bodies in, a new connection only
/// when the server closed the last one (Radicale's built-in server answers HTTP/1.0 and closes
/// after each request; that connect is part of its cost, as it is for its clients).
///
/// Chosen over URLSession because its cost is known and small: the client's CPU time per
/// request is measured and printed beside each step (``cpuSeconds``).
final class CalDAVHTTPClient {
  let port: UInt16
  /// `Authorization` header value sent with every request, when set.
  let authorization: String?
  /// Seconds a read may wait before the request counts as failed.
  let timeout: Int
  private var socket: Int32 = -1
  /// Bytes received and not yet consumed start at `position` (consumed bytes are dropped in
  /// one go when they are half of the buffer, so a large chunked body costs linear time).
  private var buffer: [UInt8] = []
  private var position = 0
  private var chunk = [UInt8](repeating: 0, count: 256 * 1024)
  /// Connections opened so far.
  private(set) var connections = 0

  init(port: UInt16, authorization: String?, timeout: Int = 120) {
    self.port = port
    self.authorization = authorization
    self.timeout = timeout
  }

  deinit { disconnect() }

  /// Sends one request and reads its whole answer. A request on a reused connection that the
  /// server had already closed is sent once more on a new one.
  func send(
    _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []
  ) throws -> CalDAVResponse {
    var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
    if let authorization { head += "Authorization: \(authorization)\r\n" }
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    if !body.isEmpty || ["PUT", "POST", "PROPFIND", "REPORT", "PROPPATCH"].contains(method) {
      head += "Content-Length: \(body.count)\r\n"
    }
    let request = Array((head + "\r\n").utf8) + body
    let reused = socket >= 0
    do {
      if socket < 0 { try connect() }
      return try exchange(request, method: method)
    } catch let error as ClosedBeforeAnswer where reused {
      _ = error
      disconnect()
      try connect()
      return try exchange(request, method: method)
    }
  }

  /// The server closed the connection before a byte of the answer came.
  private struct ClosedBeforeAnswer: Error {}

  private func connect() throws {
    socket = try connectToLoopback(port: port, receiveTimeout: timeout)
    var yes: Int32 = 1
    setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    buffer.removeAll(keepingCapacity: true)
    position = 0
    connections += 1
  }

  private func disconnect() {
    if socket >= 0 { close(socket) }
    socket = -1
    buffer.removeAll(keepingCapacity: true)
    position = 0
  }

  private func exchange(_ request: [UInt8], method: String) throws -> CalDAVResponse {
    var sent = 0
    while sent < request.count {
      let count = request[sent...].withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else {
        if errno == EPIPE || errno == ECONNRESET { throw ClosedBeforeAnswer() }
        throw BenchmarkError(description: "send to port \(port) failed: errno \(errno)")
      }
      sent += count
    }
    guard let headerLength = try fill({ $0.firstRange(of: [13, 10, 13, 10])?.upperBound }) else {
      if buffer.count == position { throw ClosedBeforeAnswer() }
      throw BenchmarkError(description: "port \(port) closed the connection inside a header")
    }
    let head = String(decoding: take(headerLength), as: UTF8.self)
    let lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    guard let statusLine = lines.first,
      let status = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { throw BenchmarkError(description: "no status line from port \(port): \(head)") }
    let headers = lines.dropFirst().compactMap { line -> (String, String)? in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      return (
        String(line[..<colon]),
        line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      )
    }
    var response = CalDAVResponse(status: status, headers: headers, body: [])
    let closes =
      statusLine.hasPrefix("HTTP/1.0")
      ? response.header("Connection")?.lowercased() != "keep-alive"
      : response.header("Connection")?.lowercased() == "close"
    if method == "HEAD" || status == 204 || status == 304 || (100..<200).contains(status) {
      // No body.
    } else if response.header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
      response.body = try readChunked()
    } else if let length = response.header("Content-Length").flatMap({ Int($0) }) {
      guard try fill({ $0.count >= length ? $0.startIndex + length : nil }) != nil else {
        throw BenchmarkError(description: "port \(port) closed the connection inside a body")
      }
      response.body = Array(take(length))
    } else {
      // Delimited by the end of the connection.
      _ = try fill { _ in nil }
      response.body = Array(buffer[position...])
      disconnect()
      return response
    }
    if closes { disconnect() }
    return response
  }

  private func readChunked() throws -> [UInt8] {
    var body: [UInt8] = []
    while true {
      guard let lineEnd = try fill({ $0.firstRange(of: [13, 10])?.lowerBound }) else {
        throw BenchmarkError(description: "port \(port) closed the connection inside a chunk")
      }
      let sizeText =
        String(decoding: take(lineEnd + 2).dropLast(2), as: UTF8.self)
        .split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
      guard let size = Int(sizeText, radix: 16) else {
        throw BenchmarkError(description: "bad chunk size '\(sizeText)' from port \(port)")
      }
      if size == 0 {
        // Trailer fields, then an empty line.
        guard let end = try fill({ $0.firstRange(of: [13, 10])?.upperBound }) else {
          throw BenchmarkError(description: "port \(port) closed the connection in a trailer")
        }
        _ = take(end)
        if end == 2 { return body }
        continue
      }
      guard try fill({ $0.count >= size + 2 ? $0.startIndex + size + 2 : nil }) != nil else {
        throw BenchmarkError(description: "port \(port) closed the connection inside a chunk")
      }
      body.append(contentsOf: take(size + 2).dropLast(2))
    }
  }

  /// The next `count` unconsumed bytes, consumed.
  private func take(_ count: Int) -> ArraySlice<UInt8> {
    let slice = buffer[position..<(position + count)]
    position += count
    return slice
  }

  /// Receives until `complete` finds what it needs in the unconsumed bytes (it gets them
  /// indexed from 0 and answers an offset from there); nil when the server closed the
  /// connection first.
  private func fill(_ complete: (ArraySlice<UInt8>) -> Int?) throws -> Int? {
    while true {
      let unconsumed = buffer[position...]
      if let index = complete(unconsumed) { return index - unconsumed.startIndex }
      if position > 0 && position * 2 >= buffer.count {
        buffer.removeSubrange(..<position)
        position = 0
      }
      let count = recv(socket, &chunk, chunk.count, 0)
      if count == 0 || (count < 0 && errno == ECONNRESET) { return nil }
      guard count > 0 else {
        throw BenchmarkError(
          description: errno == EAGAIN || errno == EWOULDBLOCK
            ? "no answer from port \(port) within \(timeout) s" : "recv failed: errno \(errno)")
      }
      buffer.append(contentsOf: chunk[..<count])
    }
  }
}
