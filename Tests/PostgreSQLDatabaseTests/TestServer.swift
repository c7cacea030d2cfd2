import ChecklistsTestSupport
import Foundation
import PostgreSQLDatabase
import SQLDatabase

/// The shared test cluster: `$CHECKLISTS_TEST_POSTGRES`, else what `scripts/postgres start`
/// prints. Each test makes a database of its own on it and drops it at the end.
enum TestServer {
  struct Unreachable: Error, CustomStringConvertible {
    var description: String
  }

  /// Whether this run tests PostgreSQL (``TestEngines``); the suites that need a server run
  /// only then.
  static var isEnabled: Bool { TestEngines.includesPostgreSQL }

  /// The server's URL (its `postgres` database), found once.
  static func url() throws -> String {
    try found.get()
  }

  private static let found: Result<String, Unreachable> = {
    if let url = ProcessInfo.processInfo.environment["CHECKLISTS_TEST_POSTGRES"], !url.isEmpty {
      return .success(url)
    }
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("scripts/postgres")
    let process = Process()
    process.executableURL = script
    process.arguments = ["start"]
    let output = Pipe()
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      return .failure(
        Unreachable(
          description: "PostgreSQL tests need a server: set "
            + "CHECKLISTS_TEST_POSTGRES, or make \(script.path) runnable (\(error))"))
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let url = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard process.terminationStatus == 0, !url.isEmpty else {
      return .failure(
        Unreachable(
          description: "PostgreSQL tests need a server: "
            + "CHECKLISTS_TEST_POSTGRES is not set and `scripts/postgres start` failed "
            + "(exit \(process.terminationStatus)); run scripts/setup to install PostgreSQL"))
    }
    return .success(url)
  }()

  /// The server-wide chores, through the server's `postgres` database.
  static func admin() throws -> PostgreSQLAdmin {
    PostgreSQLAdmin(try PostgreSQLConfiguration(url()))
  }

  /// Runs `body` with a fresh, empty database of its own, dropped afterwards.
  static func withDatabase<T>(_ body: (TestDatabase) throws -> T) throws -> T {
    let admin = try admin()
    let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    try admin.createDatabase(name)
    defer { try? admin.dropDatabase(name) }
    return try body(TestDatabase(name: name, url: admin.url(forDatabase: name), admin: admin))
  }
}

/// A database made for one test.
struct TestDatabase: Sendable {
  /// Its name on the server.
  let name: String
  /// Its connection string.
  let url: String
  /// The server-wide chores.
  let admin: PostgreSQLAdmin

  var configuration: PostgreSQLConfiguration {
    get throws { try PostgreSQLConfiguration(url) }
  }

  /// A pool on the database.
  func pool(maxConnections: Int = 8, acquireTimeout: Duration = .seconds(5)) throws
    -> PostgreSQLPool
  {
    try PostgreSQLPool(
      configuration, maxConnections: maxConnections, acquireTimeout: acquireTimeout)
  }

  /// Ends every connection to this database (as a server restart would), from a connection to
  /// the `postgres` database; the shared server itself keeps running.
  /// - Returns: How many connections were ended.
  @discardableResult
  func terminateConnections() throws -> Int {
    let connection = try PostgreSQLConnection(admin.configuration)
    defer { connection.close() }
    return try connection.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ? AND pid <> pg_backend_pid()",
      name
    ) { $0.bool(0) }.filter { $0 }.count
  }

  /// Waits (at most 10 s) until the server has no connection to this database left.
  func waitUntilNoConnections() throws {
    let connection = try PostgreSQLConnection(admin.configuration)
    defer { connection.close() }
    for _ in 0..<200 {
      let count = try connection.queryFirst(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = ? AND pid <> pg_backend_pid()",
        name
      ) { $0.int(0) }
      if count == 0 { return }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw TestServer.Unreachable(description: "connections to \(name) stayed after termination")
  }
}
