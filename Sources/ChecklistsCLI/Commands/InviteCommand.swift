import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore
import Foundation
import HTTPServer

/// `checklists share invite <list> [--role R] [--expires 7d] [--uses N] [--shopping] [--json]`.
struct ShareInviteCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "invite",
    abstract: "Make an invite link to one of your lists, shown once.",
    discussion: """
      Whoever opens the link signs in, or makes an account (unless the server runs with \
      --sign-up off), and joins the list at the role. The link works for --uses people \
      (default 1; 'any' for as many as open it) until it expires (default 7 days, at most \
      90). Only the link's digest is kept: it is shown this once. With $CHECKLISTS_PUBLIC_URL \
      set, the link starts with its first address; otherwise put the server's address in \
      front of the path.
      """,
    arguments: [
      ShareWithCommand.list, ShareWithCommand.role, expires, uses, CommonArguments.shopping,
      jsonFlag,
    ])

  static let expires = Option(
    "expires", valueName: "days",
    help: "How long it works: 7d, 30d, or a number of days (default: 7d, at most 90d).")
  static let uses = Option(
    "uses", valueName: "count", help: "How many may use it, 1 to 100, or 'any' (default: 1).")

  struct JSON: Encodable {
    var invite: InviteJSON
    var url: String
    var token: String
  }

  var list: String
  var role: String
  var days: Int
  var uses: Int?
  var shopping: Bool
  var json: Bool

  init(_ values: ParsedValues) throws {
    list = try values[ShareWithCommand.list]
    role = try values[ShareWithCommand.role] ?? ShareRole.checker.rawValue
    days = Invite.defaultLifetimeDays
    if let text = try values[Self.expires] {
      let number = text.lowercased().hasSuffix("d") ? String(text.dropLast()) : text
      guard let value = Int(number) else {
        throw UsageError(words.text("cli.invite.badExpires", ["value": text]))
      }
      days = value
    }
    uses = 1
    if let text = try values[Self.uses] {
      if text.lowercased() == "any" {
        uses = nil
      } else if let value = Int(text) {
        uses = value
      } else {
        throw UsageError(words.text("cli.invite.badUses", ["value": text]))
      }
    }
    shopping = values[CommonArguments.shopping]
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let role = try ShareRole.named(role)
    let target = try SharedListReference(list, shopping: shopping, context)
    let (details, token, _) = try context.invites().create(
      listID: target.id, scope: target.scope, role: role, expiresInDays: days, maxUses: uses,
      by: try context.service().owner)
    let base = context.environment[PublicURL.environmentVariable].flatMap {
      try? PublicURL.list($0).first?.origin
    }
    let url = (base ?? "") + "/invite/" + token.value
    if json {
      context.print(
        try JSONOutput.encode(
          JSON(
            invite: InviteJSON(
              details.invite, listName: details.listName, state: details.state,
              message: details.message), url: url, token: token.value)))
      return
    }
    let people =
      uses.map { words.text("cli.invite.forPeople", count: $0) }
      ?? words.text("cli.invite.forAnyone")
    context.print(
      words.text(
        "cli.invite.made",
        [
          "list": target.name, "role": role.rawValue, "people": people,
          "state": details.message,
        ]))
    context.print(words.text("cli.invite.url", ["url": url]))
    if base == nil {
      context.print(words.text("cli.invite.addAddress"))
    }
    context.print(words.text("cli.invite.shownOnce", ["id": details.invite.id.uuidString]))
  }
}

/// `checklists share invites <list> [--shopping] [--json]`.
struct ShareInvitesCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "invites",
    abstract: "Show the invite links of one of your lists that were not revoked.",
    arguments: [
      ShareWithCommand.list, CommonArguments.shopping, jsonFlag,
    ])

  struct JSON: Encodable { var invites: [InviteJSON] }

  var list: String
  var shopping: Bool
  var json: Bool

  init(_ values: ParsedValues) throws {
    list = try values[ShareWithCommand.list]
    shopping = values[CommonArguments.shopping]
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let target = try SharedListReference(list, shopping: shopping, context)
    let invites = try context.invites().invites(
      ofList: target.id, scope: target.scope, by: try context.service().owner)
    if json {
      context.print(
        try JSONOutput.encode(
          JSON(
            invites: invites.map {
              InviteJSON($0.invite, listName: $0.listName, state: $0.state, message: $0.message)
            })))
      return
    }
    if invites.isEmpty {
      context.print(
        words.text(
          shopping ? "cli.invites.emptyShopping" : "cli.invites.empty", ["list": target.name]))
      return
    }
    for details in invites {
      let invite = details.invite
      let uses =
        invite.maxUses.map {
          words.text("cli.invites.usesOf", ["used": String(invite.uses)], count: $0)
        } ?? words.text("cli.invites.uses", count: invite.uses)
      context.print(
        words.text(
          "cli.invites.row",
          [
            "id": invite.id.uuidString, "role": invite.role.rawValue, "uses": uses,
            "state": details.message,
          ]))
    }
  }
}

/// `checklists share revoke-invite <id>`.
struct ShareRevokeInviteCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "revoke-invite",
    abstract: "Revoke one of your invite links: it stops working and says so.",
    arguments: [
      id
    ])

  static let id = Positional("id", help: "The invite's id, as 'checklists share invites' shows it.")

  var id: String

  init(_ values: ParsedValues) throws {
    id = try values[Self.id]
  }

  func run(_ context: CommandContext) throws {
    guard let inviteID = UUID(uuidString: id.trimmingCharacters(in: .whitespaces)) else {
      throw ChecklistsError(.notFound, words.text("cli.invite.unknown", ["id": id]))
    }
    let details = try context.invites().revoke(
      inviteID: inviteID, by: try context.service().owner)
    context.print(words.text("cli.invite.revoked", ["list": details.listName]))
  }
}
