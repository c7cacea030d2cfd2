import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A backup or restore killed with `kill -9` cannot remove its half-written copy; the next
/// backup to the same file, or the next restore into the same database, removes what such a
/// process left (and says so), and leaves alone what a process still running is writing.
@Suite("checklists backup and restore remove what killed runs left")
struct BackupLeftoverTests {
  /// The id of a process that has ended (and been reaped).
  static func deadProcess() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }

  static func write(_ path: String, _ text: String = "half a database") throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

  @Test("backup removes <file>.partial-<pid> and its journal when <pid> is gone, and says so")
  func backupLeftovers() throws {
    let cli = CLI()
    try cli.ok("list", "add", "Groceries")
    let backup = cli.folder.appendingPathComponent("backup.sqlite").path
    let dead = try Self.deadProcess()
    let live = getpid()  // this test runner, which outlives the command
    let leftovers = [backup + ".partial-\(dead)", backup + ".partial-\(dead)-journal"]
    let running = backup + ".partial-\(live)"
    for path in leftovers + [running] { try Self.write(path) }

    let output = try cli.ok("backup", backup)
    #expect(output.contains("Removed what interrupted backups had left"), "\(output)")
    for path in leftovers {
      #expect(!Self.exists(path), "\(path) is still there")
      #expect(output.contains("'\(path)'"), "\(output)")
    }
    #expect(Self.exists(running), "a running backup's copy was removed")
    #expect(!output.contains(running), "\(output)")
    #expect(try cli.ok("--db", backup, "lists").contains("Groceries"))

    // Nothing left: nothing said.
    try FileManager.default.removeItem(atPath: running)
    let again = try cli.ok("backup", backup, "--force")
    #expect(!again.contains("Removed"), "\(again)")
  }

  @Test("restore removes the copies aside that killed restores left, and says so")
  func restoreLeftovers() throws {
    let cli = CLI()
    try cli.ok("list", "add", "Groceries")
    let backup = cli.folder.appendingPathComponent("backup.sqlite").path
    try cli.ok("backup", backup)
    let folder = cli.folder.path
    let dead = try Self.deadProcess()
    let live = getpid()
    let leftovers = [
      "\(folder)/.checklists.sqlite.restoring-\(dead)",
      "\(folder)/.checklists.sqlite.restoring-\(dead)-journal",
      "\(folder)/.checklists.sqlite.restoring-\(dead).partial-\(dead)",
      "\(folder)/.checklists.sqlite.restoring-\(dead).partial-\(dead)-journal",
      "\(folder)/checklists.sqlite.before-restore-20261201-093000.partial-\(dead)",
    ]
    let running = [
      "\(folder)/.checklists.sqlite.restoring-\(live)",
      "\(folder)/.checklists.sqlite.restoring-\(live).partial-\(live)",
    ]
    // Not leftovers of a restore into this database, whatever process wrote them.
    let others = [
      "\(folder)/.other.sqlite.restoring-\(dead)", "\(folder)/checklists.sqlite.notes-\(dead)",
    ]
    for path in leftovers + running + others { try Self.write(path) }

    let output = try cli.ok("restore", backup)
    #expect(output.contains("Removed what interrupted restores had left"), "\(output)")
    for path in leftovers {
      #expect(!Self.exists(path), "\(path) is still there")
      #expect(output.contains("'\(path)'"), "\(output)")
    }
    for path in running + others { #expect(Self.exists(path), "\(path) was removed") }
    #expect(try cli.ok("lists").contains("Groceries"))
  }

  @Test("A backup killed with SIGKILL leaves at most a copy the next backup removes")
  func killedBackup() throws {
    let cli = CLI()
    try cli.ok("list", "add", "Groceries")
    // 40 MB, so that the copy takes long enough to be caught in the middle.
    try HouseholdDatabase.execute(
      cli.databasePath,
      "CREATE TABLE padding (data BLOB); "
        + "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40) "
        + "INSERT INTO padding SELECT zeroblob(1048576) FROM n;")
    let backup = cli.folder.appendingPathComponent("backup.sqlite").path
    var caught: [String] = []
    // A bounded number of tries: each starts a backup and kills it once its copy exists.
    for _ in 0..<10 where caught.isEmpty {
      let process = Process()
      process.executableURL = CLI.binary
      process.arguments = ["backup", backup, "--force"]
      process.environment = cli.environment
      process.currentDirectoryURL = cli.folder
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      for _ in 0..<4_000 where process.isRunning {
        if try Self.partials(of: backup, in: cli.folder.path).isEmpty == false { break }
        usleep(1_000)
      }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      caught = try Self.partials(of: backup, in: cli.folder.path)
    }
    #expect(!caught.isEmpty, "no backup was caught in the middle of its copy")

    let output = try cli.ok("backup", backup, "--force")
    for name in caught {
      #expect(output.contains(name), "\(output)")
    }
    #expect(try Self.partials(of: backup, in: cli.folder.path).isEmpty)
    #expect(try cli.ok("--db", backup, "lists").contains("Groceries"))
  }

  /// The names of the half-written copies of `backup` in `folder`.
  static func partials(of backup: String, in folder: String) throws -> [String] {
    let name = (backup as NSString).lastPathComponent
    return try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { $0.hasPrefix(name + ".partial-") }.sorted()
  }
}
