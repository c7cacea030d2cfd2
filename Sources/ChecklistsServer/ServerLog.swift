import ChecklistsInterop
import Foundation
import HTTPServer
import Synchronization

/// Writes the server's log lines to standard output.
///
/// Access lines are gathered and written together, at the latest by the next ``flush()`` (the
/// change watcher calls it every 100 ms) or when 16 KiB have piled up: one `write` per request
/// showed in profiles under load. Other lines flush what is pending and go out at once, so the
/// log stays in order.
final class ServerLog: Sendable {
  let now: @Sendable () -> Date
  private let output: FileHandle
  private let pending = Mutex<[UInt8]>([])
  private static let flushThreshold = 16 * 1024

  init(now: @escaping @Sendable () -> Date, output: FileHandle) {
    self.now = now
    self.output = output
  }

  /// Writes one line with a timestamp, now.
  func callAsFunction(_ message: String) {
    let line = "\(ISOTimestamp.milliseconds(now())) \(message)\n"
    write(
      pending.withLock { pending in
        defer { pending.removeAll(keepingCapacity: true) }
        return pending + Array(line.utf8)
      })
  }

  /// Writes the access lines gathered so far.
  func flush() {
    write(
      pending.withLock { pending in
        defer { pending.removeAll(keepingCapacity: true) }
        return pending
      })
  }

  private func append(_ line: String) {
    let full = pending.withLock { pending -> [UInt8]? in
      pending.append(contentsOf: line.utf8)
      guard pending.count >= Self.flushThreshold else { return nil }
      defer { pending.removeAll(keepingCapacity: true) }
      return pending
    }
    if let full { write(full) }
  }

  private func write(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    output.write(Data(bytes))
  }

  /// The access line of one request: who, what, status, size and time.
  func access(_ record: HTTPAccessRecord) {
    // Tenths of a millisecond, without String(format:), which is slow on Linux.
    let tenths =
      record.duration.components.seconds * 10_000
      + record.duration.components.attoseconds / 100_000_000_000_000
    append(
      "\(ISOTimestamp.milliseconds(now())) "
        + "\(record.remoteAddress ?? "-") \"\(record.method) \(record.path)\" \(record.status) "
        + "\(record.bytes)B \(tenths / 10).\(tenths % 10)ms"
        + (record.userAgent.map { " \"\($0)\"" } ?? "") + "\n")
  }
}
