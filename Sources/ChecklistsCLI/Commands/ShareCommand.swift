import ArgumentParsing
import ChecklistsCore
import ChecklistsStore
import Foundation

/// How the sharing and invite commands name a list: a checklist, or with `--shopping` a
/// shopping list.
struct SharedListReference {
  let id: UUID
  let name: String
  let scope: Change.Scope

  /// Finds the list; a name that only a list of the other kind has gets a hint about
  /// `--shopping` instead of "not found".
  /// - Throws: `notFound` or `ambiguous` from the search, with that hint where it applies.
  init(_ reference: String, shopping: Bool, _ context: CommandContext) throws {
    do {
      if shopping {
        let list = try context.shopping().findList(reference)
        (id, name, scope) = (list.id, list.name, .shoppingList)
      } else {
        let list = try context.service().findList(reference)
        (id, name, scope) = (list.id, list.name, .checklist)
      }
    } catch let error as ChecklistsError where error.code == .notFound {
      throw Self.otherKindHint(reference, shopping: shopping, context) ?? error
    }
  }

  /// "'Party' is a shopping list, not a checklist: add --shopping." when the list not found
  /// as one kind is a list of the other kind; nil otherwise.
  private static func otherKindHint(
    _ reference: String, shopping: Bool, _ context: CommandContext
  ) -> ChecklistsError? {
    if shopping {
      guard let list = try? context.service().findList(reference) else { return nil }
      return ChecklistsError(
        .notFound, words.text("cli.share.notShoppingList", ["list": list.name]))
    }
    guard let list = try? context.shopping().findList(reference) else { return nil }
    return ChecklistsError(.notFound, words.text("cli.share.notChecklist", ["list": list.name]))
  }
}

/// `checklists share …`: share a list with a user (`share <list> <user>`, which is
/// `share with <list> <user>`), or through invite links.
struct ShareCommand: CommandGroup {
  static let configuration = CommandConfiguration(
    commandName: "share",
    abstract: "Share one of your lists with another user, or through an invite link.",
    discussion: """
      'checklists share <list> <user>' shares a list with a user, as 'checklists share with' \
      does. Roles: viewer (sees the list), checker (also checks items off, or puts them in \
      the cart), editor (also adds, edits and deletes items). Only the owner renames, \
      deletes or shares a list. Acts as --user when there are several users.

      An invite link ('share invite') lets someone who has no account yet, or whose user \
      name you do not know, join the list.
      """,
    subcommands: [
      ShareWithCommand.self, ShareInviteCommand.self, ShareInvitesCommand.self,
      ShareRevokeInviteCommand.self,
    ])

  /// The subcommand that `share <list> <user>` runs.
  static let defaultSubcommand = ShareWithCommand.configuration.commandName
}

/// `checklists share [with] <list> <user> [--role R] [--shopping]`.
struct ShareWithCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "with",
    abstract: "Share one of your lists with another user, or change their role.",
    discussion: """
      Roles: viewer (sees the list), checker (also checks items off, or puts them in the \
      cart), editor (also adds, edits and deletes items). Only the owner renames, deletes \
      or shares a list. Acts as --user when there are several users.
      """,
    arguments: [
      list, username, role, CommonArguments.shopping,
    ])

  /// `<list>`: a checklist, or with `--shopping` a shopping list.
  static let list = Positional(
    "list", help: "The list, by name or number.", completion: .custom(NameCompletion.anyLists))
  static let username = Positional("username", help: "The user to share it with.")
  static let role = Option(
    "role", valueName: "role", help: "viewer, checker or editor (default: checker).")

  var list: String
  var user: String
  var role: String
  var shopping: Bool

  init(_ values: ParsedValues) throws {
    list = try values[Self.list]
    user = try values[Self.username]
    role = try values[Self.role] ?? ShareRole.checker.rawValue
    shopping = values[CommonArguments.shopping]
  }

  func run(_ context: CommandContext) throws {
    let role = try ShareRole.named(role)
    let target = try SharedListReference(list, shopping: shopping, context)
    let share = try context.sharing().share(listID: target.id, with: user, role: role)
    context.print(
      words.text(
        "cli.share.shared",
        ["list": target.name, "user": user.lowercased(), "role": share.role.rawValue]))
  }
}

