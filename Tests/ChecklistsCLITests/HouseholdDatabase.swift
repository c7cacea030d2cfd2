import Foundation
import SQLDatabase
import SQLiteDatabase
import Testing

/// A household made through the `checklists` binary as people would make it, and the ways
/// the copy, backup and restore tests look at a database file: every table row by row.
enum HouseholdDatabase {
  static let passwords = ["alice": "wonderland-42", "bob": "builder-1234"]

  /// Fills the database of `cli` (its `CHECKLISTS_DB`) with two users and a bit of
  /// everything: lists with checked, due and reminded items, a move, deletions (so deleted
  /// ids and field revisions exist), a catalogue with prices, shopping lists, a share, a
  /// token, hidden checked items, and a change log with pruning settings of its own.
  static func populate(_ cli: CLI) throws {
    for (name, password) in passwords.sorted(by: { $0.key < $1.key }) {
      try cli.ok("user", "add", name, input: password + "\n")
    }
    let alice = ["--user", "alice"]
    let bob = ["--user", "bob"]
    try cli.ok(alice + ["list", "add", "Groceries", "--icon", "Groceries"])
    for item in ["Milk", "Eggs", "Bread", "Crème fraîche 🥛", "Apples"] {
      try cli.ok(alice + ["add", "Groceries", item])
    }
    try cli.ok(alice + ["add", "Groceries", "Call the baker", "--due", "2030-01-02 09:30"])
    try cli.ok(alice + ["check", "Groceries", "Milk"])
    try cli.ok(alice + ["check", "Groceries", "Eggs"])
    try cli.ok(alice + ["move", "Groceries", "Apples", "1"])
    try cli.ok(alice + ["edit", "Groceries", "Bread", "--text", "Sourdough bread"])
    try cli.ok(alice + ["edit", "Groceries", "Call the baker", "--remind"])
    try cli.ok(alice + ["delete", "Groceries", "Eggs"], input: "y\n")
    try cli.ok(alice + ["list", "add", "Packing"])
    try cli.ok(alice + ["add", "Packing", "Passport"])
    try cli.ok(alice + ["check", "Packing", "Passport"])
    try cli.ok(alice + ["edit", "Packing", "--hide-checked", "true"])
    try cli.ok(alice + ["list", "add", "Old things"])
    try cli.ok(alice + ["add", "Old things", "Gone with the list"])
    try cli.ok(alice + ["list", "delete", "Old things"], input: "y\n")
    try cli.ok(alice + ["share", "Groceries", "bob", "--role", "editor"])
    try cli.ok(alice + ["shop", "item", "add", "Coffee", "--price", "4.99"])
    try cli.ok(
      alice + [
        "shop", "item", "add", "Tea", "--price", "2.50", "--unit", "box", "--category", "Drinks",
      ])
    try cli.ok(alice + ["shop", "add", "Coffee", "Oat milk"])
    try cli.ok(alice + ["shop", "check", "Coffee"])
    try cli.ok(alice + ["token", "create", "backup script"])
    try cli.ok(bob + ["list", "add", "Tools"])
    try cli.ok(bob + ["add", "Tools", "Hammer"])
    try cli.ok(bob + ["add", "Groceries", "Beer"])
    try cli.ok(bob + ["shop", "add", "Nails"])
  }

  /// Every table of the SQLite file at `path`, row by row with each value's kind, sorted; the
  /// schema's own rows (tables, indexes, triggers by their SQL); the migrations recorded,
  /// without when (each database records when it was migrated).
  static func dump(_ path: String) throws -> [String: [String]] {
    let database = try Database(path: path)
    defer { database.close() }
    var dump: [String: [String]] = [:]
    dump["(schema)"] = try database.query(
      "SELECT type, name, tbl_name, sql FROM sqlite_master", arguments: []
    ) { row in (0..<4).map { row.string($0) }.joined(separator: " | ") }.sorted()
    dump["(migrations)"] = try database.query(
      "SELECT identifier FROM schema_migrations", arguments: []
    ) { $0.string(0) }.sorted()
    let tables = try database.query(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'schema_migrations'",
      arguments: []
    ) { $0.string(0) }
    for table in tables {
      dump[table] = try database.query("SELECT * FROM \"\(table)\"", arguments: []) { row in
        (0..<row.columnCount).map { describe(row.value($0)) }.joined(separator: " | ")
      }.sorted()
    }
    return dump
  }

  /// A value with its kind, so that 1 and 1.0 and '1' differ.
  static func describe(_ value: SQLValue) -> String {
    switch value {
    case .null: "NULL"
    case .integer(let number): "int \(number)"
    case .real(let number): "real \(number.bitPattern)"
    case .text(let text): "text '\(text)'"
    case .blob(let bytes): "blob \(bytes)"
    }
  }

  /// One query's first column on the SQLite file at `path`.
  static func values(_ path: String, _ sql: String) throws -> [SQLValue] {
    let database = try Database(path: path)
    defer { database.close() }
    return try database.query(sql, arguments: []) { $0.value(0) }
  }

  /// Runs statements on the SQLite file at `path` directly, as someone with the `sqlite3`
  /// shell would (foreign keys off, as the shell has them).
  static func execute(_ path: String, _ sql: String) throws {
    let database = try Database(path: path)
    defer { database.close() }
    try database.execute("PRAGMA foreign_keys = OFF; " + sql)
  }

  /// What `checklists export` writes for each user, without the moment it was written.
  static func exports(_ cli: CLI, database: String) throws -> [String: String] {
    var exports: [String: String] = [:]
    for user in passwords.keys.sorted() {
      let json = try cli.ok("--db", database, "--user", user, "export")
      var object = try #require(
        try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
      object["exportedAt"] = nil
      let canonical = try JSONSerialization.data(
        withJSONObject: object, options: [.sortedKeys, .prettyPrinted])
      exports[user] = String(decoding: canonical, as: UTF8.self)
      let shopping = try cli.ok("--db", database, "--user", user, "shop", "show", "--json")
      exports[user + " shopping"] = shopping
    }
    return exports
  }

  /// Signs `user` in with their password through `checklists login` against a server on the
  /// database file at `database`, as a person on another machine would.
  static func signsIn(_ user: String, database: String) throws -> Bool {
    var machine = CLI()
    machine.environment["CHECKLISTS_DB"] = database
    let server = try ServeTLSTests.serve(machine, [])
    defer { _ = server.stop() }
    let url = try #require(
      server.log.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("http://") }.map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
      }, "\(server.log)")
    var client = CLI()
    client.environment["CHECKLISTS_DB"] = nil
    let login = try client.run(
      ["login", url, "--user", user], input: (passwords[user] ?? "") + "\n")
    guard login.code == 0 else { return false }
    return try client.ok("lists").contains("Groceries")
  }
}
