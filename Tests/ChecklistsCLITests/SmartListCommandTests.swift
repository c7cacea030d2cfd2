import Foundation
import Testing

@Suite("checklists today|scheduled|overdue|flagged|all, search and template, run as programs")
struct SmartListCommandTests {
  @Test("The smart lists gather items from every list, as text and as JSON")
  func smartLists() throws {
    let cli = CLI()
    try cli.ok("list", "add", "Home")
    try cli.ok("add", "Home", "Pay rent", "--due", "2020-01-01 09:00")
    try cli.ok("add", "List", "Dentist", "--due", "2099-12-24 17:00")
    try cli.ok("add", "List", "Someday")
    #expect(
      try cli.ok("overdue") == """
        Due               List  Item
        2020-01-01 09:00  Home  Pay rent

        """)
    #expect(try cli.ok("today").contains("Pay rent"))
    let scheduled = try cli.ok("scheduled")
    #expect(scheduled.contains("Pay rent") && scheduled.contains("Dentist"))
    #expect(!scheduled.contains("Someday"))
    #expect(try cli.ok("flagged") == "Nothing in Flagged.\n")
    let all = try cli.ok("all", "--json")
    let body = try #require(
      try JSONSerialization.jsonObject(with: Data(all.utf8)) as? [String: Any])
    #expect(body["kind"] as? String == "all")
    let items = try #require(body["items"] as? [[String: Any]])
    #expect(items.map { $0["text"] as? String } == ["Pay rent", "Dentist", "Someday"])
    #expect((items.first?["checklist"] as? [String: Any])?["name"] as? String == "Home")
  }

  @Test("search finds words by their start, ignoring case and accents")
  func search() throws {
    let cli = CLI()
    try cli.ok("add", "List", "Crème brûlée")
    try cli.ok("add", "List", "Bread")
    #expect(
      try cli.ok("search", "CREME", "bru") == """
        List
          [ ] Crème brûlée

        """)
    #expect(try cli.ok("search", "zebra") == "Nothing matches 'zebra'.\n")
    let json = try cli.ok("search", "brea", "--json")
    let body = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let groups = try #require(body["groups"] as? [[String: Any]])
    #expect(groups.first?["kind"] as? String == "checklist")
    let empty = try cli.run("search", "?!")
    #expect(empty.code == 1)
    #expect(empty.error.contains("has no letters or digits"))
  }

  @Test("template save, list, start and delete")
  func templates() throws {
    let cli = CLI()
    try cli.ok("list", "add", "Packing")
    try cli.ok("add", "Packing", "Passport", "--due", "2030-06-01 08:00")
    try cli.ok("check", "Packing", "Passport")
    try cli.ok("add", "Packing", "Toothbrush")
    #expect(
      try cli.ok("template", "save", "Packing", "--name", "Trip")
        == "Saved 'Packing' as the template 'Trip' (2 items).\n")
    #expect(try cli.ok("template", "list").contains("1  Trip      2"))
    #expect(
      try cli.ok("template", "start", "trip", "--name", "Rome")
        == "Started 'Rome' from the template 'Trip' (2 items).\n")
    let rome = try cli.ok("items", "Rome")
    #expect(rome.contains("Passport") && rome.contains("Toothbrush"))
    let started = try cli.ok("template", "start", "1", "--json")
    let body = try #require(
      try JSONSerialization.jsonObject(with: Data(started.utf8)) as? [String: Any])
    #expect((body["checklist"] as? [String: Any])?["name"] as? String == "Trip")
    #expect(
      (body["items"] as? [[String: Any]])?.map { $0["checked"] as? Bool } == [false, false])
    #expect(try cli.ok("template", "delete", "Trip") == "Deleted the template 'Trip'.\n")
    let missing = try cli.run("template", "start", "Trip")
    #expect(missing.code == 1)
    #expect(missing.error.contains("There is no template 'Trip'"))
  }
}
