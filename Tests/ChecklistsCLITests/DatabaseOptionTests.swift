import Foundation
import Testing

/// `--database` (and its older name `--db`) and `$CHECKLISTS_DATABASE_URL`: how every command
/// is told which database to use.
@Suite("Naming the database")
struct DatabaseOptionTests {
  @Test("--database and --db name the same thing; both at once must agree")
  func optionAndAlias() throws {
    let cli = CLI()
    let file = cli.folder.appendingPathComponent("named.sqlite").path
    try cli.ok("--database", file, "list", "add", "Named")
    #expect(try cli.ok("--db", file, "lists").contains("Named"))
    #expect(try cli.ok("--database", file, "--db", file, "lists").contains("Named"))
    // The default database was never touched.
    #expect(!FileManager.default.fileExists(atPath: cli.databasePath))

    let other = cli.folder.appendingPathComponent("other.sqlite").path
    let both = try cli.run("--database", file, "--db", other, "lists")
    #expect(both.code == 64)
    #expect(both.error.contains("--database and --db name different databases"), "\(both.error)")
    let empty = try cli.run("--database", "", "lists")
    #expect(empty.code == 64)
    #expect(empty.error.contains("--database needs a file path or a postgres:// URL"))
  }

  @Test("$CHECKLISTS_DATABASE_URL wins over $CHECKLISTS_DB, and --database over both")
  func environmentOrder() throws {
    var cli = CLI()
    let url = cli.folder.appendingPathComponent("from-url.sqlite").path
    cli.environment["CHECKLISTS_DATABASE_URL"] = url
    try cli.ok("list", "add", "Through the URL variable")
    #expect(FileManager.default.fileExists(atPath: url))
    #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    let explicit = cli.folder.appendingPathComponent("explicit.sqlite").path
    #expect(try !cli.ok("--database", explicit, "lists").contains("Through the URL variable"))
    // An empty variable names none: the next one counts.
    cli.environment["CHECKLISTS_DATABASE_URL"] = ""
    #expect(try !cli.ok("lists").contains("Through the URL variable"))
    #expect(FileManager.default.fileExists(atPath: cli.databasePath))
  }

  @Test("A PostgreSQL URL that cannot be used is an error that never shows its password")
  func unusableServer() throws {
    let cli = CLI()
    let result = try cli.run(
      "--database", "postgres://someone:s3cret-pw@127.0.0.1:1/nowhere", "lists")
    #expect(result.code == 1)
    #expect(result.error.hasPrefix("Error: "), "\(result.error)")
    #expect(!result.error.contains("s3cret-pw"), "\(result.error)")
    #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
  }

  @Test("Help names --database, its alias and the variable")
  func help() throws {
    let help = try cli().ok("--help")
    #expect(help.contains("--database <file-or-url>"), "\(help)")
    #expect(help.contains("--db <file-or-url>"))
    #expect(help.contains("$CHECKLISTS_DATABASE_URL"))
  }

  private func cli() -> CLI { CLI() }
}
