import Foundation
import Testing

/// Runs `checklists` under `/bin/sh` with a shell redirection for standard input and a cap on
/// the process's memory, so that a command reading without end dies quickly instead of taking
/// the machine's memory. Waits a bounded time.
private func runShell(_ cli: CLI, _ script: String) throws -> CLI.Result {
  try runUnderShell(cli, "ulimit -v 4000000; " + script, seconds: 60)
}

@Suite("The command line holds against input without end and files that are not files")
struct HostileInputTests {
  @Test("import - from /dev/zero stops at 64 MiB with an error, as the server's import does")
  func standardInputWithoutEnd() throws {
    let cli = CLI()
    try cli.ok("list", "add", "Base")
    let result = try runShell(cli, "exec \"$0\" import - < /dev/zero")
    #expect(result.code == 1)
    #expect(
      result.error
        == "Error: Standard input holds more than 64 MiB, the most the command line reads.\n")
    #expect(try cli.ok("lists").contains("Base"))
  }

  @Test("A file larger than 64 MiB is refused before it is read")
  func fileTooLarge() throws {
    let cli = CLI()
    let path = cli.folder.appendingPathComponent("huge.json").path
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let file = try #require(FileHandle(forWritingAtPath: path))
    try file.truncate(atOffset: UInt64(65 << 20))  // sparse: no disk used
    try file.close()
    let result = try cli.run("import", path)
    #expect(result.code == 1)
    #expect(
      result.error
        == "Error: '\(path)' is 65 MiB; the command line reads files of up to 64 MiB.\n")
  }

  @Test("--db naming a FIFO or a folder is a clear error, and nothing is made beside it")
  func databaseThatIsNotAFile() throws {
    let cli = CLI()
    let fifo = cli.folder.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let folder = cli.folder.appendingPathComponent("folder").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    for (path, kind) in [(fifo, "a FIFO, a named pipe"), (folder, "a folder")] {
      let result = try runShell(cli, "exec \"$0\" --db '\(path)' lists < /dev/null")
      #expect(result.code == 1)
      #expect(
        result.error
          == "Error: The database '\(path)' is not a regular file (it is \(kind)).\n")
      #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
      #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }
  }

  @Test("An empty CHECKLISTS_DB is no database named: the default folder is made on first use")
  func emptyDatabaseVariable() throws {
    var cli = CLI()
    cli.environment["CHECKLISTS_DB"] = ""
    cli.environment["XDG_DATA_HOME"] = cli.folder.appendingPathComponent("data").path
    let output = try cli.ok("lists")
    #expect(output.hasPrefix("#  List  Status      Icon\n1  List "), "\(output)")
    #expect(
      FileManager.default.fileExists(
        atPath: cli.folder.appendingPathComponent("data/checklists/checklists.sqlite").path))
  }
}
