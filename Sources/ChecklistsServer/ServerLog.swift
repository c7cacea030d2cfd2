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
  private let pending = Mutex(Pending())
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
        defer { pending.bytes.removeAll(keepingCapacity: true) }
        return pending.bytes + Array(line.utf8)
      })
  }

  /// Writes the access lines gathered so far.
  func flush() {
    write(
      pending.withLock { pending in
        defer { pending.bytes.removeAll(keepingCapacity: true) }
        return pending.bytes
      })
  }

  private func write(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    output.write(Data(bytes))
  }

  /// The access line of one request: who, what, status, size and time.
  ///
  /// The line is written straight into the pending bytes, with the timestamp's date and time
  /// of day reused for every request in the same second: building it from string pieces,
  /// the timestamp above all, was 6 % of the server's time under load (docs/PERFORMANCE.md).
  func access(_ record: HTTPAccessRecord) {
    // Tenths of a millisecond, without String(format:), which is slow on Linux.
    let tenths =
      record.duration.components.seconds * 10_000
      + record.duration.components.attoseconds / 100_000_000_000_000
    let date = now()
    let full = pending.withLock { pending -> [UInt8]? in
      pending.timestamps.append(date, to: &pending.bytes)
      return Self.appendAccessLine(record, tenths: tenths, to: &pending.bytes)
    }
    if let full { write(full) }
  }

  /// Appends the rest of an access line after its timestamp.
  ///
  /// - Returns: The pending bytes when they reached the flush threshold, which `bytes` then
  ///   no longer holds.
  private static func appendAccessLine(
    _ record: HTTPAccessRecord, tenths: Int64, to line: inout [UInt8]
  ) -> [UInt8]? {
    line.append(0x20)
    line.append(contentsOf: (record.remoteAddress ?? "-").utf8)
    line.append(contentsOf: " \"".utf8)
    line.append(contentsOf: record.method.utf8)
    line.append(0x20)
    line.append(contentsOf: InvitePage.redacted(record.path).utf8)
    line.append(contentsOf: "\" ".utf8)
    Self.appendDecimal(Int64(record.status), to: &line)
    line.append(0x20)
    Self.appendDecimal(Int64(record.bytes), to: &line)
    line.append(contentsOf: "B ".utf8)
    Self.appendDecimal(tenths / 10, to: &line)
    line.append(0x2E)
    Self.appendDecimal(tenths % 10, to: &line)
    line.append(contentsOf: "ms".utf8)
    if let userAgent = record.userAgent {
      line.append(contentsOf: " \"".utf8)
      line.append(contentsOf: userAgent.utf8)
      line.append(0x22)
    }
    line.append(0x0A)
    guard line.count >= Self.flushThreshold else { return nil }
    defer { line.removeAll(keepingCapacity: true) }
    return line
  }

  private static func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
    if value < 0 {
      bytes.append(0x2D)
      // Int64.min has no positive counterpart; its magnitude fits a UInt64.
      appendDecimal(value.magnitude, to: &bytes)
    } else {
      appendDecimal(UInt64(value), to: &bytes)
    }
  }

  private static func appendDecimal(_ value: UInt64, to bytes: inout [UInt8]) {
    if value >= 10 { appendDecimal(value / 10, to: &bytes) }
    bytes.append(0x30 + UInt8(value % 10))
  }

  /// The lines not yet written, and the timestamp cache that goes with them.
  private struct Pending {
    var bytes: [UInt8] = []
    var timestamps = TimestampCache()
  }

  /// `ISOTimestamp.milliseconds` for the access lines, with the part up to the seconds kept
  /// for the second it was made in.
  private struct TimestampCache {
    var second: Int64?
    var prefix: [UInt8] = []

    /// Appends exactly what `ISOTimestamp.milliseconds(date)` is.
    mutating func append(_ date: Date, to bytes: inout [UInt8]) {
      let interval = date.timeIntervalSinceReferenceDate
      // Within the years 2001 to 9999, where `milliseconds` neither clamps nor goes negative;
      // other dates (a test's clock, say) take the long way.
      guard interval.isFinite, interval >= 0, interval < 252_423_993_599 else {
        bytes.append(contentsOf: ISOTimestamp.milliseconds(date).utf8)
        return
      }
      let millis = Int64((interval * 1000).rounded())
      let second = millis / 1000
      if second != self.second {
        var text = Array(
          ISOTimestamp.milliseconds(Date(timeIntervalSinceReferenceDate: Double(second))).utf8)
        text.removeLast()  // the "Z"
        prefix = text
        self.second = second
      }
      bytes.append(contentsOf: prefix)
      let fraction = millis % 1000
      if fraction != 0 {
        bytes.append(0x2E)
        bytes.append(0x30 + UInt8(fraction / 100))
        bytes.append(0x30 + UInt8(fraction / 10 % 10))
        bytes.append(0x30 + UInt8(fraction % 10))
      }
      bytes.append(0x5A)
    }
  }
}
