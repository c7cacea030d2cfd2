import Foundation
import Testing

/// `add`/`edit` with notes, flag, priority, repeat and `--under`; `items` showing them;
/// `history`.
@Suite("The checklists command: the item's new fields")
struct ItemFieldsCLITests {
  @Test("add and edit set the new fields; items shows them")
  func addEditItems() throws {
    let cli = CLI()
    try cli.ok("list", "add", "Chores")
    #expect(
      try cli.ok(
        "add", "Chores", "Bins", "--notes", "Green first\nthen blue", "--flag", "--priority",
        "high", "--repeat", "every week on mon,thu")
        == "Added 'Bins' to Chores as item 1. It repeats: Every week on Monday and Thursday.\n")
    #expect(try cli.ok("add", "Chores", "Mop") == "Added 'Mop' to Chores as item 2.\n")
    #expect(
      try cli.ok("add", "Chores", "Lid", "--under", "Bins")
        == "Added 'Lid' to Chores as item 2.\n")
    try cli.ok("check", "Chores", "Lid")
    try cli.ok("edit", "Chores", "Mop", "--priority", "low", "--notes", "Kitchen")
    #expect(
      try cli.ok("items", "Chores") == """
        Chores — 2 Remaining
        1    !!! Bins ⚑  (↻ Every week on Monday and Thursday)  1 of 1
               Green first …
        2      √ Lid
        3    ! Mop
               Kitchen

        """)
    let json =
      try JSONSerialization.jsonObject(
        with: Data(try cli.ok("items", "Chores", "--json").utf8)) as? [String: Any]
    let items = try #require(json?["items"] as? [[String: Any]])
    #expect(items[0]["repeat"] as? String == "FREQ=WEEKLY;BYDAY=MO,TH")
    #expect(items[0]["priority"] as? String == "high")
    #expect(items[0]["flagged"] as? Bool == true)
    #expect(items[1]["parentID"] as? String == items[0]["id"] as? String)
    #expect(items[0]["subtaskCount"] as? Int == 1)

    try cli.ok("edit", "Chores", "Bins", "--no-flag", "--priority", "none", "--repeat", "never")
    try cli.ok("edit", "Chores", "Lid", "--under", "none")
    #expect(
      try cli.ok("items", "Chores") == """
        Chores — 2 Remaining
        1    Bins
               Green first …
        2  √ Lid
        3    ! Mop
               Kitchen

        """)
  }

  @Test("A bad --repeat or --priority is a usage error naming what works")
  func badOptions() throws {
    let cli = CLI()
    let repeatError = try cli.run("add", "List", "Bins", "--repeat", "every blue moon")
    #expect(repeatError.code == 64)
    #expect(repeatError.error.contains("--repeat"), "\(repeatError.error)")
    let priorityError = try cli.run("add", "List", "Bins", "--priority", "urgent")
    #expect(priorityError.code == 64)
    #expect(
      priorityError.error.contains(
        "Unknown priority 'urgent'; use one of none, low, medium, high."),
      "\(priorityError.error)")
    try cli.ok("add", "List", "Cake")
    try cli.ok("add", "List", "Flour", "--under", "Cake")
    let nested = try cli.run("add", "List", "Sugar", "--under", "Flour")
    #expect(nested.code == 1)
    #expect(nested.error.contains("'Flour' is itself a subtask"), "\(nested.error)")
  }

  @Test("Checking a repeating item moves it on; history lists the completion")
  func history() throws {
    let cli = CLI()
    try cli.ok("add", "List", "Plants", "--due", "2030-01-02 09:00", "--repeat", "every day")
    #expect(try cli.ok("history", "List", "Plants") == "'Plants' has not been checked off yet.\n")
    try cli.ok("check", "List", "Plants")
    let items = try cli.ok("items", "List")
    #expect(items.contains("   Plants"), "still unchecked: \(items)")
    #expect(items.contains("due 2030-01-03 09:00"), "\(items)")
    let history = try cli.ok("history", "List", "Plants", "--json")
    let json = try JSONSerialization.jsonObject(with: Data(history.utf8)) as? [String: Any]
    let completions = try #require(json?["completions"] as? [[String: Any]])
    #expect(completions.count == 1)
    #expect(completions[0]["dueDate"] as? String == "2030-01-02T09:00:00Z")
    #expect(try cli.ok("history", "List", "Plants").contains("2030-01-02 09:00"))
  }

  @Test("check --subtasks checks a parent's subtasks; a repeating parent says it starts again")
  func checkWithSubtasks() throws {
    let cli = CLI()
    try cli.ok("add", "List", "Cake")
    try cli.ok("add", "List", "Flour", "--under", "Cake")
    try cli.ok("add", "List", "Sugar", "--under", "Cake")
    let checked = try cli.ok("check", "List", "Cake", "--subtasks")
    #expect(checked.contains("√ Cake"), "\(checked)")
    #expect(checked.contains("2 of 2"), "\(checked)")
    #expect(try cli.ok("items", "List").contains("√ Sugar"))

    // A repeating parent is done for this time: it and its subtasks come back unchecked at
    // the next date, and the command says so instead of a row that looks unchanged.
    try cli.ok(
      "add", "List", "Clean", "--due", "2030-01-07 09:00", "--repeat", "every week on monday")
    try cli.ok("add", "List", "Kitchen", "--under", "Clean")
    try cli.ok("add", "List", "Floors", "--under", "Clean")
    try cli.ok("check", "List", "Kitchen")
    let repeated = try cli.ok("check", "List", "Clean", "--subtasks")
    #expect(
      repeated.contains(
        "'Clean' is done for this time and repeats: next due 2030-01-14 09:00. "
          + "Its 2 subtasks start again unchecked."), "\(repeated)")
    let items = try cli.ok("items", "List")
    #expect(items.contains("   Kitchen") && items.contains("   Floors"), "\(items)")
    #expect(items.contains("0 of 2"), "\(items)")
    // An ordinary check says nothing more.
    #expect(!checked.contains("repeats"))
  }
}
