import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A plain TCP connection to the test server, for requests URLSession would tidy up (`..`,
/// invalid UTF-8) and for reading an event stream as it arrives.
final class RawHTTPConnection {
  private let socket: Int32
  private var buffer: [UInt8] = []

  init(port: UInt16) throws {
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      close(socket)
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECONNREFUSED)
    }
  }

  deinit {
    close(socket)
  }

  func send(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, 0)
      }
      if sent <= 0 { return }
      offset += sent
    }
  }

  func send(_ text: String) { send(Array(text.utf8)) }

  /// Reads until `done` says the text so far is enough, or the deadline passes.
  func read(until deadline: Date, done: (String) -> Bool) -> String {
    while Date() < deadline {
      let text = String(decoding: buffer, as: UTF8.self)
      if done(text) { return text }
      var pollDescriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      let wait = max(1, Int32(deadline.timeIntervalSinceNow * 1000))
      guard poll(&pollDescriptor, 1, min(wait, 100)) > 0 else { continue }
      var chunk = [UInt8](repeating: 0, count: 65_536)
      let count = recv(socket, &chunk, chunk.count, 0)
      if count <= 0 { break }
      buffer += chunk[0..<count]
    }
    return String(decoding: buffer, as: UTF8.self)
  }

  /// Sends a whole request and reads the whole response (the connection is closed after it).
  /// The request must ask for that (`Connection: close`): the timeout is only for a server
  /// that hangs, far past what a loaded machine takes to answer.
  static func exchange(port: UInt16, _ request: [UInt8], timeout: TimeInterval = 120) throws
    -> (status: Int, text: String)
  {
    let connection = try RawHTTPConnection(port: port)
    connection.send(request)
    let text = connection.read(until: Date().addingTimeInterval(timeout)) { _ in false }
    let status = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return (status, text)
  }

  static func get(port: UInt16, _ rawPath: String) throws -> (status: Int, text: String) {
    try exchange(
      port: port,
      Array("GET \(rawPath) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8))
  }
}
