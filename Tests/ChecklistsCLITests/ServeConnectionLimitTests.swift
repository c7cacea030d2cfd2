import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `checklists serve --max-connections-per-address`: how many connections one client may hold.
@Suite("checklists serve caps the connections of one address")
struct ServeConnectionLimitTests {
  /// A TCP connection to 127.0.0.1:`port` that sends nothing yet.
  private static func connect(_ port: UInt16) throws -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    try #require(socket >= 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    try #require(result == 0)
    return socket
  }

  /// Sends a GET on `socket` and returns the status line of the answer.
  private static func statusLine(_ socket: Int32, port: UInt16) -> String {
    let request = "GET /api/v1/checklists HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
    _ = request.withCString { send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = recv(socket, &buffer, buffer.count, 0)
    guard count > 0 else { return "" }
    return String(decoding: buffer[..<count], as: UTF8.self)
      .split(separator: "\r\n").first.map(String.init) ?? ""
  }

  @Test("Over the cap a client is refused with 503; under it, it is served")
  func cap() throws {
    let (process, _, url) = try ServeCommandTests.start(
      CLI(), ["--max-connections-per-address", "2"])
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    let port = try #require(UInt16(url.split(separator: ":").last ?? ""))
    let held = try (0..<2).map { _ in try Self.connect(port) }
    defer { for socket in held { close(socket) } }
    // Each is answered before the next opens: a connection the kernel has completed may not be
    // accepted by the server yet, and the server's threads accept in no fixed order.
    for socket in held { #expect(Self.statusLine(socket, port: port).hasPrefix("HTTP/1.1 200")) }
    let third = try Self.connect(port)
    defer { close(third) }
    #expect(Self.statusLine(third, port: port).hasPrefix("HTTP/1.1 503"))
    #expect(Self.statusLine(held[0], port: port).hasPrefix("HTTP/1.1 200"))
  }

  @Test("A count that is not one is a usage error")
  func badCount() throws {
    let result = try CLI().run("serve", "--port", "0", "--max-connections-per-address", "lots")
    #expect(result.code == 64)
    #expect(result.error.contains("--max-connections-per-address takes a number"))
  }
}
