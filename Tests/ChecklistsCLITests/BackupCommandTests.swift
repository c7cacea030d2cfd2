import Foundation
import SQLDatabase
import Synchronization
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `checklists backup` and `checklists restore`, run as programs on real files, with a real
/// `checklists serve` writing to the database while the backup is made.
@Suite("checklists backup and restore, run as programs")
struct BackupCommandTests {
  /// Adds items through a running server's API one after another until told to stop,
  /// keeping the texts the server acknowledged (201) in order.
  final class Writer: Sendable {
    let acknowledged = Mutex<[String]>([])
    let failures = Mutex<[String]>([])
    let stopped = Mutex(false)

    func run(url: String, listID: String) async {
      var number = 0
      while !stopped.withLock({ $0 }) && number < 5_000 {
        number += 1
        let text = "Written while serving \(number)"
        var request = URLRequest(url: URL(string: "\(url)/api/v1/checklists/\(listID)/items")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try? JSONSerialization.data(withJSONObject: ["text": text])
        do {
          let (_, response) = try await URLSession.shared.data(for: request)
          let status = (response as? HTTPURLResponse)?.statusCode ?? 0
          if status == 201 {
            acknowledged.withLock { $0.append(text) }
          } else {
            failures.withLock { $0.append("\(text): \(status)") }
          }
        } catch {
          failures.withLock { $0.append("\(text): \(error)") }
        }
      }
    }

    var count: Int { acknowledged.withLock { $0.count } }
  }

  /// Waits (a bounded number of short sleeps) until `condition` holds.
  static func wait(until condition: () -> Bool) async throws {
    for _ in 0..<1_000 where !condition() {
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  @Test(
    "A backup taken while a server accepts writes is a consistent database with every write acknowledged before it began"
  )
  func backupWhileServing() async throws {
    let cli = CLI()
    try cli.ok("list", "add", "Groceries")
    for number in 1...200 { try cli.ok("add", "Groceries", "Before the server \(number)") }
    let lists = try JSONSerialization.jsonObject(with: Data(try cli.ok("lists", "--json").utf8))
    let listID = try #require(
      ((lists as? [String: Any])?["checklists"] as? [[String: Any]])?.first {
        $0["name"] as? String == "Groceries"
      }?["id"] as? String)
    let server = try ServeTLSTests.serve(cli, [])
    defer { _ = server.stop() }
    let url = try #require(
      server.log.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("http://") }.map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
      }, "\(server.log)")

    let writer = Writer()
    let writing = Task { await writer.run(url: url, listID: listID) }
    try await Self.wait { writer.count >= 20 }
    let acknowledgedBefore = writer.acknowledged.withLock { $0 }
    let backup = cli.folder.appendingPathComponent("backup.sqlite").path
    let result = try cli.run("backup", backup)
    let countAfterBackup = writer.count
    // The server goes on accepting writes after the backup, too.
    try await Self.wait { writer.count >= countAfterBackup + 20 }
    writer.stopped.withLock { $0 = true }
    await writing.value

    #expect(result.code == 0, "\(result.error)")
    #expect(result.output.hasPrefix("Backed up \(cli.databasePath) to '\(backup)' ("))
    #expect(writer.failures.withLock { $0 } == [])
    #expect(writer.count >= acknowledgedBefore.count + 20)
    // One file, no journal beside it.
    #expect(!FileManager.default.fileExists(atPath: backup + "-wal"))

