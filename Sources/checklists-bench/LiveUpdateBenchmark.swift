import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsServer
import ChecklistsStore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// How long a change takes to reach an open event stream: made through the API (the server
/// wakes its watcher at once) and made by another process on the same file (seen at the
/// watcher's next read of the change log).
func measureLiveUpdates(
  server: ChecklistsServer, service: ChecklistService, path: String, list: Checklist
) throws {
  let stream = try LoopbackConnection(port: server.port)
  stream.send("GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
  _ = stream.read(until: "retry: 1000", timeout: 5)
  let item = try service.findItem("1", in: list)
  let other = try ChecklistService.openLocal(store: SQLChecklistStore(sqlitePath: path))
  var viaAPI: [Double] = []
  var viaOtherProcess: [Double] = []
  for _ in 0..<20 {
    let request = try LoopbackConnection(port: server.port)
    let revision = try service.checklist(id: list.id).revision + 1
    let start = DispatchTime.now().uptimeNanoseconds
    request.send(
      "POST /api/v1/items/\(item.id.uuidString)/toggle HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"
        + "Content-Length: 0\r\nConnection: close\r\n\r\n")
    _ = stream.read(until: "\"revision\":\(revision),", timeout: 5)
    viaAPI.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    let otherStart = DispatchTime.now().uptimeNanoseconds
    let changed = try other.toggle(itemID: item.id)
    _ = stream.read(until: "\"revision\":\(changed.revision),", timeout: 5)
    viaOtherProcess.append(Double(DispatchTime.now().uptimeNanoseconds - otherStart) / 1e9)
  }
  for (name, times) in [
    ("through the API", viaAPI), ("by another process (the CLI)", viaOtherProcess),
  ] {
    let sorted = times.sorted()
    print(
      String(
        format: "live update %@: median %.1f ms, max %.1f ms over %d changes (goal: within 1 s)",
        name, sorted[sorted.count / 2] * 1000, sorted.last! * 1000, sorted.count))
  }
}

/// A plain TCP connection to the server under test.
final class LoopbackConnection {
  private let socket: Int32
  private var received = ""

  init(port: UInt16) throws {
    socket = try connectToLoopback(port: port)
  }

  deinit { close(socket) }

  func send(_ text: String) {
    _ = Array(text.utf8).withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, 0) }
  }

  /// Reads until `marker` has arrived (then forgets what came before it) or the timeout.
  func read(until marker: String, timeout: TimeInterval) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let range = received.range(of: marker) {
        received.removeSubrange(..<range.upperBound)
        return true
      }
      var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 50) > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 65_536)
      let count = recv(socket, &buffer, buffer.count, 0)
      if count <= 0 { return false }
      received += String(decoding: buffer[0..<count], as: UTF8.self)
    }
    return false
  }
}
