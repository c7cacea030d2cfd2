import Foundation
import Testing

/// `checklists login`: the command line acting on a real `checklists serve` as a signed-in
/// user, each person with their own home folder and no database of their own.
@Suite("checklists login: every command against a server, run as programs")
struct RemoteCLITests {
  static let passwords = ["alice": "wonderland-42", "bob": "builder-1234"]

  /// A server with the accounts alice and bob, and the machine it runs on.
  struct Server {
    let machine: CLI
    let process: ServeTLSTests.Server
    let url: String

    init(arguments: [String] = []) throws {
      machine = CLI()
      for (name, password) in RemoteCLITests.passwords.sorted(by: { $0.key < $1.key }) {
        try machine.ok("user", "add", name, input: password + "\n")
      }
      process = try ServeTLSTests.serve(machine, arguments)
      let printed = process.log.split(whereSeparator: \.isWhitespace).first {
        $0.hasPrefix("http://") || $0.hasPrefix("https://")
      }
      url = try #require(
        printed.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "/")) },
        "\(process.log)")
    }

    /// A person's own machine: a home folder of their own and no `CHECKLISTS_DB`.
    func client(extra environment: [String: String] = [:]) -> CLI {
      var client = CLI()
      client.environment["CHECKLISTS_DB"] = nil
      client.environment.merge(environment) { $1 }
      return client
    }

    /// A client signed in as `name`.
    func signedIn(_ name: String) throws -> CLI {
      let client = client()
      try client.ok(
        "login", url, "--user", name, input: RemoteCLITests.passwords[name]! + "\n")
      return client
    }

    /// A command run on the server's machine, on its database, as `user`.
    @discardableResult
    func onServer(as user: String, _ arguments: String...) throws -> String {
      try machine.ok(["--user", user] + arguments)
    }

    func stop() {
      _ = process.stop()
    }
  }

  static func loginFile(_ client: CLI) -> URL {
    client.folder.appendingPathComponent(".config/checklists/login.json")
  }

  /// The API token a signed-in client keeps.
  static func token(of client: CLI) throws -> String {
    let login = try String(contentsOf: loginFile(client), encoding: .utf8)
    return try #require(
      login.split(separator: "\"").first { $0.hasPrefix("ckl_") }.map(String.init))
  }

  @Test("After login, commands act on the server's lists as that user, with nothing stored here")
  func commandsActOnTheServer() throws {
    let server = try Server()
    defer { server.stop() }
    let alice = server.client()
    // A folder left open to others is closed; the file is never open to them.
    let folder = alice.folder.appendingPathComponent(".config/checklists")
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    let login = try alice.ok(
      "login", server.url + "/", "--user", "alice", input: "wonderland-42\n")
    let folderMode = try FileManager.default.attributesOfItem(atPath: folder.path)[
      .posixPermissions]
    #expect((folderMode as? NSNumber)?.intValue == 0o700)
    #expect(
      login
        == "Signed in to \(server.url) as alice. Commands now act on that server's lists; "
        + "'checklists logout' signs out.\n")

    try alice.ok("list", "add", "Groceries", "--icon", "Groceries")
    let added = try alice.ok("add", "Groceries", "Milk", "--due", "2030-01-02 09:30")
    #expect(added == "Added 'Milk' to Groceries as item 1. It is due 2030-01-02 09:30.\n")
    #expect(try alice.ok("items", "Groceries").contains("Milk  (due 2030-01-02 09:30)"))
    #expect(try server.onServer(as: "alice", "items", "Groceries").contains("Milk"))
    #expect(try alice.ok("lists").contains("Groceries  1 Remaining"))
    try alice.ok("shop", "add", "Coffee")
    #expect(try server.onServer(as: "alice", "shop", "show").contains("Coffee"))

    // The client keeps its sign-in, readable by its owner only, and no database.
    let file = Self.loginFile(alice)
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let saved = try String(contentsOf: file, encoding: .utf8)
    #expect(saved.contains("\"token\" : \"ckl_"))
    #expect(!saved.contains("wonderland-42"))
    for folder in [".local", ".cache"] {
      let path = alice.folder.appendingPathComponent(folder).path
      #expect(!FileManager.default.fileExists(atPath: path), "\(folder) was made")
    }

    let status = try alice.ok("login")
    #expect(status.hasPrefix("Signed in to \(server.url) as alice (token 'checklists on "))
    #expect(try server.onServer(as: "alice", "token", "list").contains("checklists on "))
  }

  @Test("Each person sees their own lists and what is shared with them, at the role given")
  func isolationAndSharing() throws {
    let server = try Server()
    defer { server.stop() }
    let alice = try server.signedIn("alice")
    let bob = try server.signedIn("bob")
    try alice.ok("list", "add", "Groceries")
    try alice.ok("add", "Groceries", "Milk")
    try bob.ok("list", "add", "Garage")

    #expect(try !bob.ok("lists").contains("Groceries"))
    let unknown = try bob.run("items", "Groceries")
    #expect(unknown.code == 1)
    #expect(unknown.error.contains("Unknown list 'Groceries'"), "\(unknown.error)")
    #expect(try !alice.ok("lists").contains("Garage"))

    try alice.ok("share", "Groceries", "bob", "--role", "checker")
    #expect(try bob.ok("lists").contains("Groceries"))
    try bob.ok("check", "Groceries", "Milk")
    #expect(try alice.ok("items", "Groceries").contains("√ Milk"))
    let refused = try bob.run("add", "Groceries", "Eggs")
    #expect(refused.code == 1)
    #expect(refused.error.contains("checker"), "\(refused.error)")
  }

  @Test("uncheck-all, clear-checked and edit --hide-checked act on the server, by role")
  func resetOnTheServer() throws {
    let server = try Server()
    defer { server.stop() }
    let alice = try server.signedIn("alice")
    let bob = try server.signedIn("bob")
    try alice.ok("list", "add", "Packing")
    try alice.ok("add", "Packing", "Tent")
    try alice.ok("add", "Packing", "Stove")
    try alice.ok("check", "Packing", "Tent", "Stove")
    try alice.ok("share", "Packing", "bob", "--role", "checker")
    #expect(try bob.ok("uncheck-all", "Packing") == "Unchecked 2 items.\nPacking: 2 Remaining\n")
    try bob.ok("check", "Packing", "Tent")
    let refused = try bob.run("clear-checked", "Packing")
    #expect(refused.code == 1)
    #expect(refused.error.contains("checker"), "\(refused.error)")
    #expect(
      try alice.ok("clear-checked", "Packing") == "Deleted 1 checked item.\nPacking: 1 Remaining\n")
    #expect(try server.onServer(as: "alice", "items", "Packing").contains("1    Stove\n"))
    try alice.ok("edit", "Packing", "--hide-checked", "true")
    #expect(try server.onServer(as: "alice", "lists", "--json").contains("\"hideChecked\" : true"))
  }

  @Test("import sends the file from here, export writes the file here")
  func filesStayOnTheClient() throws {
    let server = try Server()
    defer { server.stop() }
    let alice = try server.signedIn("alice")
    let plist = CLI.fixtures.appendingPathComponent("Checklists.plist").path
    let imported = try alice.ok("import", plist)
    #expect(imported.hasPrefix("Imported 4 lists"), "\(imported)")
    #expect(try server.onServer(as: "alice", "lists").contains("Birthdays"))

    let items = try Data(contentsOf: CLI.fixtures.appendingPathComponent("items"))
    let fromInput = try alice.run(["import", "items", "-"], input: items)
    #expect(fromInput.code == 0, "\(fromInput.error)")

    let exported = try alice.ok("export", "--output", "backup.json")
    #expect(exported.hasPrefix("Exported 4 lists and 10 items to 'backup.json' (json)."))
    let backup = try String(
      contentsOf: alice.folder.appendingPathComponent("backup.json"), encoding: .utf8)
    #expect(backup.contains("Birthdays"))
    #expect(!FileManager.default.fileExists(atPath: server.machine.folder.path + "/backup.json"))
    #expect(try alice.ok("export").contains("\"Birthdays\""))

    let huge = alice.folder.appendingPathComponent("huge.json")
    try Data(count: 48 << 20).write(to: huge)
    let tooBig = try alice.run("import", huge.path)
    #expect(tooBig.code == 1)
    #expect(
      tooBig.error
        == "Error: '\(huge.path)' is 48 MiB; a command sent to a server takes files of up to "
        + "47 MiB. Import it on the server's machine instead.\n")
    try FileManager.default.removeItem(at: huge)

    let missing = try alice.run("import", "nowhere.plist")
    #expect(missing.code == 1)
    #expect(missing.error == "Error: There is no file 'nowhere.plist'.\n")
  }

  @Test("A question before a deletion is asked here, and no means nothing is deleted")
  func questionsAreAskedHere() throws {
    let server = try Server()
    defer { server.stop() }
    let alice = try server.signedIn("alice")
    try alice.ok("list", "add", "Groceries")
    let declined = try alice.run(["list", "delete", "Groceries"], input: "n\n")
    #expect(declined.output.hasPrefix("Delete the list 'Groceries' and its 0 items? [y/N] "))
    #expect(try server.onServer(as: "alice", "lists").contains("Groceries"))
    let accepted = try alice.run(["list", "delete", "Groceries"], input: "y\n")
    #expect(accepted.code == 0, "\(accepted.error)")
    #expect(accepted.output.contains("Deleted the list 'Groceries'"))
    #expect(try !server.onServer(as: "alice", "lists").contains("Groceries"))
  }

  @Test("Accounts and --user stay on the server's machine; --db works on a file here")
  func whatStaysLocal() throws {
    let server = try Server()
    defer { server.stop() }
    let alice = try server.signedIn("alice")
    let users = try alice.run("user", "list")
    #expect(users.code == 64)
    #expect(users.error.contains("Accounts are managed on the server's own machine"))
    #expect(!users.output.contains("bob"))
    // A token from a token would outlive the revocation of a stolen one: only with a password.
    let token = try alice.run("token", "create", "another")
    #expect(token.code == 64)
    #expect(token.error.contains("A token is only made against a password"), "\(token.error)")
    #expect(!token.output.contains("ckl_"))
    #expect(try alice.ok("token", "list").contains("checklists on "))
    let asBob = try alice.run("--user", "bob", "lists")
    #expect(asBob.code == 64)
    #expect(asBob.error.contains("you are signed in to \(server.url) as alice"))

    try alice.ok("list", "add", "On the server")
    let local = alice.folder.appendingPathComponent("here.sqlite").path
    try alice.ok("--db", local, "list", "add", "On this machine")
    #expect(try alice.ok("--db", local, "lists").contains("On this machine"))
    #expect(try !alice.ok("--db", local, "lists").contains("On the server"))
    var withDatabase = alice
    withDatabase.environment["CHECKLISTS_DB"] = local
    #expect(try !withDatabase.ok("lists").contains("On the server"))
    #expect(try alice.ok("lists").contains("On the server"))
  }

  @Test("A wrong password, an unknown name or plain http to another machine signs no one in")
  func refusedLogins() throws {
    let server = try Server()
    defer { server.stop() }
    let client = server.client()
    let wrong = try client.run(["login", server.url, "--user", "alice"], input: "guess\n")
    let unknown = try client.run(["login", server.url, "--user", "mallory"], input: "guess\n")
    #expect(wrong.code == 1)
    #expect(wrong.error == "Error: The user name or password is not right.\n")
    #expect(unknown.error == wrong.error)
    #expect(!FileManager.default.fileExists(atPath: Self.loginFile(client).path))

    let plain = try client.run(["login", "http://192.0.2.1", "--user", "alice"], input: "x\n")
    #expect(plain.code == 1)
    #expect(plain.error.contains("Sign in over https://, not http://"), "\(plain.error)")
    let nowhere = try client.run("login")
    #expect(nowhere.code == 64)
    #expect(nowhere.error.contains("Give the server's address"))
    #expect(try client.ok("logout").hasPrefix("Not signed in to a server"))
  }

  @Test("logout revokes the token on the server: a copy of it no longer works")
  func logoutRevokes() throws {
    let server = try Server()
    defer { server.stop() }
    let alice = try server.signedIn("alice")
    let saved = try Data(contentsOf: Self.loginFile(alice))
    #expect(
      try alice.ok("logout")
        == "Signed out of \(server.url); commands use the database file on this machine again.\n")
    #expect(!FileManager.default.fileExists(atPath: Self.loginFile(alice).path))
    #expect(try server.onServer(as: "alice", "token", "list") == "'alice' has no tokens.\n")

    try saved.write(to: Self.loginFile(alice))
    let status = try alice.run("login")
    #expect(status.code == 1)
    #expect(status.error.contains("no longer accepts the sign-in of alice"), "\(status.error)")
    let stale = try alice.run("lists")
    #expect(stale.code == 1)
    #expect(stale.error.contains("no longer accepts this command line's sign-in"), "\(stale.error)")
  }

  @Test("With the server gone, a command says so and how to work here; logout still signs out")
  func serverGone() throws {
    let server = try Server()
    let alice = try server.signedIn("alice")
    server.stop()
    let offline = try alice.run("lists")
    #expect(offline.code == 1)
    #expect(offline.error.hasPrefix("Error: Cannot reach \(server.url): "), "\(offline.error)")
    #expect(offline.error.contains("--db <file> uses a database file here"))
    #expect(!offline.error.contains(".."))

    let logout = try alice.run("logout")
    #expect(logout.code == 0)
    #expect(logout.output.hasPrefix("Signed out of \(server.url)"))
    #expect(logout.error.contains("may still work; revoke it there with 'checklists token revoke"))
    #expect(!FileManager.default.fileExists(atPath: Self.loginFile(alice).path))
  }

  @Test("A damaged sign-in file is mended by signing in again, or deleted by logout")
  func damagedLoginFile() throws {
    let server = try Server()
    defer { server.stop() }
    let alice = try server.signedIn("alice")
    try Data("{\"server\": ".utf8).write(to: Self.loginFile(alice))
    let stuck = try alice.run("lists")
    #expect(stuck.code == 1)
    #expect(stuck.error.contains("Cannot read the sign-in in"), "\(stuck.error)")
    try alice.ok("login", server.url, "--user", "alice", input: "wonderland-42\n")
    #expect(try alice.ok("lists").contains("No lists yet"))

    try Data("garbage".utf8).write(to: Self.loginFile(alice))
    #expect(try alice.ok("logout").hasPrefix("Deleted the sign-in that could not be read"))
    #expect(!FileManager.default.fileExists(atPath: Self.loginFile(alice).path))
  }

  @Test("With $CHECKLISTS_DB set, login says the file still wins")
  func databaseVariableWins() throws {
    let server = try Server()
    defer { server.stop() }
    var client = server.client()
    let local = client.folder.appendingPathComponent("mine.sqlite").path
    client.environment["CHECKLISTS_DB"] = local
    let login = try client.run(["login", server.url, "--user", "alice"], input: "wonderland-42\n")
    #expect(login.code == 0)
    #expect(login.error.contains("Note: $CHECKLISTS_DB is set ('\(local)')"), "\(login.error)")
    try client.ok("list", "add", "Here")
    #expect(try !server.onServer(as: "alice", "lists").contains("Here"))
  }

  @Test("Signing in again replaces the old token rather than leaving it behind")
  func loginAgain() throws {
    let server = try Server()
    defer { server.stop() }
    let alice = try server.signedIn("alice")
    try alice.ok("login", server.url, "--user", "alice", input: "wonderland-42\n")
    let tokens = try server.onServer(as: "alice", "token", "list", "--json")
    #expect(tokens.components(separatedBy: "\"name\"").count == 2, "\(tokens)")
    #expect(try alice.ok("login").contains("as alice"))
  }

  @Test("A command sent to the server cannot read, write or name the server's own files")
  func serverFilesAreOutOfReach() throws {
    let server = try Server()
    defer { server.stop() }
    let alice = try server.signedIn("alice")
    let token = try Self.token(of: alice)

    func send(_ arguments: [String]) throws -> [String: Any] {
      let body = try JSONSerialization.data(withJSONObject: ["arguments": arguments])
      let (code, response) = try ServeTLSTests.tool(
        "/usr/bin/curl", "--silent", "--show-error", "--max-time", "10", "-H",
        "Authorization: Bearer \(token)", "-H", "Content-Type: application/json", "--data",
        String(decoding: body, as: UTF8.self), server.url + "/api/v1/cli")
      #expect(code == 0, "\(response)")
      let json = try JSONSerialization.jsonObject(with: Data(response.utf8))
      return try #require(json as? [String: Any], "\(response)")
    }
    func errorText(_ result: [String: Any]) -> String {
      let encoded = result["standardError"] as? String ?? ""
      return String(decoding: Data(base64Encoded: encoded) ?? Data(), as: UTF8.self)
    }

    let hostname = try send(["import", "/etc/hostname"])
    #expect(hostname["exitCode"] as? Int == 1)
    #expect(errorText(hostname) == "Error: '/etc/hostname' was not sent with the command.\n")

    let database = try send(["--db", server.machine.databasePath, "lists"])
    #expect(database["exitCode"] as? Int == 64)
    #expect(errorText(database).contains("--db is for a database on the machine it runs on"))

    let minted = try send(["token", "create", "from a token"])
    #expect(minted["exitCode"] as? Int == 64)
    #expect(errorText(minted).contains("A token is only made against a password"))

    let serve = try send(["serve", "--port", "0"])
    #expect(serve["exitCode"] as? Int == 64)
    #expect(errorText(serve).contains("'checklists serve' runs on your machine"))

    let target = server.machine.folder.appendingPathComponent("written.json").path
    let export = try send(["export", "--output", target])
    #expect(export["exitCode"] as? Int == 0)
    #expect((export["files"] as? [String: Any])?.keys.contains(target) == true)
    #expect(!FileManager.default.fileExists(atPath: target))
  }

  @Test("A change made from the command line shows in the API's next answer, cache or not")
  func changesReachTheAPIAtOnce() throws {
    let server = try Server()
    defer { server.stop() }
    let alice = try server.signedIn("alice")
    let token = try Self.token(of: alice)
    func lists() throws -> String {
      try ServeTLSTests.tool(
        "/usr/bin/curl", "--silent", "--max-time", "10", "-H", "Authorization: Bearer \(token)",
        server.url + "/api/v1/checklists"
      ).1
    }
    #expect(try !lists().contains("Groceries"))
    #expect(try !lists().contains("Groceries"))  // now answered from the cache
    try alice.ok("list", "add", "Groceries")
    #expect(try lists().contains("\"Groceries\""))
  }

  @Test("Over HTTPS the client refuses a certificate this machine does not trust")
  func overHTTPS() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "checklists-certs-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let certificates = try ServeTLSTests.Certificates(in: folder)
    let server = try Server(arguments: [
      "--tls-cert", certificates.certificate, "--tls-key", certificates.key,
    ])
    defer { server.stop() }
    #expect(server.url.hasPrefix("https://127.0.0.1:"))

    // A self-signed certificate is in no trust store here: the password is never sent.
    let client = server.client()
    let refused = try client.run(
      ["login", server.url, "--user", "alice"], input: "wonderland-42\n")
    #expect(refused.code == 1)
    #expect(refused.error.hasPrefix("Error: Cannot reach \(server.url): SSL certificate problem"))
    #expect(!FileManager.default.fileExists(atPath: Self.loginFile(client).path))
    #expect(try server.onServer(as: "alice", "token", "list") == "'alice' has no tokens.\n")
  }
}
