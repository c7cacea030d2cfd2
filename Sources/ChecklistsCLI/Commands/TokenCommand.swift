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
      throw ChecklistsError.invalid(words.text("cli.token.noUsers"))
    }
    if let given { return try accounts.existingUser(given).name }
    guard users.count == 1 else {
      throw ChecklistsError.invalid(words.text("cli.token.whichUser", count: users.count))
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
    .databaseOnly(reason: words.text("cli.token.serverOnly"))
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
      context.print(words.text("cli.token.created", ["token": record.name, "user": userName]))
      context.print(secret.value)
      context.print(words.text("cli.token.copyNow"))
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
    if tokens.isEmpty { context.print(words.text("cli.token.list.empty", ["user": userName])) }
    for token in tokens {
      let used =
        token.lastUsedAt.map {
          words.text("cli.token.list.lastUsed", ["date": context.dateDisplay.string(from: $0)])
        } ?? words.text("cli.token.list.neverUsed")
      let created = context.dateDisplay.string(from: token.createdAt)
      context.print(
        words.text("cli.token.list.row", ["token": token.name, "created": created, "used": used]))
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
    context.print(words.text("cli.token.revoked", ["token": revoked.name, "user": userName]))
  }
}
