import Foundation
import SQLDatabase

/// Server-wide chores on a PostgreSQL server: making and dropping databases, and naming another
/// database on the same server. For tests and for copying a household between databases.
public struct PostgreSQLAdmin: Sendable {
  /// The connection the chores run on (any database the role may connect to, such as
  /// `postgres`).
  public let configuration: PostgreSQLConfiguration

  /// Prepares to run chores through `configuration`; nothing connects until one runs.
  /// - Parameter configuration: A database on the server, and a role allowed the chores.
  public init(_ configuration: PostgreSQLConfiguration) {
    self.configuration = configuration
  }

  /// Creates an empty database named `name`, owned by the connecting role.
  /// - Throws: ``SQLDatabase/SQLError`` (of kind `other` with SQLSTATE 42P04 when it exists).
  public func createDatabase(_ name: String) throws {
    let connection = try PostgreSQLConnection(configuration)
    defer { connection.close() }
    try connection.execute("CREATE DATABASE \(Self.quotedIdentifier(name))")
  }

  /// Drops the database named `name`, if it exists, ending its open connections first.
  /// - Throws: ``SQLDatabase/SQLError``.
  public func dropDatabase(_ name: String) throws {
    let connection = try PostgreSQLConnection(configuration)
    defer { connection.close() }
    try connection.execute("DROP DATABASE IF EXISTS \(Self.quotedIdentifier(name)) WITH (FORCE)")
  }

  /// The connection string for database `name` on the same server, as the same role and with
  /// the same options: a URL for a URL, a keyword string for a keyword string.
  public func url(forDatabase name: String) -> String {
    let string = configuration.connectionString
    guard let schemeEnd = string.range(of: "://"),
      string.hasPrefix("postgres://") || string.hasPrefix("postgresql://")
    else {
      return string + " dbname=" + Self.quotedKeywordValue(name)
    }
    let afterScheme = string[schemeEnd.upperBound...]
    let authorityEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" } ?? string.endIndex
    // A `dbname=` in the query would override the path: it goes, the other parameters stay.
    let parameters =
      (string[authorityEnd...].firstIndex(of: "?").map { string[$0...].dropFirst() }
      ?? "").split(separator: "&").filter { !$0.hasPrefix("dbname=") }
    let query = parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&")
    return String(string[..<authorityEnd]) + "/" + Self.percentEncoded(name) + query
  }

  /// `name` as a quoted SQL identifier: `"a ""b"""`.
  static func quotedIdentifier(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// `value` as a libpq keyword value: `'it\'s'`.
  private static func quotedKeywordValue(_ value: String) -> String {
    let escaped = value.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "'", with: "\\'")
    return "'" + escaped + "'"
  }

  /// `text` with everything but unreserved URL characters percent-encoded.
  private static func percentEncoded(_ text: String) -> String {
    let unreserved = Set(
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~".utf8)
    var result = ""
    for byte in text.utf8 {
      if unreserved.contains(byte) {
        result.append(Character(Unicode.Scalar(byte)))
      } else {
        result += String(format: "%%%02X", byte)
      }
    }
    return result
  }
}
