import Foundation
import Testing

/// `checklists db copy` between SQLite and PostgreSQL, on the shared test cluster: a household
/// goes to PostgreSQL and back, and comes back identical.
///
/// Each test makes its own database on the cluster (`t_<uuid>`) and drops it at the end; the
/// cluster is found as `$CHECKLISTS_TEST_POSTGRES`, else by `scripts/postgres start`, and a
/// test fails (never skips) when neither works.
@Suite(
  "checklists db copy with PostgreSQL, run as a program",
  .enabled(if: PostgreSQLTestDatabase.isEnabled))
struct DatabaseCopyPostgreSQLTests {
  /// A database of its own on the test cluster, dropped by ``drop()``.
  struct ScratchDatabase {
    let server: String
    let name = "t_copy_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")

    init() throws {
      server = try Self.serverURL()
      try Self.psql(server, "CREATE DATABASE \(name)")
    }

    /// The URL of this database: the server's, with another database name.
    var url: String {
      var components = URLComponents(string: server)!
      components.path = "/" + name
      return components.string!
    }

    func drop() {
      _ = try? Self.psql(server, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// Runs one statement with `psql`, the way an administrator would.
    @discardableResult
    static func psql(_ url: String, _ sql: String) throws -> String {
      let (output, error, code) = try ChildProcess.run(
        "/usr/bin/psql", ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql],
        environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], directory: "/", input: Data())
      guard code == 0 else {
        throw ChildProcess.Failure(
          description: "psql \(sql): \(String(decoding: error, as: UTF8.self))")
      }
      return String(decoding: output, as: UTF8.self)
    }

    /// The test cluster: `$CHECKLISTS_TEST_POSTGRES`, else what `scripts/postgres start`
    /// prints (it starts the cluster if needed and is idempotent).
    static func serverURL() throws -> String {
      if let url = ProcessInfo.processInfo.environment["CHECKLISTS_TEST_POSTGRES"], !url.isEmpty {
        return url
      }
      let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
      let script = package.appendingPathComponent("scripts/postgres").path
      let (output, error, code) = try ChildProcess.run(
        script, ["start"], environment: ["PATH": "/usr/local/bin:/usr/bin:/bin"],
        directory: package.path, input: Data())
      let url = String(decoding: output, as: UTF8.self).split(separator: "\n")
        .last { $0.hasPrefix("postgres") }.map(String.init)
      guard code == 0, let url else {
        throw ChildProcess.Failure(
          description: "No PostgreSQL for the tests: set CHECKLISTS_TEST_POSTGRES or make "
            + "'scripts/postgres start' work (\(String(decoding: error, as: UTF8.self)))")
      }
      return url
    }
  }

  @Test(
    "SQLite to PostgreSQL and back: every table and export identical, passwords still work")
  func roundTrip() throws {
    let machine = try DatabaseCopyTests.Machine()
    let postgres = try ScratchDatabase()
    defer { postgres.drop() }
    let before = try HouseholdDatabase.dump(machine.source)
    let exports = try HouseholdDatabase.exports(machine.cli, database: machine.source)

    let there = try machine.cli.ok("db", "copy", "--from", machine.source, "--to", postgres.url)
    #expect(there.contains("(PostgreSQL)."), "\(there)")
    // The copy is refused a second time: PostgreSQL holds the household now.
    let again = try machine.cli.run("db", "copy", "--from", machine.source, "--to", postgres.url)
    #expect(again.code == 1)
    #expect(again.error.contains("is not empty"), "\(again.error)")
    #expect(postgres.url.contains(postgres.name))
    #expect(try ScratchDatabase.psql(postgres.url, "SELECT COUNT(*) FROM users") == "2\n")

    let back = machine.file("back.sqlite")
    try machine.cli.ok("db", "copy", "--from", postgres.url, "--to", back)
    let after = try HouseholdDatabase.dump(back)
    for table in before.keys.sorted() {
      #expect(after[table] == before[table], "table \(table) differs")
    }
    #expect(after.keys.sorted() == before.keys.sorted())
    #expect(try HouseholdDatabase.exports(machine.cli, database: back) == exports)
    #expect(try HouseholdDatabase.signsIn("alice", database: back))
  }

  @Test(
    "A copy into PostgreSQL that fails half-way leaves it as it was")
  func failedCopyRollsBack() throws {
    let machine = try DatabaseCopyTests.Machine()
    let postgres = try ScratchDatabase()
    defer { postgres.drop() }
    try HouseholdDatabase.execute(
      machine.source,
      """
      INSERT INTO items (id, checklist_id, position, text, checked, should_remind, revision,
        created_at, updated_at, text_key)
      VALUES ('00000000-0000-0000-0000-0000000000AA', '00000000-0000-0000-0000-0000000000BB',
        1, 'Orphan', 0, 0, 1, 0, 0, 'orphan');
      """)
    let failed = try machine.cli.run("db", "copy", "--from", machine.source, "--to", postgres.url)
    #expect(failed.code == 1)
    #expect(failed.error.contains("failed, so it was left as it was"), "\(failed.error)")
    #expect(try ScratchDatabase.psql(postgres.url, "SELECT COUNT(*) FROM users") == "0\n")
    #expect(try ScratchDatabase.psql(postgres.url, "SELECT COUNT(*) FROM checklists") == "0\n")
    // Its triggers are on again: none stayed disabled by the copy.
    #expect(
      try ScratchDatabase.psql(
        postgres.url, "SELECT COUNT(*) FROM pg_trigger WHERE NOT tgisinternal AND tgenabled = 'D'")
        == "0\n")
  }
}
