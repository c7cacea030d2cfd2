import Foundation
import Testing

@Suite("The checklists command, run as a program")
struct ChecklistsCLITests {
  @Test("First use shows the empty list 'List'")
  func firstUse() throws {
    let cli = CLI()
    #expect(
      try cli.ok("lists") == """
        #  List  Status      Icon
        1  List  (No Items)  No Icon

        """)
    #expect(FileManager.default.fileExists(atPath: cli.databasePath))
  }

  @Test("Without --db or CHECKLISTS_DB the data lives under ~/.local/share/checklists")
  func defaultLocation() throws {
    var cli = CLI()
    cli.environment["CHECKLISTS_DB"] = nil
    try cli.ok("list", "add", "Trips")
    let path = cli.folder.appendingPathComponent(".local/share/checklists/checklists.sqlite").path
    #expect(FileManager.default.fileExists(atPath: path))
    cli.environment["XDG_DATA_HOME"] = cli.folder.appendingPathComponent("xdg").path
    try cli.ok("lists")
    #expect(
      FileManager.default.fileExists(atPath: cli.folder.path + "/xdg/checklists/checklists.sqlite"))
    let explicit = cli.folder.appendingPathComponent("explicit.sqlite").path
    try cli.ok("lists", "--db", explicit)
    #expect(FileManager.default.fileExists(atPath: explicit))
  }

  @Test("A tour: lists, items, checkmarks and the All Lists subtitles")
  func tour() throws {
    let cli = CLI()
    #expect(
      try cli.ok("list", "add", "Groceries", "--icon", "groceries")
        == "Added list 'Groceries' (Groceries).\n")
    #expect(try cli.ok("add", "groc", "Milk") == "Added 'Milk' to Groceries as item 1.\n")
    try cli.ok("add", "Groceries", "Eggs")
    try cli.ok("add", "Groceries", "  Bread  ")
    #expect(
      try cli.ok("lists") == """
        #  List       Status       Icon
        1  Groceries  3 Remaining  Groceries
        2  List       (No Items)   No Icon

        """)
    #expect(
      try cli.ok("check", "Groceries", "eggs", "3") == "√ Eggs\n√ Bread\nGroceries: 1 Remaining\n")
    #expect(
      try cli.ok("items", "1") == """
        Groceries — 1 Remaining
        1    Milk
        2  √ Eggs
        3  √ Bread

        """)
    try cli.ok("toggle", "Groceries", "Milk")
    #expect(try cli.ok("lists").contains("1  Groceries  All Done!   Groceries"))
    try cli.ok("uncheck", "Groceries", "2")
    try cli.ok("move", "Groceries", "Bread", "top")
    try cli.ok("edit", "Groceries", "Milk", "--text", "Oat milk")
    #expect(
      try cli.ok("delete", "Groceries", "Eggs")
        == "Deleted 'Eggs' from Groceries. Groceries: All Done!\n")
    #expect(
      try cli.ok("items", "Groceries") == """
        Groceries — All Done!
        1  √ Bread
        2  √ Oat milk

        """)
    try cli.ok("list", "rename", "Groceries", "Shop")
    try cli.ok("list", "icon", "Shop", "Trips")
    #expect(try cli.ok("lists").contains("2  Shop  All Done!   Trips"))
  }

  @Test("Due dates are read in friendly forms and shown in the local time zone")
  func dueDates() throws {
    let cli = CLI(timeZone: "America/New_York")
    let added = try cli.ok("add", "List", "Dentist", "--due", "2030-12-24T17:00:00Z", "--remind")
    #expect(added == "Added 'Dentist' to List as item 1. It is due 2030-12-24 12:00, remind.\n")
    try cli.ok("add", "List", "Call", "--due", "2030-01-02 08:30")
    #expect(
      try cli.ok("items", "List") == """
        List — 2 Remaining
        1    Dentist  (due 2030-12-24 12:00, remind)
        2    Call     (due 2030-01-02 08:30)

        """)
    let json = try JSONSerialization.jsonObject(
      with: Data(try cli.ok("items", "List", "--json").utf8))
    let items = try #require((json as? [String: Any])?["items"] as? [[String: Any]])
    #expect(items[0]["dueDate"] as? String == "2030-12-24T17:00:00Z")
    #expect(items[0]["reminderDate"] as? String == "2030-12-24T17:00:00Z")
    #expect(items[1]["dueDate"] as? String == "2030-01-02T13:30:00Z")
    try cli.ok("edit", "List", "Dentist", "--no-due")
    #expect(try cli.ok("items", "List").contains("1    Dentist\n"))
    try cli.ok("add", "List", "Past", "--due", "2020-01-01 09:00", "--remind")
    #expect(try cli.ok("due") == "Due               List  Item\n2020-01-01 09:00  List  Past\n")
  }

  @Test("--json on every reading command")
  func json() throws {
    let cli = CLI()
    try cli.ok("list", "add", "Birthdays", "--icon", "Birthdays")
    try cli.ok("add", "Birthdays", "Buy a cake")
    let lists = try JSONSerialization.jsonObject(with: Data(try cli.ok("lists", "--json").utf8))
    let entries = try #require((lists as? [String: Any])?["checklists"] as? [[String: Any]])
    #expect(entries.map { $0["name"] as? String } == ["Birthdays", "List"])
    #expect(entries[0]["subtitle"] as? String == "1 Remaining")
    #expect(entries[0]["icon"] as? String == "Birthdays")
    #expect(entries[0]["number"] as? Int == 1)
    #expect(entries[0]["remainingCount"] as? Int == 1)
    let show = try JSONSerialization.jsonObject(
      with: Data(try cli.ok("list", "show", "1", "--json").utf8))
    let items = try #require((show as? [String: Any])?["items"] as? [[String: Any]])
    #expect(items[0]["text"] as? String == "Buy a cake")
    #expect(items[0]["checked"] as? Bool == false)
    #expect(items[0].keys.contains("dueDate"))
    let icons = try JSONSerialization.jsonObject(with: Data(try cli.ok("icons", "--json").utf8))
    #expect(
      (icons as? [String: Any])?["icons"] as? [String] == [
        "No Icon", "Appointments", "Birthdays", "Chores", "Drinks", "Folder", "Groceries", "Inbox",
        "Photos", "Trips",
      ])
    let due = try JSONSerialization.jsonObject(with: Data(try cli.ok("due", "--json").utf8))
    #expect((due as? [String: Any])?["items"] as? [Any] != nil)
  }

  @Test("uncheck-all and clear-checked reset a reusable list; edit --hide-checked sets the list's")
  func resetList() throws {
    let cli = CLI()
    try cli.ok("list", "add", "Packing")
    for text in ["Passport", "Socks", "Charger"] { try cli.ok("add", "Packing", text) }
    try cli.ok("check", "Packing", "Passport", "Charger")
    #expect(try cli.ok("uncheck-all", "Packing") == "Unchecked 2 items.\nPacking: 3 Remaining\n")
    #expect(try cli.ok("uncheck-all", "Packing") == "Nothing to uncheck.\nPacking: 3 Remaining\n")
    try cli.ok("check", "Packing", "Passport")
    #expect(
      try cli.ok("clear-checked", "Packing") == "Deleted 1 checked item.\nPacking: 2 Remaining\n")
    #expect(
      try cli.ok("clear-checked", "Packing") == "Nothing checked to delete.\nPacking: 2 Remaining\n"
    )
    #expect(try cli.ok("items", "Packing").contains("1    Socks\n2    Charger\n"))
    try cli.ok("check", "Packing", "Socks")
    let json =
      try JSONSerialization.jsonObject(
        with: Data(try cli.ok("uncheck-all", "Packing", "--json").utf8)) as? [String: Any]
    #expect((json?["items"] as? [[String: Any]])?.map { $0["checked"] as? Bool } == [false, false])
    #expect((json?["checklist"] as? [String: Any])?["remainingCount"] as? Int == 2)

    #expect(
      try cli.ok("edit", "Packing", "--hide-checked", "true")
        == "Packing now hides checked items.\n")
    let lists = try JSONSerialization.jsonObject(with: Data(try cli.ok("lists", "--json").utf8))
    let packing = ((lists as? [String: Any])?["checklists"] as? [[String: Any]])?.first {
      $0["name"] as? String == "Packing"
    }
    #expect(packing?["hideChecked"] as? Bool == true)
    #expect(
      try cli.ok("edit", "Packing", "--hide-checked", "false")
        == "Packing now shows checked items.\n")
    let bad = try cli.run("edit", "Packing", "--hide-checked", "maybe")
    #expect(bad.code == 64)
    #expect(bad.error.contains("--hide-checked"), "\(bad.error)")
    let mixed = try cli.run("edit", "Packing", "Socks", "--hide-checked", "true")
    #expect(mixed.code == 64, "\(mixed.error)")
  }

  @Test("Deleting a list asks first, unless --yes")
  func deleteList() throws {
    let cli = CLI()
    try cli.ok("list", "add", "Chores")
    try cli.ok("add", "Chores", "Walk the dog")
    let refused = try cli.run("list", "delete", "Chores", input: "n\n")
    #expect(refused.code == 1)
    #expect(refused.output == "Delete the list 'Chores' and its 1 item? [y/N] ")
    #expect(refused.error == "Error: Nothing was deleted.\n")
    let noAnswer = try cli.run("list", "delete", "Chores")
    #expect(noAnswer.code == 1)
    #expect(try cli.ok("lists").contains("Chores"))
    #expect(
      try cli.ok("list", "delete", "Chores", input: "y\n").hasSuffix(
        "Deleted the list 'Chores' and its 1 item.\n"))
    try cli.ok("list", "add", "Inbox")
    #expect(
      try cli.ok("list", "delete", "Inbox", "--yes")
        == "Deleted the list 'Inbox' and its 0 items.\n")
    #expect(!(try cli.ok("lists").contains("Inbox")))
  }
}
