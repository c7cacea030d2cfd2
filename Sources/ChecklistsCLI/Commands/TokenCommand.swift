import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore
import Foundation

/// `checklists token …`: API tokens for scripts (`Authorization: Bearer`).
struct TokenCommand: CommandGroup {
  static let configuration = CommandConfiguration(
    commandName: "token",
    abstract: "Create, list or revoke API tokens for scripts.",
    discussion: """
      A token acts as its user through the API: send it as 'Authorization: Bearer <token>'. \
      It is shown once, when created; the database keeps only a digest of it. With more \
      than one user, say whose tokens with the global --user option.
      """,
    subcommands: [TokenCreateCommand.self, TokenListCommand.self, TokenRevokeCommand.self])

  /// The user a token command is for.
  static func userName(_ given: String?, _ accounts: AccountService) throws -> String {
    let users = try accounts.users()
    guard !users.isEmpty else {
      throw ChecklistsError.invalid(
        "There are no users yet, so no tokens: add one with 'checklists user add <name>'.")
    }
    if let given { return try accounts.existingUser(given).name }
    guard users.count == 1 else {
      throw ChecklistsError.invalid("There are \(users.count) users; say which with --user.")
    }
    return users[0].name
  }
}

/// `checklists token create <name> [--user <user>]`.
struct TokenCreateCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "create",
    abstract: "Create a token and show it once.",
    arguments: [
      name, jsonFlag,
    ])

  static let name = Positional("name", help: "What it is for, such as 'backup script'.")

  struct TokenJSON: Encodable {
    var id: UUID
    var name: String
    var user: String
    var token: String
  }

  /// Never through a server: a token sent there would make new tokens without a password, so
  /// a stolen one could outlive its revocation.
  static var placement: CommandPlacement {
    .databaseOnly(
      reason: "A token is only made against a password: on the server's own machine with "
        + "'checklists token create', or with POST /api/v1/tokens (see docs/API.md).")
  }

  var name: String
  var json: Bool

  init(_ values: ParsedValues) throws {
    name = try values[Self.name]
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let accounts = try context.accounts()
    let userName = try TokenCommand.userName(context.userName, accounts)
    let (record, secret) = try accounts.createAPIToken(userName: userName, name: name)
    if json {
      context.print(
        try JSONOutput.encode(
          TokenJSON(id: record.id, name: record.name, user: userName, token: secret.value)))
    } else {
      context.print("Created the token '\(record.name)' for '\(userName)':")
      context.print(secret.value)
      context.print("Copy it now: it is not shown again.")
    }
  }
}

/// `checklists token list [--user <user>]`.
struct TokenListCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List a user's tokens (never the tokens themselves).",
    arguments: [jsonFlag])

  var json: Bool

  init(_ values: ParsedValues) throws {
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let accounts = try context.accounts()
    let userName = try TokenCommand.userName(context.userName, accounts)
    let tokens = try accounts.apiTokens(userName: userName)
    if json {
      context.print(try JSONOutput.encode(["tokens": tokens.map { APITokenJSON($0) }]))
      return
    }
    if tokens.isEmpty { context.print("'\(userName)' has no tokens.") }
    for token in tokens {
      let used = token.lastUsedAt.map { "last used \(context.dateDisplay.string(from: $0))" }
      context.print(
        "\(token.name)  (created \(context.dateDisplay.string(from: token.createdAt)), "
          + "\(used ?? "never used"))")
    }
  }
}

/// `checklists token revoke <token> [--user <user>]`.
struct TokenRevokeCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "revoke",
    abstract: "Revoke a token: scripts using it are refused from now on.",
    arguments: [
      token
    ])

  static let token = Positional("token", help: "The token's name, number or id.")

  var token: String

  init(_ values: ParsedValues) throws {
    token = try values[Self.token]
  }

  func run(_ context: CommandContext) throws {
    let accounts = try context.accounts()
    let userName = try TokenCommand.userName(context.userName, accounts)
    let revoked = try accounts.revokeAPIToken(userName: userName, token: token)
    context.print("Revoked the token '\(revoked.name)' of '\(userName)'.")
  }
}
