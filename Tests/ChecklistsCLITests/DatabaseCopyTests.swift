import ChecklistsCore
import ChecklistsSQLStore
import Foundation
import SQLDatabase
import Testing

/// `checklists db copy`, run as a program on real files: a household moves between databases
/// with everything it has, and a copy that cannot finish leaves the target as it was.
@Suite("checklists db copy, run as a program")
struct DatabaseCopyTests {
  /// A machine with a populated database at `a.sqlite`, and the path of a second file.
  struct Machine {
    let cli = CLI()
    var source: String { cli.databasePath }
    func file(_ name: String) -> String { cli.folder.appendingPathComponent(name).path }

    init(populated: Bool = true) throws {
      if populated { try HouseholdDatabase.populate(cli) }
    }
  }

  @Test("SQLite to SQLite: every table and every user's export are identical, and life goes on")
  func sqliteToSQLite() throws {
    let machine = try Machine()
    let target = machine.file("copy.sqlite")
    let before = try HouseholdDatabase.dump(machine.source)
    let exports = try HouseholdDatabase.exports(machine.cli, database: machine.source)

    let copied = try machine.cli.ok("db", "copy", "--from", machine.source, "--to", target)
    #expect(copied.hasPrefix("Copied "), "\(copied)")
    #expect(copied.contains("to \(target) (SQLite)."), "\(copied)")
    #expect(copied.contains("  users: 2\n"), "\(copied)")

    let after = try HouseholdDatabase.dump(target)
    for table in before.keys.sorted() {
      #expect(after[table] == before[table], "table \(table) differs")
    }
    #expect(after.keys.sorted() == before.keys.sorted())
    // Counts kept by triggers were copied, not counted again on top.
    #expect(before["checklists"]?.isEmpty == false)
    #expect(before["item_blocks"]?.isEmpty == false)
    #expect(try HouseholdDatabase.exports(machine.cli, database: target) == exports)
    // The source was only read.
    #expect(try HouseholdDatabase.dump(machine.source) == before)

    // The copy is a working database: its triggers are back, its change log goes on from
    // the copied counter, under the copied epoch.
    let last = try HouseholdDatabase.values(target, "SELECT last_sequence FROM sync_log")
    try machine.cli.ok("--db", target, "--user", "alice", "add", "Groceries", "Butter")
    #expect(
      try machine.cli.ok("--db", target, "--user", "alice", "lists").contains(
        "Groceries  6 Remaining"))
    let sequences = try HouseholdDatabase.values(target, "SELECT MAX(sequence) FROM changes")
    guard case .integer(let previous) = try #require(last.first) else {
      Issue.record("last_sequence is \(last)")
      return
    }
    #expect(sequences == [.integer(previous + 1)])
    #expect(
      try HouseholdDatabase.values(target, "SELECT epoch FROM sync_log")
        == HouseholdDatabase.values(machine.source, "SELECT epoch FROM sync_log"))

    // People sign in to a server on the copy with the passwords they had.
    #expect(try HouseholdDatabase.signsIn("bob", database: target))
  }

  @Test("A target that holds data is refused and left alone; --replace copies over it")
  func nonEmptyTarget() throws {
    let machine = try Machine()
    let target = machine.file("other.sqlite")
    try machine.cli.ok("--db", target, "list", "add", "Someone else's list")
    let before = try HouseholdDatabase.dump(target)

    let refused = try machine.cli.run("db", "copy", "--from", machine.source, "--to", target)
    #expect(refused.code == 1)
    #expect(refused.output == "")
    #expect(
      refused.error.hasPrefix("Error: The target \(target) is not empty ("), "\(refused.error)")
    #expect(refused.error.contains("Give --replace"), "\(refused.error)")
    #expect(try HouseholdDatabase.dump(target) == before)

    try machine.cli.ok("db", "copy", "--from", machine.source, "--to", target, "--replace")
    #expect(try HouseholdDatabase.dump(target) == HouseholdDatabase.dump(machine.source))
  }

  @Test("A copy that fails half-way leaves the target exactly as it was, triggers and all")
  func failedCopyRollsBack() throws {
    let machine = try Machine()
    // An item whose list does not exist, written past the foreign keys as the sqlite3 shell
    // would: the target refuses it after users, lists and others were already copied.
    try HouseholdDatabase.execute(
      machine.source,
      """
      INSERT INTO items (id, checklist_id, position, text, checked, should_remind, revision,
        created_at, updated_at, text_key)
      VALUES ('00000000-0000-0000-0000-0000000000AA', '00000000-0000-0000-0000-0000000000BB',
        1, 'Orphan', 0, 0, 1, 0, 0, 'orphan');
      """)
    let target = machine.file("target.sqlite")
    try machine.cli.ok("--db", target, "list", "add", "Kept")
    try machine.cli.ok("--db", target, "add", "Kept", "Still here")
    let before = try HouseholdDatabase.dump(target)

    let failed = try machine.cli.run(
      "db", "copy", "--from", machine.source, "--to", target, "--replace")
    #expect(failed.code == 1)
    #expect(
      failed.error.contains("Copying into \(target) failed, so it was left as it was"),
      "\(failed.error)")
    #expect(failed.error.contains("FOREIGN KEY"), "\(failed.error)")
    #expect(try HouseholdDatabase.dump(target) == before)
    // The triggers dropped for the copy came back with the rollback: counts still move.
    try machine.cli.ok("--db", target, "add", "Kept", "Another")
    #expect(try machine.cli.ok("--db", target, "lists").contains("Kept  2 Remaining"))

    // Into a new file: it stays an empty database.
    let fresh = machine.file("fresh.sqlite")
    #expect(try machine.cli.run("db", "copy", "--from", machine.source, "--to", fresh).code == 1)
    #expect(try HouseholdDatabase.values(fresh, "SELECT COUNT(*) FROM users") == [.integer(0)])
  }

  @Test("A copy onto itself, from nowhere, or between schema versions is refused, naming both")
  func refusals() throws {
    let machine = try Machine()
    let itself = try machine.cli.run(
      "db", "copy", "--from", machine.source, "--to",
      machine.cli.folder.path + "/./checklists.sqlite")
    #expect(itself.code == 1)
    #expect(itself.error.contains("are the same database"), "\(itself.error)")

    let missing = try machine.cli.run(
      "db", "copy", "--from", machine.file("nothing.sqlite"), "--to", machine.file("b.sqlite"))
    #expect(missing.code == 1)
    #expect(missing.error.contains("There is no database file"), "\(missing.error)")
    #expect(!FileManager.default.fileExists(atPath: machine.file("nothing.sqlite")))

    let usage = try machine.cli.run("db", "copy", "--from", machine.source)
    #expect(usage.code == 64)
    #expect(usage.error.contains("--to"), "\(usage.error)")

    // A database from a newer checklists is refused when it is opened, before anything.
    let newer = machine.file("newer.sqlite")
    try machine.cli.ok("--db", newer, "list", "add", "From the future")
    try HouseholdDatabase.execute(
      newer, "INSERT INTO schema_migrations VALUES ('v99: from the future', 0)")
    let target = machine.file("target.sqlite")
    let refused = try machine.cli.run("db", "copy", "--from", newer, "--to", target)
    #expect(refused.code == 1)
    #expect(refused.error.contains("'v99: from the future'"), "\(refused.error)")

    // Two databases this program opened but whose engines' schemas differ (as PostgreSQL's
    // and SQLite's would if one lacked a migration): both versions are named.
    let error = #expect(throws: ChecklistsError.self) {
      try SQLChecklistStore.checkSameSchema(
        source: ("a.sqlite", SchemaVersion(migrations: ["v1: a", "v2: b", "v3: c"])),
        target: ("postgres://db", SchemaVersion(migrations: ["v1: a", "v2: b"])))
    }
    #expect(
      error?.message
        == "The source a.sqlite is at schema version 3 ('v3: c') but the target postgres://db "
        + "is at schema version 2 ('v2: b') (the target lacks 'v3: c'); a copy needs both at "
        + "the same version, so nothing was copied. Open both with the same version of "
        + "checklists.")
  }
}
