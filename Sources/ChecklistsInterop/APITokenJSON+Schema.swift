import Foundation

extension APITokenJSON {
  /// A token in `TokenList`: never the token itself.
  public static let schema = JSONSchema.object(
    properties: [
      "id": .string(format: "uuid"),
      "name": .string(),
      "createdAt": .string(format: "date-time"),
      "lastUsedAt": .string(format: "date-time").orNull,
      "current": .boolean(),
    ],
    required: ["id", "name", "createdAt", "current"])
}

extension ResponseSchemas {
  /// `TokenList`: `GET /api/v1/tokens`.
  public static let tokenList = JSONSchema.object(
    properties: ["tokens": .array(of: APITokenJSON.schema)],
    required: ["tokens"])

  /// `CreatedToken`: `POST /api/v1/tokens`, the only answer that shows the token.
  public static let createdToken = JSONSchema.object(
    properties: [
      "id": .string(format: "uuid"),
      "name": .string(minLength: 1),
      "user": .string(),
      "token": .string(
        pattern: "^ckl_",
        description: "Send it as 'Authorization: Bearer <token>'; it is shown only this once"),
    ],
    required: ["id", "name", "user", "token"])

  /// `Session`: who is signed in, and how the server runs.
  public static let session = JSONSchema.object(
    properties: [
      "user": .string(),
      "mode": .enumeration(["single-user", "accounts"]),
      "csrfToken": .string(
        description: "Send it as X-CSRF-Token with every change made with the session cookie"),
    ],
    required: ["user", "mode"])
}

extension RequestSchemas {
  /// `POST /api/v1/session`: signing in.
  public static let signIn = JSONSchema.object(
    properties: [
      "user": .string(),
      "password": .string(),
    ],
    required: ["user", "password"])

  /// `POST /api/v1/tokens`: a new API token for a user who gives their password.
  public static let newToken = JSONSchema.object(
    properties: [
      "user": .string(),
      "password": .string(),
      "name": .string(
        description:
          "The token's name (default \"checklists\"); a name the user already has gets \" (2)\", \" (3)\"…"
      ),
    ],
    required: ["user", "password"])
}
