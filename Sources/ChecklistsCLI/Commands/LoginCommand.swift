import ArgumentParsing
import ChecklistsCore
import ChecklistsStore
import Foundation

/// `checklists login [<server>]`: points the command line at a server.
struct LoginCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "login",
    abstract: "Sign in to a Checklists server: from then on commands act on its lists.",
    discussion: """
      Asks for the password (or reads it from standard input) and keeps an API token for \
      this command line in ~/.config/checklists/login.json, readable only by you. Every \
      command then runs on the server as that user, with your files staying here: 'import' \
      sends the file, 'export --output' writes it here. --db <file> (or $CHECKLISTS_DB) still \
      uses a database file for one command, and 'checklists logout' signs out. The user is \
      --user (or $CHECKLISTS_USER), else asked for. Without a server, says where commands go.
      """,
    arguments: [server])

  static let server = Positional(
    "server", help: "The server's address, such as https://lists.example.org."
  ).optional

  static var placement: CommandPlacement { .here }

  var server: String?

  init(_ values: ParsedValues) throws {
    server = try values[Self.server]
  }

  func run(_ context: CommandContext) throws {
    guard let server else {
      guard let previous = try RemoteLogin.load(environment: context.environment) else {
        throw UsageError(words.text("cli.login.noAddress"))
      }
      try Self.check(previous)
      context.print(
        words.text(
          "cli.login.signedInAlready",
          ["server": previous.server, "user": previous.user, "token": previous.tokenName]))
      Self.warnOfDatabaseVariable(context)
      return
    }
    // A sign-in that cannot be read is replaced: signing in again is how to mend it.
    let previous = try? RemoteLogin.load(environment: context.environment)
    let address = try RemoteServer.address(server)
    let user = try userName(context)
    let password = try context.readPassword(
      prompt: words.text("cli.login.passwordPrompt", ["user": user, "server": address]),
      confirming: false)
    let host = ProcessInfo.processInfo.hostName
    let body = try JSONSerialization.data(withJSONObject: [
      "user": user, "password": password,
      "name": words.text("cli.login.tokenName", ["host": host]),
    ])
    let response = try RemoteServer(address: address).send("POST", "/api/v1/tokens", json: body)
    struct Created: Decodable {
      var name: String
      var user: String
      var token: String
    }
    guard response.status == 201 else {
      throw ChecklistsCLIError(description: response.problem)
    }
    guard let created = try? JSONDecoder().decode(Created.self, from: response.body) else {
      throw ChecklistsCLIError(
        description: words.text("cli.remote.notAServer", ["server": address]))
    }
    try RemoteLogin(
      server: address, user: created.user, token: created.token, tokenName: created.name
    ).save(environment: context.environment)
    if let previous {
      LogoutCommand.revoke(previous, context, quietly: true)
    }
    context.print(
      words.text("cli.login.signedIn", ["server": address, "user": created.user]))
    Self.warnOfDatabaseVariable(context)
  }

  /// `$CHECKLISTS_DATABASE_URL` or `$CHECKLISTS_DB` names a database for every command of
  /// this shell, which wins over the sign-in: say so rather than let the person think they act
  /// on the server.
  private static func warnOfDatabaseVariable(_ context: CommandContext) {
    if context.environment["CHECKLISTS_DATABASE_URL"]?.isEmpty == false {
      // Not shown: a URL may hold a password.
      context.printError(words.text("cli.login.databaseURLSet"))
      return
    }
    guard let database = context.environment["CHECKLISTS_DB"] else { return }
    context.printError(words.text("cli.login.databaseSet", ["path": database]))
  }

  /// Asks the server whether it still takes a login's token.
  /// - Throws: When it does not, or cannot be reached.
  private static func check(_ login: RemoteLogin) throws {
    let server = RemoteServer(login)
    let response = try server.send("GET", "/api/v1/session")
    switch response.status {
    case 200: return
    case 401:
      throw ChecklistsCLIError(
        description: words.text(
          "cli.login.revoked", ["server": login.server, "user": login.user]))
    default:
      throw ChecklistsCLIError(
        description: words.text(
          "cli.remote.problem", ["server": login.server, "problem": response.problem]))
    }
  }

  private func userName(_ context: CommandContext) throws -> String {
    if let name = context.userName { return name }
    guard isatty(STDIN_FILENO) != 0 else {
      throw UsageError(words.text("cli.login.noUser"))
    }
    context.io.write(Data(words.text("cli.login.userPrompt").utf8), error: true)
    guard let name = readLine(), !name.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw UsageError(words.text("cli.login.userNotTyped"))
    }
    return name.trimmingCharacters(in: .whitespaces)
  }
}

/// `checklists logout`: revokes the command line's token and forgets the server.
struct LogoutCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "logout",
    abstract: "Sign out of the server: revoke this command line's token and use the local file.",
    arguments: [])

  static var placement: CommandPlacement { .here }

  init(_ values: ParsedValues) throws {}

  func run(_ context: CommandContext) throws {
    let login: RemoteLogin?
    do {
      login = try RemoteLogin.load(environment: context.environment)
    } catch {
      try RemoteLogin.remove(environment: context.environment)
      context.print(words.text("cli.logout.unreadable"))
      return
    }
    guard let login else {
      context.print(words.text("cli.logout.notSignedIn"))
      return
    }
    Self.revoke(login, context, quietly: false)
    try RemoteLogin.remove(environment: context.environment)
    context.print(words.text("cli.logout.signedOut", ["server": login.server]))
  }

  /// Asks the server to revoke a login's token. The login is forgotten here either way; when
  /// the server cannot be reached, says how to revoke the token there.
  static func revoke(_ login: RemoteLogin, _ context: CommandContext, quietly: Bool) {
    let server = RemoteServer(login)
    let advice = words.text("cli.logout.revokeAdvice", ["token": login.tokenName])
    do {
      let response = try server.send("DELETE", "/api/v1/tokens/current")
      // 401: it was revoked already.
      if ![204, 401].contains(response.status) && !quietly {
        context.printError(
          words.text(
            "cli.logout.notRevoked",
            ["token": login.tokenName, "problem": response.problem, "advice": advice]))
      }
    } catch {
      context.printError(
        words.text(
          "cli.logout.unreachable",
          ["error": "\(error)", "token": login.tokenName, "advice": advice]))
    }
  }
}
