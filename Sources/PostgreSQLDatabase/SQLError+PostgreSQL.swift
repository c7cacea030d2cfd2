import Foundation
import SQLDatabase

extension SQLError {
  /// An error from a PostgreSQL SQLSTATE: the kind the store tells apart, and the code itself.
  ///
  /// Class 23 (integrity) is a constraint; class 08 (connection) and 57P01–57P03 (the server
  /// shutting down or starting) mean the server is unavailable; class 28 (authorization) and
  /// 3D000 (no such database) mean it cannot be opened; 40001, 40P01 and 55P03 (serialization,
  /// deadlock, lock not available) are busy; anything else is other.
  /// - Parameters:
  ///   - sqlState: The five-character SQLSTATE, such as `23505`.
  ///   - message: PostgreSQL's primary message.
  ///   - sql: The statement that failed, if any.
  public init(sqlState: String, message: String, sql: String? = nil) {
    self.init(
      Self.kind(sqlState: sqlState), code: "SQLSTATE \(sqlState)", message: message, sql: sql)
  }

  /// The kind of failure an SQLSTATE names.
  static func kind(sqlState: String) -> Kind {
    switch sqlState {
    case "40001", "40P01", "55P03": return .busy
    case "57P01", "57P02", "57P03": return .unavailable
    case "3D000": return .cantOpen
    default: break
    }
    switch sqlState.prefix(2) {
    case "23": return .constraint
    case "08": return .unavailable
    case "28": return .cantOpen
    default: return .other
    }
  }

  /// Whether a write that failed this way may succeed if run again from the start: a
  /// serialization failure or a deadlock, which PostgreSQL resolves by failing one side.
  var isRetryableConflict: Bool {
    code == "SQLSTATE 40001" || code == "SQLSTATE 40P01" || isStalePlan
  }

  /// Whether a prepared statement failed because a schema change altered its result columns
  /// ("cached plan must not change result type"): it runs once prepared again.
  var isStalePlan: Bool { code == "SQLSTATE 0A000" && message.contains("cached plan") }
}

/// One line of a libpq message: its lines joined, tabs and the trailing newline gone.
func oneLine(_ text: String) -> String {
  text.split(whereSeparator: \.isNewline)
    .map { $0.trimmingCharacters(in: .whitespaces) }
    .filter { !$0.isEmpty }
    .joined(separator: " ")
}

/// The first line of a libpq message ("server closed the connection unexpectedly"), without
/// the hints that follow it.
func firstLine(_ text: String) -> String {
  text.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) }
    ?? ""
}
