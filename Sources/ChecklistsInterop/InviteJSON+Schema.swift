import ChecklistsCore
import Foundation

extension ResponseSchemas {
  /// The states of an invite, from the domain's cases.
  static let inviteState = JSONSchema.enumeration(
    Invite.State.allCases.map(\.rawValue),
    description: "valid works; expired, usedUp and revoked do not, and 'message' says so")

  /// `Invite`: an invite link as its owner sees it (never its token).
  public static let invite = JSONSchema.object(
    properties: [
      "id": .string(format: "uuid"),
      "list": .object(
        properties: [
          "kind": .enumeration(["checklist", "shoppingList"]),
          "id": .string(format: "uuid"),
          "name": .string(),
        ],
        required: ["kind", "id", "name"]),
      "role": .ref("ShareRole"),
      "createdAt": .string(format: "date-time"),
      "expiresAt": .string(format: "date-time"),
      "maxUses": JSONSchema.integer(
        minimum: 1, maximum: Double(Invite.maximumUses),
        description: "How many may use it; null: any number until it expires"
      ).orNull,
      "uses": .integer(minimum: 0),
      "state": inviteState,
      "message": .string(description: "What the state means, in a sentence a person reads"),
    ],
    required: [
      "id", "list", "role", "createdAt", "expiresAt", "maxUses", "uses", "state", "message",
    ])

  /// `CreatedInvite`: a new invite and its link, the only answer that shows the token.
  public static let createdInvite = JSONSchema.object(
    properties: [
      "invite": .ref("Invite"),
      "url": .string(
        description: "The link to send: <this server>/invite/<token>; shown only this once"),
    ],
    required: ["invite", "url"])

  /// `InviteCollection`: a list's invites that were not revoked, newest first.
  public static let inviteCollection = JSONSchema.object(
    properties: ["invites": .array(of: .ref("Invite"))],
    required: ["invites"])

  /// `Invitation`: what a link is for, as whoever holds it sees it.
  public static let invitation = JSONSchema.object(
    properties: [
      "state": inviteState,
      "message": .string(description: "What the state means, in a sentence a person reads"),
      "list": .object(
        properties: [
          "kind": .enumeration(["checklist", "shoppingList"]),
          "name": .string(),
        ],
        required: ["kind", "name"]),
      "owner": .string(description: "The user name of who invites"),
      "role": .ref("ShareRole"),
      "signUp": .boolean(description: "Whether an account can be made through the link"),
    ],
    required: ["state", "message", "list", "owner", "role", "signUp"])

  /// `AcceptedInvitation`: the list joined, and the role there.
  public static let acceptedInvitation = JSONSchema.object(
    properties: [
      "list": .object(
        properties: [
          "kind": .enumeration(["checklist", "shoppingList"]),
          "id": .string(format: "uuid"),
          "name": .string(),
        ],
        required: ["kind", "id", "name"]),
      "role": .ref("ShareRole"),
    ],
    required: ["list", "role"])

  /// `SignedUp`: the new account, signed in, and the list it joined.
  public static let signedUp = JSONSchema.object(
    properties: [
      "user": .string(),
      "list": .object(
        properties: [
          "kind": .enumeration(["checklist", "shoppingList"]),
          "id": .string(format: "uuid"),
          "name": .string(),
        ],
        required: ["kind", "id", "name"]),
      "role": .ref("ShareRole"),
      "csrfToken": .string(
        description: "Send it as X-CSRF-Token with every change made with the session cookie"),
    ],
    required: ["user", "list", "role", "csrfToken"])
}

extension RequestSchemas {
  /// `NewInvite`: `POST /api/v1/checklists/{id}/invites` and
  /// `/api/v1/shopping-lists/{listID}/invites`.
  public static let newInvite = JSONSchema.object(
    properties: [
      "role": .ref("ShareRole"),
      "expiresInDays": .integer(
        minimum: 1, maximum: Double(Invite.maximumLifetimeDays),
        description: "Days the link works (default \(Invite.defaultLifetimeDays))"),
      "maxUses": JSONSchema.integer(
        minimum: 1, maximum: Double(Invite.maximumUses),
        description: "How many may use it (1: one use); null or absent: any number until it expires"
      ).orNull,
      "clientID": JSONSchema.string(
        format: "uuid",
        description:
          "The invite's id, chosen by the client: sent again, the same invite gets a new link"
      ).orNull,
    ],
    required: ["role"])

  /// `POST /api/v1/invitations/{token}/sign-up`: the new account.
  public static let signUp = JSONSchema.object(
    properties: [
      "username": .string(description: "Letters a–z, digits, '.', '-', '_'"),
      "password": .string(description: "At least 8 characters, not the user name"),
    ],
    required: ["username", "password"])
}
