import Foundation
import Testing

@Suite("checklists import <file>: the file is recognised")
struct ImportDetectionCommandTests {
  @Test("The Shopping List app's items file imports without saying 'items'")
  func itemsFile() throws {
    let cli = CLI()
    let items = CLI.fixtures.appendingPathComponent("items").path
    #expect(
      try cli.ok("import", items)
        == "Imported 5 items into the catalogue: 5 added, 0 updated, 0 unchanged; "
        + "2 put on Shopping List.\n")
    let catalogue = try cli.ok("shop", "items")
    #expect(catalogue.hasPrefix("Catalogue — 5 items in EUR"))
    #expect(catalogue.contains("Pear"))
    // 'import items' keeps working, and a second import adds nothing.
    #expect(
      try cli.ok("import", "items", items)
        == "Imported 5 items into the catalogue: 0 added, 0 updated, 5 unchanged; "
        + "0 put on Shopping List.\n")
    // The checklists are untouched.
    #expect(try cli.ok("lists").contains("1  List  (No Items)  No Icon"))
  }

  @Test("An iCalendar file is refused: not supported yet")
  func iCalendar() throws {
    let cli = CLI()
    let file = cli.folder.appendingPathComponent("Holidays.ics").path
    try "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".write(
      toFile: file, atomically: true, encoding: .utf8)
    let result = try cli.run("import", file)
    #expect(result.code == 1)
    #expect(
      result.error
        == "Error: Cannot import '\(file)': iCalendar is not supported yet: Checklists imports "
        + "the iPhone apps' Checklists.plist and items files and its own JSON backup.\n")
  }

  @Test("Options of the other kind of file are usage errors")
  func options() throws {
    let cli = CLI()
    let items = CLI.fixtures.appendingPathComponent("items").path
    let replace = try cli.run("import", items, "--replace")
    #expect(replace.code == 64)
    #expect(replace.error.hasPrefix("Error: --replace is for checklists;"))
    let plist = CLI.fixtures.appendingPathComponent("Checklists.plist").path
    let list = try cli.run("import", plist, "--list", "Party")
    #expect(list.code == 64)
    #expect(list.error.hasPrefix("Error: --list is for the Shopping List app's items file;"))
    #expect(try cli.ok("shop", "items").hasPrefix("The catalogue is empty."))
  }
}
