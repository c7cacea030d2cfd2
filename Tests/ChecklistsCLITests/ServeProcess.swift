import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Bytes a reader thread gathers, shared with the test that reads them.
final class ReceivedBytes: Sendable {
  private let data = Mutex(Data())
  /// Signalled when the reader reached the end.
  let finished = DispatchSemaphore(value: 0)

  func append(_ bytes: ArraySlice<UInt8>) { data.withLock { $0.append(contentsOf: bytes) } }

  var text: String { String(decoding: data.withLock { $0 }, as: UTF8.self) }
}

/// A `checklists serve --port 0` running as its own process (through `posix_spawn`, as
/// ``ChildProcess`` explains), with everything it writes gathered as it comes.
final class ServeProcess: @unchecked Sendable {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The process id.
  let pid: pid_t
  /// The port it listens on, read from the URL it prints.
  private(set) var port: UInt16 = 0
  private let output = ReceivedBytes()
  private let exited = Mutex<Int32?>(nil)

  /// Starts `checklists serve --port 0 --database <database>` with `environment` and waits
  /// (10 s at most) until it says it listens.
  init(database: String, environment: [String: String], extra: [String] = []) throws {
    var pipeEnds: [Int32] = [-1, -1]
    guard pipe(&pipeEnds) == 0 else {
      throw Failure(description: "pipe: \(String(cString: strerror(errno)))")
    }
    for descriptor in pipeEnds { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
    let executable = CLI.binary.path
    let arguments = ["serve", "--port", "0", "--database", database] + extra
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
    close(pipeEnds[1])
    guard spawned == 0 else {
      close(pipeEnds[0])
      throw Failure(description: "posix_spawn \(executable): \(String(cString: strerror(spawned)))")
    }
    self.pid = pid
    let descriptor = pipeEnds[0]
    let reader = Thread { [output] in
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0, errno == EINTR { continue }
        if count <= 0 { break }
        output.append(buffer[..<count])
      }
      close(descriptor)
      output.finished.signal()
    }
    reader.start()
    guard waitForOutput(containing: "Ctrl-C", seconds: 10) else {
      kill(pid, SIGKILL)
      _ = wait()
      throw Failure(description: "checklists serve did not start; it printed:\n\(text)")
    }
    guard
      let url = text.split(whereSeparator: \.isWhitespace).first(where: {
        $0.hasPrefix("http://127.0.0.1:")
      }),
      let port = UInt16(url.dropFirst("http://127.0.0.1:".count).prefix { $0.isNumber })
    else {
      throw Failure(description: "No URL in what checklists serve printed:\n\(text)")
    }
    self.port = port
  }

  deinit {
    if exited.withLock({ $0 }) == nil {
      kill(pid, SIGKILL)
      _ = wait()
    }
  }

  /// All it printed so far.
  var text: String { output.text }

  /// How many times its output holds `needle` now.
  func occurrences(of needle: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  /// Waits (bounded) until its output holds `needle`; whether it did.
  @discardableResult
  func waitForOutput(containing needle: String, seconds: TimeInterval) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if text.contains(needle) { return true }
      usleep(20_000)
    }
    return text.contains(needle)
  }

  /// Stops it with SIGTERM, as a service manager does, and returns its exit status.
  @discardableResult
  func stop() -> Int32 {
    if let status = exited.withLock({ $0 }) { return status }
    kill(pid, SIGTERM)
    return wait()
  }

  private func wait() -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    _ = output.finished.wait(timeout: .now() + 5)
    let signal = status & 0x7f
    let code = signal == 0 ? (status >> 8) & 0xff : 128 + signal
    exited.withLock { $0 = code }
    return code
  }
}

/// HTTP/1.1 over a plain socket to 127.0.0.1, one request per connection: what a client of
/// one instance sees, headers and all.
enum InstanceHTTP {
  struct Response {
    var status: Int
    var headers: [String: String]
    var body: String

    /// A header's value, by name in any case.
    func header(_ name: String) -> String? { headers[name.lowercased()] }
  }

  /// Sends one request and reads the whole answer (10 s at most).
  static func request(
    port: UInt16, _ method: String, _ path: String, headers: [String: String] = [:],
    body: String? = nil
  ) throws -> Response {
    let socket = try connect(port: port)
    defer { close(socket) }
    var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    if let body {
      head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
    }
    send(socket, head + "\r\n" + (body ?? ""))
    var received = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 100) > 0 else { continue }
      let count = recv(socket, &buffer, buffer.count, 0)
      if count <= 0 { break }
      received += buffer[..<count]
    }
    return try parse(String(decoding: received, as: UTF8.self))
  }

  private static func parse(_ text: String) throws -> Response {
    guard let split = text.range(of: "\r\n\r\n") else {
      throw ServeProcess.Failure(description: "No complete HTTP answer: \(text)")
    }
    let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
    let status = Int(lines[0].split(separator: " ").dropFirst().first ?? "") ?? 0
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    return Response(status: status, headers: headers, body: String(text[split.upperBound...]))
  }

  static func connect(port: UInt16) throws -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      close(socket)
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECONNREFUSED)
    }
    return socket
  }

  static func send(_ socket: Int32, _ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if sent <= 0 { return }
      offset += sent
    }
  }
}

/// An open `GET /api/v1/events` on one instance, read on a thread of its own as it arrives.
final class InstanceEventStream: @unchecked Sendable {
  private let socket: Int32
  private let received = ReceivedBytes()

  /// Opens the stream and waits (bounded) until the server has answered its head.
  init(port: UInt16, headers: [String: String] = [:]) throws {
    socket = try InstanceHTTP.connect(port: port)
    var head =
      "GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
      + "Accept: text/event-stream\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    InstanceHTTP.send(socket, head + "\r\n")
    let (socket, received) = (socket, received)
    Thread {
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = recv(socket, &buffer, buffer.count, 0)
        if count < 0, errno == EINTR { continue }
        if count <= 0 { break }
        received.append(buffer[..<count])
      }
      received.finished.signal()
    }.start()
    guard wait(seconds: 10, until: { $0.contains("retry:") }) else {
      throw ServeProcess.Failure(description: "The event stream did not open: \(text)")
    }
  }

  deinit {
    shutdown(socket, Int32(SHUT_RDWR))
    _ = received.finished.wait(timeout: .now() + 5)
    close(socket)
  }

  /// Everything received so far.
  var text: String { received.text }

  /// How many events named `name` arrived so far.
  func count(_ name: String) -> Int {
    text.components(separatedBy: "event: \(name)\n").count - 1
  }

  /// Waits (bounded) until `condition` holds for what arrived; whether it did.
  @discardableResult
  func wait(seconds: TimeInterval, until condition: (String) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition(text) { return true }
      usleep(20_000)
    }
    return condition(text)
  }
}
