import HTTPServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failure of the test client, with what it saw.
struct TestClientError: Error, CustomStringConvertible {
  let description: String
}

/// A response as read off the wire.
struct RawResponse {
  var status: Int
  var headers: HTTPHeaders
  var body: [UInt8]

  var text: String { String(decoding: body, as: UTF8.self) }
}

/// A TCP connection speaking HTTP/1.1 byte by byte, so tests control exactly what is sent
/// and see exactly what comes back. Every read has a deadline.
final class RawHTTPConnection {
  /// The socket; -1 once a failed `init` closed it (a class whose `init` throws after setting
  /// every property still runs `deinit`, which would otherwise close the number twice, by then
  /// perhaps another thread's socket).
  private var socket: Int32
  private var buffer: [UInt8] = []
  private(set) var isClosedByPeer = false

  /// Connects to `host:port`; with `source` (an IPv4 loopback address such as `127.0.0.2`),
  /// the connection comes from that address instead of `127.0.0.1`.
  init(port: UInt16, host: String = "127.0.0.1", source: String? = nil) throws {
    let isIPv6 = host.contains(":")
    socket = Glibc.socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw TestClientError(description: "socket() failed") }
    if let source {
      var local = sockaddr_in()
      local.sin_family = sa_family_t(AF_INET)
      inet_pton(AF_INET, source, &local.sin_addr)
      let bound = withUnsafePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard bound == 0 else {
        let code = errno
        Glibc.close(socket)
        socket = -1
        throw TestClientError(description: "bind() failed: \(String(cString: strerror(code)))")
      }
    }
    let result: Int32
    if isIPv6 {
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = port.bigEndian
      inet_pton(AF_INET6, host, &address.sin6_addr)
      result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
    } else {
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = port.bigEndian
      inet_pton(AF_INET, host, &address.sin_addr)
      result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
    }
    guard result == 0 else {
      let code = errno
      Glibc.close(socket)
      socket = -1
      throw TestClientError(description: "connect() failed: \(String(cString: strerror(code)))")
    }
  }

  deinit {
    if socket >= 0 { Glibc.close(socket) }
  }

  /// Whether the server has not closed the connection, as far as can be seen without waiting;
  /// bytes that arrived stay unread.
  var isOpen: Bool {
    var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, 0) > 0 else { return true }
    var byte: UInt8 = 0
    return recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0
  }

  /// Closes the connection now (the client going away).
  func close() {
    Glibc.shutdown(socket, Int32(SHUT_RDWR))
  }

  func send(_ text: String) throws {
    try send(Array(text.utf8))
  }

  func send(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if sent < 0 {
        if errno == EINTR { continue }
        throw TestClientError(description: "send() failed: \(String(cString: strerror(errno)))")
      }
      offset += sent
    }
  }

  /// How long a read waits by default for what it expects: only a server that never answers
  /// takes this long, and a loaded machine (a 2-core CI box building beside the tests) can
  /// take many seconds over an answer that takes milliseconds when it is quiet.
  static let patience: Duration = .seconds(120)

  /// Sends a request and reads its response.
  func request(
    _ method: String, _ target: String, headers: [String] = [], body: [UInt8] = [],
    timeout: Duration = RawHTTPConnection.patience
  ) throws -> RawResponse {
    var head = "\(method) \(target) HTTP/1.1\r\nHost: test\r\n"
    for header in headers { head += header + "\r\n" }
    if !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
    try send(Array((head + "\r\n").utf8) + body)
    return try readResponse(isHead: method == "HEAD", timeout: timeout)
  }

  /// Reads one complete response: by `Content-Length`, chunked, or until the peer closes.
  func readResponse(isHead: Bool = false, timeout: Duration = RawHTTPConnection.patience) throws
    -> RawResponse
  {
    let deadline = ContinuousClock.now + timeout
    let headEnd = try waitFor(Array("\r\n\r\n".utf8), deadline: deadline)
    let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
    buffer.removeFirst(headEnd + 4)
    var lines = head.components(separatedBy: "\r\n")
    let statusLine = lines.removeFirst().split(separator: " ")
    guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
      throw TestClientError(description: "bad status line in \(head)")
    }
    var headers = HTTPHeaders()
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers.add(
        String(line[..<colon]),
        String(line[line.index(after: colon)...].drop { $0 == " " }))
    }
    var response = RawResponse(status: status, headers: headers, body: [])
    if isHead || status == 204 || status == 304 || status < 200 { return response }
    if headers["Transfer-Encoding"]?.lowercased() == "chunked" {
      response.body = try readChunkedBody(deadline: deadline)
    } else if let length = headers["Content-Length"].flatMap({ Int($0) }) {
      try fill(atLeast: length, deadline: deadline)
      response.body = Array(buffer[..<length])
      buffer.removeFirst(length)
    } else {
      while try fill(deadline: deadline) {}
      response.body = buffer
      buffer = []
    }
    return response
  }

  /// Reads the status line and header of a streamed response, leaving the body unread.
  func readStreamHead(timeout: Duration = RawHTTPConnection.patience) throws -> (
    status: Int, head: String
  ) {
    let deadline = ContinuousClock.now + timeout
    let headEnd = try waitFor(Array("\r\n\r\n".utf8), deadline: deadline)
    let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
    buffer.removeFirst(headEnd + 4)
    let status = Int(head.split(separator: " ")[1]) ?? 0
    return (status, head)
  }

  /// Reads until `marker` has arrived and returns everything up to and including it.
  func read(through marker: String, timeout: Duration = RawHTTPConnection.patience) throws -> String
  {
    let bytes = Array(marker.utf8)
    let end = try waitFor(bytes, deadline: .now + timeout) + bytes.count
    let text = String(decoding: buffer[..<end], as: UTF8.self)
    buffer.removeFirst(end)
    return text
  }

  /// Waits until the server closes the connection.
  ///
  /// - Returns: Whether it did within `timeout`.
  func waitForClose(timeout: Duration) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
      do {
        if try !fill(deadline: deadline) { return true }
      } catch {
        return isClosedByPeer
      }
    }
  }

  private func readChunkedBody(deadline: ContinuousClock.Instant) throws -> [UInt8] {
    var body: [UInt8] = []
    while let chunk = try readChunk(deadline: deadline) {
      body += chunk
    }
    return body
  }

  /// Reads the next chunk of a chunked body; `nil` for the final, empty one.
  func readChunk(timeout: Duration = RawHTTPConnection.patience) throws -> [UInt8]? {
    try readChunk(deadline: .now + timeout)
  }

  private func readChunk(deadline: ContinuousClock.Instant) throws -> [UInt8]? {
    let lineEnd = try waitFor(Array("\r\n".utf8), deadline: deadline)
    let sizeText = String(decoding: buffer[..<lineEnd], as: UTF8.self)
    guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16) else {
      throw TestClientError(description: "bad chunk size \(sizeText)")
    }
    buffer.removeFirst(lineEnd + 2)
    if size == 0 {
      let trailerEnd = try waitFor(Array("\r\n".utf8), deadline: deadline)
      buffer.removeFirst(trailerEnd + 2)
      return nil
    }
    try fill(atLeast: size + 2, deadline: deadline)
    let chunk = Array(buffer[..<size])
    buffer.removeFirst(size + 2)
    return chunk
  }

  private func waitFor(_ marker: [UInt8], deadline: ContinuousClock.Instant) throws -> Int {
    while true {
      if let index = firstIndex(of: marker) { return index }
      guard try fill(deadline: deadline) else {
        throw TestClientError(
          description:
            "connection closed before \(marker); got \(String(decoding: buffer, as: UTF8.self))")
      }
    }
  }

  private func firstIndex(of marker: [UInt8]) -> Int? {
    guard buffer.count >= marker.count else { return nil }
    for start in 0...(buffer.count - marker.count) where buffer[start] == marker[0] {
      if Array(buffer[start..<(start + marker.count)]) == marker { return start }
    }
    return nil
  }

  private func fill(atLeast count: Int, deadline: ContinuousClock.Instant) throws {
    while buffer.count < count {
      guard try fill(deadline: deadline) else {
        throw TestClientError(description: "connection closed after \(buffer.count) bytes")
      }
    }
  }

  /// Reads what is available; returns false at end of stream, throws at the deadline.
  @discardableResult
  private func fill(deadline: ContinuousClock.Instant) throws -> Bool {
    while true {
      let remaining = deadline - .now
      guard remaining > .zero else {
        throw TestClientError(
          description: "timed out; got \(String(decoding: buffer, as: UTF8.self).prefix(300))")
      }
      var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32(remaining.components.seconds * 1000 + 1)
      let ready = poll(&descriptor, 1, min(milliseconds, 100))
      if ready < 0 && errno != EINTR { throw TestClientError(description: "poll failed") }
      guard ready > 0 else { continue }
      var chunk = [UInt8](repeating: 0, count: 65536)
      let count = recv(socket, &chunk, chunk.count, 0)
      if count > 0 {
        buffer += chunk[..<count]
        return true
      }
      if count == 0 || errno == ECONNRESET {
        isClosedByPeer = true
        return false
      }
      if errno != EINTR && errno != EAGAIN {
        throw TestClientError(description: "recv failed: \(String(cString: strerror(errno)))")
      }
    }
  }
}
