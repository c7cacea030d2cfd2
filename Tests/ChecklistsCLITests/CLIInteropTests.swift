import Foundation
import Testing

@Suite("Import and export through the command line")
struct CLIInteropTests {
  /// The iPhone app's own Codable shape: every property required, as its decoder demands.
  struct AppChecklist: Codable, Equatable {
    var name: String
    var iconName: String
    var items: [AppItem]
  }

  struct AppItem: Codable, Equatable {
    var text: String
    var checked: Bool
    var dueDate: Date
    var shouldRemind: Bool
    var itemID: Int
  }

  static let fixtures = ["Checklists.plist", "Checklists-xml.plist"]

  @Test(
    "The iPhone app's file imports with everything kept, and a second import adds nothing",
    arguments: fixtures)
  func importFixture(file: String) throws {
    let cli = CLI()
    let path = CLI.fixtures.appendingPathComponent(file).path
    #expect(
      try cli.ok("import", path)
        == "Imported 4 lists: 4 created, 0 merged; items: 10 added, 0 updated, 0 unchanged.\n")
    #expect(
      try cli.ok("import", path)
        == "Imported 4 lists: 0 created, 4 merged; items: 0 added, 0 updated, 10 unchanged.\n")
    #expect(
      try cli.ok("lists") == """
        #  List       Status       Icon
        1  Birthdays  1 Remaining  Birthdays
        2  Cool Apps  (No Items)   Folder
        3  Groceries  1 Remaining  Groceries
        4  List       (No Items)   No Icon
        5  To Do      3 Remaining  Chores

        """)
    // The file has a due date on every item; the app showed it only with Remind Me on.
    #expect(
      try cli.ok("items", "To Do") == """
        To Do — 3 Remaining
        1    Walk the dog
        2  √ Brush my teeth
        3    Learn iOS development
        4    Soccer practice
        5  √ Eat ice cream

        """)
    #expect(try cli.ok("overdue").contains("Walk the dog") == false)
    #expect(
      try cli.ok("items", "Birthdays").contains(
        "1    Buy a cake        (due 2026-01-03 00:00, remind)"))
  }

  @Test("export --format ios-plist writes what the iPhone app's decoder reads")
  func exportForTheApp() throws {
    let cli = CLI()
    try cli.ok("import", CLI.fixtures.appendingPathComponent("Checklists.plist").path)
    try cli.ok("add", "Cool Apps", "No due date here")
    let out = cli.folder.appendingPathComponent("Checklists.plist").path
    #expect(
      try cli.ok("export", "--format", "ios-plist", "--output", out).hasPrefix(
        "Exported 5 lists and 11 items"))
    let data = try Data(contentsOf: URL(fileURLWithPath: out))
    #expect(data.prefix(8) == Data("bplist00".utf8))
    var format = PropertyListSerialization.PropertyListFormat.xml
    let decoded = try PropertyListDecoder().decode([AppChecklist].self, from: data, format: &format)
    #expect(format == .binary)
    let original = try PropertyListDecoder().decode(
      [AppChecklist].self,
      from: Data(contentsOf: CLI.fixtures.appendingPathComponent("Checklists.plist")))
    let birthdays = try #require(decoded.first { $0.name == "Birthdays" })
    // Every item has a date, as the app requires; the one with Remind Me has the file's.
    #expect(birthdays.items.map(\.text) == original[0].items.map(\.text))
    #expect(birthdays.items.map(\.checked) == original[0].items.map(\.checked))
    #expect(birthdays.items.map(\.shouldRemind) == original[0].items.map(\.shouldRemind))
    #expect(birthdays.items[0].dueDate == original[0].items[0].dueDate)
    #expect(decoded.map(\.name) == ["Birthdays", "Cool Apps", "Groceries", "List", "To Do"])
    #expect(Set(decoded.flatMap(\.items).map(\.itemID)).count == 11)
    #expect(decoded[1].items.map(\.text) == ["No due date here"])
    #expect(!decoded[1].items[0].shouldRemind)
    // And the file comes back in unchanged.
    #expect(
      try cli.ok("import", out).contains(
        "0 created, 5 merged; items: 0 added, 0 updated, 11 unchanged"))
  }

  @Test("A JSON backup restores losslessly into a new database")
  func backupRoundTrip() throws {
    let cli = CLI(timeZone: "Europe/Berlin")
    try cli.ok("import", CLI.fixtures.appendingPathComponent("Checklists.plist").path)
    try cli.ok("add", "Groceries", "Käse 🧀", "--due", "2031-02-03 04:05:06")
    try cli.ok("move", "Groceries", "Käse", "1")
    let backup = try cli.ok("export")
    let file = cli.folder.appendingPathComponent("backup.json").path
    try backup.write(toFile: file, atomically: true, encoding: .utf8)
    var fresh = CLI(timeZone: "Europe/Berlin")
    fresh.environment["CHECKLISTS_DB"] = fresh.folder.appendingPathComponent("restored.sqlite").path
    try fresh.ok("list", "delete", "List", "--yes")
    try fresh.ok("import", file)
    #expect(try Self.withoutExportDate(fresh.ok("export")) == Self.withoutExportDate(backup))
    #expect(try fresh.ok("items", "Groceries") == cli.ok("items", "Groceries"))
  }

  @Test(
    "Broken and foreign files are refused with a clear message and change nothing",
    arguments: [
      ("empty", Data(), "The file is empty."),
      ("png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]), "PNG"),
      ("notes.txt", Data("Milk, eggs, bread\n".utf8), "not a Checklists.plist"),
      ("other.json", Data(#"{"hello": "world"}"#.utf8), "backup"),
    ])
  func badFiles(name: String, contents: Data, message: String) throws {
    try Self.expectRefused(contents, named: name, message: message)
  }

  @Test("A truncated plist is refused at any length", arguments: [8, 40, 200, 400, 591])
  func truncated(length: Int) throws {
    let data = try Data(contentsOf: CLI.fixtures.appendingPathComponent("Checklists.plist"))
    try Self.expectRefused(data.prefix(length), named: "cut.plist", message: "damaged or truncated")
  }

  @Test("The Shopping List app's items file goes to the catalogue and leaves the checklists alone")
  func shoppingFile() throws {
    let cli = CLI()
    try cli.ok("add", "List", "Keep me")
    let before = try cli.ok("items", "List")
    let path = cli.folder.appendingPathComponent("items").path
    try Data(contentsOf: CLI.fixtures.appendingPathComponent("items"))
      .write(to: URL(fileURLWithPath: path))
    let result = try cli.run("import", path)
    #expect(result.code == 0, "\(result.error)")
    #expect(try cli.ok("items", "List") == before)
    #expect(try cli.ok("lists").contains("1  List"))
    #expect(try !cli.ok("shop", "items").hasPrefix("The catalogue is empty"))
  }

  @Test("A missing file or a folder is named in the error")
  func missingFile() throws {
    let cli = CLI()
    let missing = try cli.run("import", "/nonexistent/Checklists.plist")
    #expect(missing.code == 1)
    #expect(missing.error == "Error: There is no file '/nonexistent/Checklists.plist'.\n")
    let folder = try cli.run("import", cli.folder.path)
    #expect(folder.error == "Error: '\(cli.folder.path)' is not a regular file (it is a folder).\n")
  }

  static func expectRefused(
    _ contents: Data, named name: String, message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let cli = CLI()
    try cli.ok("add", "List", "Keep me")
    let before = try cli.ok("export")
    let path = cli.folder.appendingPathComponent(name).path
    try contents.write(to: URL(fileURLWithPath: path))
    let result = try cli.run("import", path)
    #expect(result.code == 1, sourceLocation: sourceLocation)
    #expect(
      result.error.hasPrefix("Error: Cannot import '\(path)': "), "\(result.error)",
      sourceLocation: sourceLocation)
    #expect(result.error.contains(message), "\(result.error)", sourceLocation: sourceLocation)
    #expect(!result.error.contains("NSCocoaErrorDomain"), sourceLocation: sourceLocation)
    #expect(
      try withoutExportDate(cli.ok("export")) == withoutExportDate(before),
      sourceLocation: sourceLocation)
  }

  static func withoutExportDate(_ backup: String) -> String {
    backup.split(separator: "\n").filter { !$0.contains("\"exportedAt\"") }.joined(separator: "\n")
  }
}
