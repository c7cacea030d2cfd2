import ChecklistsInterop
import Foundation
import HTTPServer

/// Writes the server's log lines to standard output, one `write` each so lines from different
/// threads never interleave.
struct ServerLog: Sendable {
  let now: @Sendable () -> Date
  let output: FileHandle

  /// Writes one line with a timestamp.
  func callAsFunction(_ message: String) {
    let line = "\(ISOTimestamp.milliseconds(now())) \(message)\n"
    output.write(Data(line.utf8))
  }

  /// The access line of one request: who, what, status, size and time.
  func access(_ record: HTTPAccessRecord) {
    // Tenths of a millisecond, without String(format:), which is slow on Linux.
    let tenths =
      record.duration.components.seconds * 10_000
      + record.duration.components.attoseconds / 100_000_000_000_000
    self(
      "\(record.remoteAddress ?? "-") \"\(record.method) \(record.path)\" \(record.status) "
        + "\(record.bytes)B \(tenths / 10).\(tenths % 10)ms"
        + (record.userAgent.map { " \"\($0)\"" } ?? ""))
  }
}
