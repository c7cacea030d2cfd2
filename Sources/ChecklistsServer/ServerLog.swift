import ChecklistsInterop
import Foundation
import HTTPServer

/// Writes the server's log lines to standard output, one `write` each so lines from different
/// threads never interleave.
struct ServerLog: Sendable {
  let now: @Sendable () -> Date

  /// Writes one line with a timestamp.
  func callAsFunction(_ message: String) {
    let line = "\(ISOTimestamp.milliseconds(now())) \(message)\n"
    FileHandle.standardOutput.write(Data(line.utf8))
  }

  /// The access line of one request: who, what, status, size and time.
  func access(_ record: HTTPAccessRecord) {
    let milliseconds =
      Double(record.duration.components.attoseconds) / 1e15
      + Double(record.duration.components.seconds) * 1000
    self(
      "\(record.remoteAddress ?? "-") \"\(record.method) \(record.path)\" \(record.status) "
        + "\(record.bytes)B " + String(format: "%.1fms", milliseconds)
        + (record.userAgent.map { " \"\($0)\"" } ?? ""))
  }
}
