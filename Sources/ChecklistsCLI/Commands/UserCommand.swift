import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore
import Foundation

/// A `user` subcommand: it manages the accounts of a database file, so it is never sent to a
/// server, where it would let any user list or add accounts.
protocol AccountCommand: RunnableCommand {}

extension AccountCommand {
  static var placement: CommandPlacement {
    .databaseOnly(reason: words.text("cli.user.serverOnly"))
  }
}

/// `checklists user …`: manage the accounts of a shared server.
struct UserCommand: CommandGroup {
  static let configuration = CommandConfiguration(
    commandName: "user",
    abstract: "Add, list, delete users or set a password.",
    discussion: """
      With no users, 'checklists serve' on 127.0.0.1 needs no sign-in. Once a user exists, \
      everyone signs in. The first user added takes over the lists made before. Passwords \
      are read from a prompt, or from standard input when it is not a terminal; never from \
      the command line.
      """,
    subcommands: [
      UserAddCommand.self, UserListCommand.self, UserPasswordCommand.self,
      UserDeleteCommand.self,
    ])
}

/// `checklists user add <name>`.
struct UserAddCommand: AccountCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add a user; asks for the password.",
    arguments: [
      name
    ])

  static let name = Positional("name", help: "The login name: letters a–z, digits, '.', '-', '_'.")

  var name: String

  init(_ values: ParsedValues) throws {
    name = try values[Self.name]
  }

  func run(_ context: CommandContext) throws {
    let accounts = try context.accounts()
    let valid = try User.validatedName(name)
    let password = try context.readPassword(
      prompt: words.text("cli.user.passwordPrompt", ["user": valid]), confirming: true)
    let (user, tookOver) = try accounts.addUser(named: valid, password: password)
    context.print(words.text("cli.user.added", ["user": user.name]))
    if tookOver {
      context.print(words.text("cli.user.tookOver", ["user": user.name]))
    }
  }
}

/// `checklists user list`.
struct UserListCommand: AccountCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List the users.",
    arguments: [jsonFlag])

  struct UserJSON: Encodable {
    var name: String
    var createdAt: String
  }

  var json: Bool

  init(_ values: ParsedValues) throws {
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let users = try context.accounts().users()
    if json {
      let shown = users.map {
        UserJSON(name: $0.name, createdAt: ISOTimestamp.milliseconds($0.createdAt))
      }
      context.print(try JSONOutput.encode(["users": shown]))
    } else if users.isEmpty {
      context.print(words.text("cli.user.list.empty"))
      context.print(words.text("cli.user.list.emptyHint"))
    } else {
      for user in users {
        let since = context.dateDisplay.string(from: user.createdAt)
        context.print(words.text("cli.user.list.row", ["user": user.name, "since": since]))
      }
    }
  }
}

/// `checklists user passwd <name>`.
struct UserPasswordCommand: AccountCommand {
  static let configuration = CommandConfiguration(
    commandName: "passwd",
    abstract: "Set a user's password; signs out their sessions.",
    arguments: [name])

  /// `<name>`: an existing user.
  static let name = Positional("name", help: "The user.")

  var name: String

  init(_ values: ParsedValues) throws {
    name = try values[Self.name]
  }

  func run(_ context: CommandContext) throws {
    let accounts = try context.accounts()
    let user = try accounts.existingUser(name)
    let password = try context.readPassword(
      prompt: words.text("cli.user.newPasswordPrompt", ["user": user.name]), confirming: true)
    try accounts.setPassword(userName: user.name, password: password)
    context.print(words.text("cli.user.passwordChanged", ["user": user.name]))
  }
}

/// `checklists user delete <name> [--yes]`.
struct UserDeleteCommand: AccountCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete",
    abstract: "Delete a user and everything they own.",
    discussion: "Asks for confirmation unless --yes is given.",
    arguments: [
      UserPasswordCommand.name, CommonArguments.yes,
    ])

  var name: String
  var yes: Bool

  init(_ values: ParsedValues) throws {
    name = try values[UserPasswordCommand.name]
    yes = values[CommonArguments.yes]
  }

  func run(_ context: CommandContext) throws {
    let accounts = try context.accounts()
    let user = try accounts.existingUser(name)
    guard
      try yes
        || context.confirm(words.text("cli.user.deleteQuestion", ["user": user.name]))
    else {
      context.print(words.text("cli.confirm.nothingDeleted"))
      return
    }
    try accounts.deleteUser(named: user.name)
    context.print(words.text("cli.user.deleted", ["user": user.name]))
  }
}
