import Foundation
import Testing

@Suite("checklists share, unshare, shares and leave")
struct ShareCommandTests {
  @Test("Alice shares a checklist and a shopping list with Bob, who sees, checks and leaves them")
  func shareAndLeave() throws {
    let cli = CLI()
    try cli.ok("user", "add", "alice", input: "wonderland-42\n")
    try cli.ok("user", "add", "bob", input: "builder-1234\n")
    try cli.ok("--user", "alice", "list", "add", "Groceries")
    try cli.ok("--user", "alice", "add", "Groceries", "Milk")
    #expect(
      try cli.ok("--user", "alice", "share", "Groceries", "Bob", "--role", "viewer")
        == "Shared 'Groceries' with 'bob' as viewer.\n")
    #expect(
      try cli.ok("--user", "alice", "share", "Shopping List", "bob", "--shopping")
        == "Shared 'Shopping List' with 'bob' as checker.\n")

    let lists = try cli.ok("--user", "bob", "lists")
    #expect(lists.contains("Shared by"))
    #expect(lists.contains("alice's, viewer"))
    let viewer = try cli.run("--user", "bob", "check", "Groceries", "Milk")
    #expect(viewer.code == 1)
    #expect(
      viewer.error.contains(
        "'Groceries' is shared with you as viewer: you cannot check items off on it."))
    #expect(try cli.ok("--user", "bob", "items", "Groceries").contains("Milk"))

    let shares = try cli.ok("--user", "alice", "shares")
    #expect(shares.contains("'Groceries' is shared with bob (viewer)"))
    #expect(shares.contains("'Shopping List' (shopping) is shared with bob (checker)"))
    let bobs = try cli.ok("--user", "bob", "shares")
    #expect(bobs.contains("'Groceries' is shared with you by alice as viewer"))

    #expect(try cli.ok("--user", "bob", "leave", "Groceries") == "You left 'Groceries'.\n")
    #expect(try !cli.ok("--user", "bob", "lists").contains("Groceries"))
    #expect(
      try cli.ok("--user", "alice", "unshare", "Shopping List", "bob", "--shopping")
        == "'Shopping List' is no longer shared with 'bob'.\n")
    #expect(try cli.ok("--user", "bob", "shares").hasPrefix("Nothing is shared."))
    // Sharing someone else's list, or with a stranger, is refused.
    let stranger = try cli.run("--user", "alice", "share", "Groceries", "carol")
    #expect(stranger.code == 1)
    #expect(stranger.error.contains("There is no user called 'carol'."))
  }

  @Test("Sharing a shopping list without --shopping says to add it, and the other way round")
  func wrongKindOfList() throws {
    let cli = CLI()
    try cli.ok("user", "add", "alice", input: "wonderland-42\n")
    try cli.ok("user", "add", "dad", input: "builder-1234\n")
    try cli.ok("--user", "alice", "shop", "list", "add", "Party")
    try cli.ok("--user", "alice", "list", "add", "Packing")
    for words in [
      ["share", "Party", "dad"], ["share", "invite", "Party"], ["unshare", "Party", "dad"],
    ] {
      let result = try cli.run(["--user", "alice"] + words)
      #expect(result.code == 1, "\(words)")
      #expect(
        result.error.hasPrefix(
          "Error: 'Party' is a shopping list, not a checklist: add --shopping.\n"),
        "\(words): \(result.error)")
    }
    let reverse = try cli.run("--user", "alice", "share", "Packing", "dad", "--shopping")
    #expect(reverse.code == 1)
    #expect(
      reverse.error.hasPrefix(
        "Error: 'Packing' is a checklist, not a shopping list: leave out --shopping.\n"))
    // A name neither kind has is still not found, with its usual message.
    let neither = try cli.run("--user", "alice", "share", "Nothing", "dad")
    #expect(neither.code == 1)
    #expect(neither.error.hasPrefix("Error: Unknown list 'Nothing'."))
    #expect(
      try cli.ok("--user", "alice", "share", "Party", "dad", "--shopping")
        == "Shared 'Party' with 'dad' as checker.\n")
  }
}