    let texts = Set(
      try HouseholdDatabase.values(backup, "SELECT text FROM items").map {
        HouseholdDatabase.describe($0)
      })
    let missing = acknowledgedBefore.filter { !texts.contains("text '\($0)'") }
    #expect(missing == [], "acknowledged before the backup began, missing from it")
    // Consistent as of one commit: the stored counts, the item blocks and the change log
    // agree with the rows.
    let rows = try HouseholdDatabase.values(backup, "SELECT COUNT(*) FROM items")
    #expect(rows == [.integer(Int64(texts.count))])
    #expect(try HouseholdDatabase.values(backup, "SELECT SUM(item_count) FROM checklists") == rows)
    #expect(
      try HouseholdDatabase.values(
        backup, "SELECT SUM(count) FROM item_blocks WHERE level = 1") == rows)
    #expect(
      try HouseholdDatabase.values(backup, "SELECT MAX(sequence) FROM changes")
        == HouseholdDatabase.values(backup, "SELECT last_sequence FROM sync_log"))
    // And checklists reads it as a database of its own.
    let items = try cli.ok("--db", backup, "items", "Groceries")
    #expect(items.contains(acknowledgedBefore.last ?? "?"))
  }

  @Test("restore puts a backup back, keeps the database it replaces, and renews the epoch")
  func restoreRoundTrip() throws {
    let cli = CLI()
    try HouseholdDatabase.populate(cli)
    let backup = cli.folder.appendingPathComponent("household.backup").path
    try cli.ok("backup", backup)
    let atBackup = try HouseholdDatabase.dump(cli.databasePath)
    #expect(try HouseholdDatabase.dump(backup) == atBackup)
    try cli.ok("--user", "alice", "add", "Groceries", "Written after the backup")
    try cli.ok("--user", "alice", "list", "delete", "Packing", input: "y\n")

    let restored = try cli.ok("restore", backup)
    let lines = restored.split(separator: "\n").map(String.init)
    let migrations = try HouseholdDatabase.values(
      backup, "SELECT identifier FROM schema_migrations ORDER BY applied_at")
    guard case .text(let latest) = try #require(migrations.last) else { return }
    #expect(
      lines.first
        == "Restored '\(backup)' into \(cli.databasePath): 2 users, 3 checklists, 2 shopping "
        + "lists (schema version \(migrations.count) ('\(latest)')).")
    let kept = try #require(
      lines.last?.split(separator: "'").dropFirst().first.map(String.init), "\(restored)")
    #expect(kept.hasPrefix(cli.databasePath + ".before-restore-"))

    let now = try HouseholdDatabase.dump(cli.databasePath)
    for table in atBackup.keys.sorted() where table != "sync_log" {
      #expect(now[table] == atBackup[table], "table \(table) differs")
    }
    // The same log, under a new epoch: cursors handed out after the backup are not trusted.
    let epoch = "SELECT epoch FROM sync_log"
    let sequence = "SELECT last_sequence FROM sync_log"
    #expect(
      try HouseholdDatabase.values(cli.databasePath, sequence)
        == HouseholdDatabase.values(backup, sequence))
    #expect(
      try HouseholdDatabase.values(cli.databasePath, epoch)
        != HouseholdDatabase.values(backup, epoch))
    #expect(try cli.ok("--user", "alice", "lists").contains("Packing"))
    #expect(try !cli.ok("--user", "alice", "items", "Groceries").contains("Written after"))
    // What the restore replaced is kept, and restoring it undoes the restore.
    #expect(
      try cli.ok("--db", kept, "--user", "alice", "items", "Groceries").contains("Written after"))
    try cli.ok("restore", kept)
    #expect(try cli.ok("--user", "alice", "items", "Groceries").contains("Written after"))
  }

  @Test("restore is refused while a server has the database open, and for a file that is no backup")
  func restoreRefusals() throws {
    let cli = CLI()
    try cli.ok("list", "add", "Groceries")
    let backup = cli.folder.appendingPathComponent("backup.sqlite").path
    try cli.ok("backup", backup)
    try cli.ok("add", "Groceries", "Newer than the backup")
    // (Taken once the server runs: its first start keeps its Web Push key in the database.)
    let server = try ServeTLSTests.serve(cli, [])
    let before = try HouseholdDatabase.dump(cli.databasePath)
    let busy = try cli.run("restore", backup)
    _ = server.stop()
    #expect(busy.code == 1)
    #expect(busy.error.contains("is open in another process (pid "), "\(busy.error)")
    #expect(busy.error.contains("'checklists serve'; stop it"), "\(busy.error)")
    #expect(try HouseholdDatabase.dump(cli.databasePath) == before)

    let text = cli.folder.appendingPathComponent("notes.txt").path
    try Data(String(repeating: "not a database\n", count: 400).utf8).write(
      to: URL(fileURLWithPath: text))
    let foreign = try cli.run("restore", text)
    #expect(foreign.code == 1)
    #expect(foreign.error.contains("'\(text)' is not an SQLite database"), "\(foreign.error)")

    let newer = cli.folder.appendingPathComponent("newer.sqlite").path
    try FileManager.default.copyItem(atPath: backup, toPath: newer)
    try HouseholdDatabase.execute(
      newer, "INSERT INTO schema_migrations VALUES ('v99: from the future', 0)")
    let future = try cli.run("restore", newer)
    #expect(future.code == 1)
    #expect(future.error.contains("The backup '\(newer)'"), "\(future.error)")
    #expect(future.error.contains("'v99: from the future'"), "\(future.error)")

    let missing = try cli.run("restore", backup + ".nothing")
    #expect(missing.code == 1)
    #expect(missing.error.contains("There is no backup file"), "\(missing.error)")
    #expect(try HouseholdDatabase.dump(cli.databasePath) == before)
    // Nothing but the database and the files the test made is left in the folder.
    let left = try FileManager.default.contentsOfDirectory(atPath: cli.folder.path)
    #expect(!left.contains { $0.contains("restoring") || $0.contains("before-restore") }, "\(left)")
  }

  @Test(
    "backup does not overwrite a file unless --force, nor the database; PostgreSQL gets pg_dump")
  func backupRefusals() throws {
    let cli = CLI()
    try cli.ok("list", "add", "Groceries")
    let backup = cli.folder.appendingPathComponent("backup.sqlite").path
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: backup))
    let exists = try cli.run("backup", backup)
    #expect(exists.code == 1)
    #expect(exists.error.contains("exists; give --force"), "\(exists.error)")
    #expect(try String(contentsOfFile: backup, encoding: .utf8) == "keep me")
    try cli.ok("backup", backup, "--force")
    #expect(try cli.ok("--db", backup, "lists").contains("Groceries"))

    let itself = try cli.run("backup", cli.databasePath, "--force")
    #expect(itself.code == 1)
    #expect(itself.error.contains("is the database itself"), "\(itself.error)")

    let nothing = try cli.run("--db", cli.folder.path + "/none.sqlite", "backup", backup, "--force")
    #expect(nothing.code == 1)
    #expect(nothing.error.contains("There is no database file"), "\(nothing.error)")

    let postgres = try cli.run(
      "--db", "postgres://checklists@127.0.0.1:54329/households", "backup", backup, "--force")
    #expect(postgres.code == 1)
    #expect(postgres.error.contains("pg_dump"), "\(postgres.error)")
    #expect(postgres.error.contains("pg_restore"), "\(postgres.error)")
  }
}
