import ChecklistsTestSupport
import Foundation
import Synchronization

/// Fresh databases on the PostgreSQL server the tests use, made and dropped with `psql` (this
/// test target links no driver): `$CHECKLISTS_TEST_POSTGRES`, else the throwaway cluster that
/// `scripts/postgres start` runs. When neither answers, the tests fail saying why: a skipped
/// engine would be a test that cannot fail. Every database is `t_<uuid>`, dropped when the test
/// process exits; the shared cluster itself is never stopped.
enum PostgreSQLTestDatabase {
  /// Whether this run tests PostgreSQL (``TestEngines``); the tests that need a server run
  /// only then.
  static var isEnabled: Bool { TestEngines.includesPostgreSQL }

  private static let server: Result<String, Error> = Result {
    if let url = ProcessInfo.processInfo.environment["CHECKLISTS_TEST_POSTGRES"], !url.isEmpty {
      return url
    }
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let (output, error, status) = try ChildProcess.run(
      package.appendingPathComponent("scripts/postgres").path, ["start"],
      environment: ["PATH": "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"],
      directory: package.path, input: Data())
    let text = String(decoding: output, as: UTF8.self)
    guard status == 0,
      let url = text.split(separator: "\n").last(where: { $0.hasPrefix("postgres://") })
    else {
      throw ChildProcess.Failure(
        description: "No PostgreSQL for the tests: set CHECKLISTS_TEST_POSTGRES, or make "
          + "'scripts/postgres start' work (it said: \(String(decoding: error, as: UTF8.self)))")
    }
    return String(url)
  }

  private static let created = Mutex<[String]>([])

  /// A new, empty database on the test server.
  /// - Returns: Its name and its URL.
  static func make() throws -> (name: String, url: String) {
    let server = try server.get()
    let name = "t_" + UUID().uuidString.lowercased().filter(\.isHexDigit)
    let isFirst = created.withLock { names in
      names.append(name)
      return names.count == 1
    }
    if isFirst { atexit { PostgreSQLTestDatabase.dropAll() } }
    try psql("CREATE DATABASE \(name)")
    return (name, url(server, database: name))
  }

  /// Runs one SQL command on the server's `postgres` database as its superuser.
  /// - Returns: What `psql` printed (unaligned, tuples only).
  @discardableResult
  static func psql(_ command: String) throws -> String {
    let (output, error, status) = try ChildProcess.run(
      "/usr/bin/psql",
      [try server.get(), "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", command],
      environment: ["PATH": "/usr/bin:/bin"], directory: "/", input: Data())
    guard status == 0 else {
      throw ChildProcess.Failure(
        description: "psql -c \(command): \(String(decoding: error, as: UTF8.self))")
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Ends every connection to one of the tests' own databases (never anyone else's).
  static func terminateBackends(of name: String) throws {
    precondition(name.hasPrefix("t_"), "only a test's own database")
    try psql(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)' "
        + "AND pid <> pg_backend_pid()")
  }

  /// The server's URL with another database.
  private static func url(_ server: String, database: String) -> String {
    let (base, query) =
      server.firstIndex(of: "?").map { (String(server[..<$0]), String(server[$0...])) }
      ?? (server, "")
    let authority = base.range(of: "://").map { base[$0.upperBound...] } ?? base[...]
    let host = authority.split(separator: "/", maxSplits: 1).first.map(String.init) ?? ""
    let scheme = base.range(of: "://").map { String(base[..<$0.upperBound]) } ?? "postgres://"
    return scheme + host + "/" + database + query
  }

  private static func dropAll() {
    for name in created.withLock({ $0 }) {
      _ = try? psql("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }
  }
}