/// `checklists unshare <list> <user> [--shopping]`.
struct UnshareCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "unshare",
    abstract: "Stop sharing one of your lists with a user.",
    arguments: [
      ShareWithCommand.list, username, CommonArguments.shopping,
    ])

  static let username = Positional("username", help: "The user.")

  var list: String
  var user: String
  var shopping: Bool

  init(_ values: ParsedValues) throws {
    list = try values[ShareWithCommand.list]
    user = try values[Self.username]
    shopping = values[CommonArguments.shopping]
  }

  func run(_ context: CommandContext) throws {
    let target = try SharedListReference(list, shopping: shopping, context)
    try context.sharing().unshare(listID: target.id, with: user)
    context.print(
      words.text("cli.share.unshared", ["list": target.name, "user": user.lowercased()]))
  }
}

/// `checklists leave <list> [--shopping]`.
struct LeaveCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "leave",
    abstract: "Leave a list someone shared with you.",
    arguments: [
      list, CommonArguments.shopping,
    ])

  static let list = Positional(
    "list", help: "The shared list, by name or number.",
    completion: .custom(NameCompletion.anyLists))

  var list: String
  var shopping: Bool

  init(_ values: ParsedValues) throws {
    list = try values[Self.list]
    shopping = values[CommonArguments.shopping]
  }

  func run(_ context: CommandContext) throws {
    let target = try SharedListReference(list, shopping: shopping, context)
    try context.sharing().leave(listID: target.id)
    context.print(words.text("cli.share.left", ["list": target.name]))
  }
}

/// `checklists shares`: what you share with whom, and what others share with you.
struct SharesCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "shares",
    abstract: "Show the lists you share and the lists shared with you.",
    arguments: [jsonFlag])

  struct JSON: Encodable {
    struct Mine: Encodable {
      var id: UUID
      var kind: String
      var name: String
      var members: [Member]
    }
    struct Member: Encodable {
      var user: String
      var role: String
    }
    struct Theirs: Encodable {
      var id: UUID
      var kind: String
      var name: String
      var owner: String
      var role: String
    }
    var shared: [Mine]
    var sharedWithMe: [Theirs]
  }

  var json: Bool

  init(_ values: ParsedValues) throws {
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let sharing = try context.sharing()
    var mine: [JSON.Mine] = []
    let own =
      try context.service().checklists().filter { $0.sharing == nil }.map {
        ($0.id, "checklist", $0.name)
      }
      + context.shopping().lists().filter { $0.sharing == nil }.map {
        ($0.id, "shoppingList", $0.name)
      }
    for (id, kind, name) in own {
      let members = try sharing.members(ofList: id)
      if !members.isEmpty {
        mine.append(
          JSON.Mine(
            id: id, kind: kind, name: name,
            members: members.map { JSON.Member(user: $0.userName, role: $0.role.rawValue) }))
      }
    }
    let theirs = try sharing.sharedWithMe().map {
      JSON.Theirs(
        id: $0.share.collectionID, kind: $0.share.scope.rawValue, name: $0.name,
        owner: $0.ownerName, role: $0.share.role.rawValue)
    }
    if json {
      context.print(try JSONOutput.encode(JSON(shared: mine, sharedWithMe: theirs)))
      return
    }
    if mine.isEmpty && theirs.isEmpty {
      context.print(words.text("cli.shares.empty"))
      return
    }
    for list in mine {
      let who = list.members.map {
        words.text("cli.shares.member", ["user": $0.user, "role": $0.role])
      }.joined(separator: ", ")
      let key = list.kind == "checklist" ? "cli.shares.mine" : "cli.shares.mineShopping"
      context.print(words.text(key, ["list": list.name, "members": who]))
    }
    for list in theirs {
      let key = list.kind == "checklist" ? "cli.shares.theirs" : "cli.shares.theirsShopping"
      context.print(
        words.text(key, ["list": list.name, "owner": list.owner, "role": list.role]))
    }
  }
}
