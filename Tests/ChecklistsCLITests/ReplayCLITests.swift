import Foundation
import Testing

/// The command line's writes that are safe to run twice: `check` and `uncheck` set a state,
/// `move --after` names a neighbour, locally and against a server.
@Suite("Commands that are safe to run twice")
struct ReplayCLITests {
  static func letters(_ cli: CLI) throws {
    try cli.ok("list", "add", "Letters")
    for letter in ["A", "B", "C", "D"] { try cli.ok("add", "Letters", letter) }
  }

  static func order(_ cli: CLI) throws -> String {
    try cli.ok("items", "Letters").split(separator: "\n").dropFirst()
      .compactMap { $0.split(separator: " ").last }.joined()
  }

  @Test("check twice leaves the item checked; toggle flips it each time")
  func checkTwice() throws {
    let cli = CLI()
    try Self.letters(cli)
    let first = try cli.ok("check", "Letters", "B")
    #expect(try cli.ok("check", "Letters", "B") == first)
    #expect(first.hasSuffix("Letters: 3 Remaining\n"))
    try cli.ok("uncheck", "Letters", "B")
    #expect(try cli.ok("uncheck", "Letters", "B").hasSuffix("Letters: 4 Remaining\n"))
    try cli.ok("toggle", "Letters", "B")
    #expect(try cli.ok("toggle", "Letters", "B").hasSuffix("Letters: 4 Remaining\n"))
  }

  @Test("move --after puts the item right after another, again after other moves")
  func moveAfter() throws {
    let cli = CLI()
    try Self.letters(cli)
    #expect(
      try cli.ok("move", "Letters", "D", "--after", "A") == "Moved 'D' after 'A' in Letters.\n")
    #expect(try Self.order(cli) == "ADBC")
    try cli.ok("move", "Letters", "A", "bottom")
    try cli.ok("move", "Letters", "D", "--after", "A")
    #expect(try Self.order(cli) == "BCAD")
    let both = try cli.run("move", "Letters", "D", "1", "--after", "A")
    #expect(both.code == 64)
    #expect(both.error.hasPrefix("Error: Give a position or --after <item>, not both.\n"))
    let neither = try cli.run("move", "Letters", "D")
    #expect(neither.code == 64)
    #expect(
      neither.error.hasPrefix(
        "Error: Missing expected argument '<position>' (or give --after <item>).\n"))
    let itself = try cli.run("move", "Letters", "D", "--after", "D")
    #expect(itself.code != 0)
    #expect(itself.error.contains("An item cannot be moved after itself"))
  }

  @Test("Against a server, check twice and move --after are each one replay-safe request")
  func remote() throws {
    let server = try RemoteCLITests.Server()
    defer { server.stop() }
    let alice = try server.signedIn("alice")
    try Self.letters(alice)
    try alice.ok("check", "Letters", "C")
    try alice.ok("check", "Letters", "C")
    try alice.ok("move", "Letters", "C", "--after", "A")
    try alice.ok("move", "Letters", "C", "--after", "A")
    let items = try server.onServer(as: "alice", "items", "Letters")
    #expect(items.hasPrefix("Letters — 3 Remaining\n"), "\(items)")
    #expect(try Self.order(alice) == "ACBD")
  }
}
