import Foundation
import Testing

/// Runs `checklists` with arguments given as bytes: `/bin/sh` makes each one with `printf`, so
/// bytes that are not UTF-8 reach the program as they are (`Process` takes only `String`s).
/// Waits a bounded time, so a command that blocks fails the test instead of hanging it.
func runBytes(_ cli: CLI, _ arguments: [[UInt8]]) throws -> CLI.Result {
  var script = "exec \"$0\""
  for bytes in arguments {
    precondition(bytes.last != 0x0A, "$(…) would drop a trailing newline")
    let octal = bytes.map { "\\" + String($0, radix: 8) }.joined()
    script += " \"$(printf '\(octal)')\""
  }
  return try runUnderShell(cli, script, seconds: 30)
}

/// Runs `script` with `/bin/sh -c`, `$0` being the `checklists` binary, in the CLI's folder and
/// environment, with no standard input. Waits at most `seconds`, then ends the process, so a
/// command that blocks fails the test instead of hanging it.
func runUnderShell(_ cli: CLI, _ script: String, seconds: Int) throws -> CLI.Result {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/sh")
  process.arguments = ["-c", script, CLI.binary.path]
  process.environment = cli.environment
  process.currentDirectoryURL = cli.folder
  let stdout = Pipe()
  let stderr = Pipe()
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = stdout
  process.standardError = stderr
  try process.run()
  // The answers are short: they fit in the pipes while the process runs.
  for _ in 0..<(seconds * 20) where process.isRunning { usleep(50_000) }
  if process.isRunning { process.terminate() }
  process.waitUntilExit()
  return CLI.Result(
    output: String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
    error: String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
    code: process.terminationReason == .uncaughtSignal ? -1 : process.terminationStatus)
}

func runBytes(_ cli: CLI, _ arguments: String...) throws -> CLI.Result {
  try runBytes(cli, arguments.map { Array($0.utf8) })
}

