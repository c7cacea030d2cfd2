import Foundation
import Testing

@Suite("checklists user and token")
struct UserCommandTests {
  @Test("Adding the first user takes over the local lists; passwords come from stdin only")
  func addUsers() throws {
    let cli = CLI()
    try cli.ok("list", "add", "Groceries")
    let none = try cli.ok("user", "list")
    #expect(none.contains("No users"))

    let added = try cli.ok("user", "add", "Alice", input: "wonderland-42\n")
    #expect(
      added
        == "Added user 'alice'.\nThe lists made before accounts existed now belong to 'alice'.\n")
    #expect(try cli.ok("user", "add", "bob", input: "builder-1234\n") == "Added user 'bob'.\n")
    #expect(
      try cli.ok("user", "list").split(separator: "\n").map { $0.split(separator: " ")[0] } == [
        "alice", "bob",
      ])

    // A bad password is refused and named without being echoed; nothing is added.
    let short = try cli.run("user", "add", "carol", input: "secret\n")
    #expect(short.code == 1)
    #expect(short.error.contains("A password needs at least 8 characters"))
    #expect(!short.error.contains("secret"))
    // No password at all.
    let empty = try cli.run("user", "add", "carol", input: "")
    #expect(empty.code == 1)
    #expect(empty.error.contains("No password on standard input."))
    // The password is never an argument.
    let argv = try cli.run("user", "add", "carol", "hunter2hunter2")
    #expect(argv.code == 64)
    #expect(try !cli.ok("user", "list").contains("carol"))

    // The file holds no password in clear.
    #expect(try cli.databaseBytes().range(of: Data("wonderland-42".utf8)) == nil)
  }

  @Test("passwd changes the password; delete asks, then removes the user")
  func passwordAndDelete() throws {
    let cli = CLI()
    try cli.ok("user", "add", "alice", input: "wonderland-42\n")
    try cli.ok("user", "add", "bob", input: "builder-1234\n")
    #expect(
      try cli.ok("user", "passwd", "alice", input: "looking-glass-7\n")
        == "Changed the password of 'alice'; their sessions are signed out.\n")
    let unknown = try cli.run("user", "passwd", "alcie", input: "looking-glass-7\n")
    #expect(unknown.code == 1)
    #expect(unknown.error.contains("Did you mean 'alice'?"))

    #expect(try cli.ok("user", "delete", "bob", input: "n\n").contains("Nothing deleted."))
    #expect(try cli.ok("user", "delete", "bob", input: "y\n").contains("Deleted user 'bob'."))
    #expect(try !cli.ok("user", "list").contains("bob"))
  }

  @Test("Tokens are shown once, listed without the secret, and revoked by name")
  func tokens() throws {
    let cli = CLI()
    let noUsers = try cli.run("token", "create", "backup")
    #expect(noUsers.code == 1)
    #expect(noUsers.error.contains("There are no users yet"))
    try cli.ok("user", "add", "alice", input: "wonderland-42\n")

    let created = try cli.ok("token", "create", "backup script", "--json")
    let json = try JSONSerialization.jsonObject(with: Data(created.utf8)) as! [String: Any]
    let token = json["token"] as! String
    #expect(token.hasPrefix("ckl_"))
    #expect(json["user"] as? String == "alice")

    let listed = try cli.ok("token", "list")
    #expect(listed.contains("backup script"))
    #expect(listed.contains("never used"))
    #expect(!listed.contains(token))
    #expect(try cli.databaseBytes().range(of: Data(token.utf8)) == nil)

    try cli.ok("user", "add", "bob", input: "builder-1234\n")
    let which = try cli.run("token", "list")
    #expect(which.error.contains("There are 2 users; say which with --user."))
    #expect(
      try cli.ok("token", "revoke", "backup", "--user", "alice")
        == "Revoked the token 'backup script' of 'alice'.\n")
    #expect(try cli.ok("token", "list", "--user", "alice") == "'alice' has no tokens.\n")
  }
}

extension CLI {
  /// Everything the database has on disk: the file and its write-ahead log.
  func databaseBytes() throws -> Data {
    var bytes = try Data(contentsOf: URL(fileURLWithPath: databasePath))
    if let wal = try? Data(contentsOf: URL(fileURLWithPath: databasePath + "-wal")) {
      bytes.append(wal)
    }
    return bytes
  }
}