@Suite("The command line refuses what it cannot take at its word")
struct CLIInputTests {
  @Test("An argument that is not UTF-8 is a usage error naming it; nothing is stored")
  func invalidUTF8() throws {
    let cli = CLI()
    try cli.ok("list", "add", "Base")
    let result = try runBytes(
      cli, [Array("add".utf8), Array("Base".utf8), [0xFF] + Array(" x".utf8)])
    #expect(result.code == 64)
    #expect(
      result.error == """
        Error: Argument 3 ('\\xFF x') is not valid UTF-8; the command line takes text in UTF-8 only.
        Usage: checklists add <list> <text> [--due <date>] [--remind] [--notes <text>] [--flag] [--priority <none|low|medium|high>] [--repeat <rule>] [--under <item>] [--json]
          See 'checklists add --help' for more information.

        """)
    #expect(result.output == "")
    let items = try cli.ok("items", "Base")
    #expect(items.hasPrefix("Base — (No Items)\n"))
    #expect(!items.contains("\u{FFFD}"))
  }

  @Test(
    "Truncated, overlong and surrogate sequences are refused too, shown escaped",
    arguments: [
      ([0x43, 0x61, 0x66, 0xC3], "Caf\\xC3"),  // é cut in half
      ([0xC0, 0xAF], "\\xC0\\xAF"),  // an overlong '/'
      ([0xED, 0xA0, 0x80], "\\xED\\xA0\\x80"),  // a UTF-16 surrogate
      ([0xC3, 0xA9, 0x1B, 0x5C, 0xFE], "é\\x1B\\\\\\xFE"),  // ESC and \ escaped too
    ] as [([UInt8], String)])
  func otherInvalidSequences(bytes: [UInt8], shown: String) throws {
    let cli = CLI()
    let result = try runBytes(cli, [Array("list".utf8), Array("add".utf8), bytes])
    #expect(result.code == 64)
    #expect(
      result.error.hasPrefix(
        "Error: Argument 3 ('\(shown)') is not valid UTF-8; "
          + "the command line takes text in UTF-8 only.\nUsage: checklists list add <name>"),
      "\(result.error)")
    #expect(try cli.ok("lists").hasPrefix("#  List  Status      Icon\n1  List "))
  }

  @Test("An option's value and an unknown command are checked before anything else")
  func everywhere() throws {
    let cli = CLI()
    let option = try runBytes(
      cli, ["list", "add", "Trips", "--icon"].map { Array($0.utf8) } + [[0xFF]])
    #expect(option.code == 64)
    #expect(option.error.hasPrefix("Error: Argument 5 ('\\xFF') is not valid UTF-8;"))
    let command = try runBytes(cli, [[0x61, 0xFF]])
    #expect(command.code == 64)
    #expect(command.error.hasPrefix("Error: Argument 1 ('a\\xFF') is not valid UTF-8;"))
    #expect(command.error.contains("Usage: checklists <subcommand>"), "\(command.error)")
  }

  @Test("A CHECKLISTS_DB that is not UTF-8 is refused, not taken for another file")
  func invalidEnvironment() throws {
    let cli = CLI()
    let octal = Array(cli.folder.path.utf8).map { "\\" + String($0, radix: 8) }.joined()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c", "CHECKLISTS_DB=\"$(printf '\(octal)/\\377.sqlite')\" exec \"$0\" lists",
      CLI.binary.path,
    ]
    process.environment = cli.environment
    let stderr = Pipe()
    process.standardError = stderr
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    let error = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 64)
    #expect(
      error
        == "Error: $CHECKLISTS_DB ('\(cli.folder.path)/\\xFF.sqlite') is not valid UTF-8; "
        + "set it to UTF-8 text, or unset it.\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: cli.folder.path) == [])
  }

  @Test("Valid UTF-8 comes through the raw command line unchanged")
  func validUTF8() throws {
    let cli = CLI()
    let result = try runBytes(cli, "list", "add", "Crème brûlée 🍮")
    #expect(result.code == 0, "\(result.error)")
    #expect(try cli.ok("lists").contains("Crème brûlée 🍮"))
  }

  @Test("A list name made only of combining marks, or an icon hiding NUL, is refused")
  func unreadableText() throws {
    let cli = CLI()
    let marks = try cli.run("list", "add", "\u{0301}\u{0301}")
    #expect(marks.code == 1)
    #expect(
      marks.error
        == "Error: A list's name cannot be only combining marks (accents with no letter to sit on).\n"
    )
    #expect(try cli.ok("lists").hasPrefix("#  List  Status      Icon\n1  List "))
  }

  // MARK: - --db

  @Test("--db in a folder that does not exist is an error naming it; no folder is made")
  func missingFolder() throws {
    let cli = CLI()
    let folder = cli.folder.appendingPathComponent("typo/deeper").path
    let result = try cli.run("lists", "--db", folder + "/checklists.sqlite")
    #expect(result.code == 1)
    #expect(
      result.error
        == "Error: The folder '\(folder)' for the database '\(folder)/checklists.sqlite' does "
        + "not exist; create it first, or choose a file in a folder that exists.\n")
    #expect(!FileManager.default.fileExists(atPath: cli.folder.appendingPathComponent("typo").path))
  }

  @Test("CHECKLISTS_DB is held to the same rule; a file is not a folder")
  func environmentAndFile() throws {
    var cli = CLI()
    let missing = cli.folder.appendingPathComponent("nowhere").path
    cli.environment["CHECKLISTS_DB"] = missing + "/db.sqlite"
    let result = try cli.run("list", "add", "Trips")
    #expect(result.code == 1)
    #expect(result.error.hasPrefix("Error: The folder '\(missing)' for the database"))
    #expect(!FileManager.default.fileExists(atPath: missing))

    let file = cli.folder.appendingPathComponent("notes.txt").path
    try "notes".write(toFile: file, atomically: true, encoding: .utf8)
    let inFile = try cli.run("lists", "--db", file + "/db.sqlite")
    #expect(inFile.code == 1)
    #expect(
      inFile.error
        == "Error: '\(file)' is not a folder, so it cannot hold the database '\(file)/db.sqlite'.\n"
    )
  }

  @Test("A named database in the current folder, or in one that exists, is made as before")
  func existingFolder() throws {
    let cli = CLI()
    try cli.ok("list", "add", "Here", "--db", "relative.sqlite")
    #expect(FileManager.default.fileExists(atPath: cli.folder.path + "/relative.sqlite"))
  }

  // MARK: - import

  @Test(
    "import of a device, a FIFO or a folder: not a regular file, and nothing is read",
    arguments: [
      ("/dev/zero", "a device"), ("fifo", "a FIFO, a named pipe"), (".", "a folder"),
    ])
  func notARegularFile(path: String, kind: String) throws {
    let cli = CLI()
    #expect(mkfifo(cli.folder.appendingPathComponent("fifo").path, 0o600) == 0)
    for arguments in [["import", path], ["import", "items", path]] {
      let result = try runBytes(cli, arguments.map { Array($0.utf8) })
      #expect(result.code == 1, "\(arguments): \(result.error)")
      #expect(result.error == "Error: '\(path)' is not a regular file (it is \(kind)).\n")
    }
    #expect(try cli.ok("lists").hasPrefix("#  List  Status      Icon\n1  List "))
  }

  @Test("A symbolic link to a file is read as the file; a missing file is named")
  func linksAndMissing() throws {
    let cli = CLI()
    try cli.ok("list", "add", "Trips")
    try cli.ok("export", "--output", "backup.json")
    let other = CLI()
    let link = other.folder.appendingPathComponent("link.json").path
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: cli.folder.appendingPathComponent("backup.json").path)
    try other.ok("import", link)
    #expect(try other.ok("lists").contains("Trips"))
    let missing = try other.run("import", "nothing.json")
    #expect(missing.code == 1)
    #expect(missing.error == "Error: There is no file 'nothing.json'.\n")
  }
}
