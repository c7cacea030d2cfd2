import Foundation

/// The schemas of request bodies that have no Swift type of their own: the OpenAPI document
/// shows them and the server accepts exactly their properties (`RequestBody`).
public enum RequestSchemas {
  /// The optional `id` of a create: a UUID the client chose, so that sending the same create
  /// again answers the resource it made instead of a second copy (docs/SYNC.md).
  public static let clientID = JSONSchema.string(
    format: "uuid",
    description:
      "A UUID chosen by the client; the same create sent again answers 200 with what it made, the same id with other content 409"
  ).orNull
}

/// The schemas of response bodies the server builds from the JSON types (collections, reports,
/// sessions): the OpenAPI document shows them and the server's tests hold its answers to them.
public enum ResponseSchemas {}

extension JSONSchema {
  /// `Timestamp`: an ISO 8601 date and time, as the API writes them (UTC, to the millisecond).
  public static let timestamp = JSONSchema.string(format: "date-time")

  /// `Text`: one line of text a person typed (a list's name, an item's text), as `TextRules`
  /// accepts it.
  public static let text = JSONSchema.string(
    pattern:
      #"^[\t\n\u000B\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*[^\u0000-\u001F\u007F-\u009F\u2028\u2029]*[^\s\u0000-\u001F\u007F-\u009F\u2028\u2029\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8][^\u0000-\u001F\u007F-\u009F\u2028\u2029]*[\t\n\u000B\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*$"#,
    description:
      "One line of text: white space at either end (line breaks too) is trimmed, at least one visible character, no control characters or line breaks. Items hold at most 1,000 characters and list names 200 (characters as people see them)."
  )

  /// `Base64`: bytes as standard, padded base64, as `Data` encodes to JSON.
  public static let base64 = JSONSchema.string(
    contentEncoding: "base64",
    pattern: "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$")
}

extension ResponseSchemas {
  /// `Problem`: an RFC 9457 problem, the body of every error.
  public static let problem = JSONSchema.object(
    properties: [
      "type": .string(),
      "title": .string(),
      "status": .integer(),
      "detail": .string(),
      "conflicts": .array(
        of: .object(
          properties: [
            "field": .string(description: "The field's JSON name"),
            "current": anyValue("Its value now, as the resource's JSON has it"),
            "revision": .integer(description: "The revision at which it last changed"),
            "changedBy": JSONSchema.string(description: "Who changed it").orNull,
            "changedAt": .ref("Timestamp"),
          ],
          required: ["field", "current", "revision", "changedBy", "changedAt"]),
        description: "A 412 to a PATCH: each field it sets that changed since its If-Match"),
      "current": .anyObject(description: "A 412 to a PATCH: the resource as it is now"),
    ],
    required: ["type", "title", "status", "detail"],
    // RFC 9457 lets a problem carry more members.
    allowsOtherProperties: true)
}

extension ResponseSchemas {
  /// `ChangePage`: a page of `GET /api/v1/changes` (docs/SYNC.md): each thing that changed
  /// after the cursor, once, with its state now or a tombstone, and the cursor to read on from.
  public static let changePage = JSONSchema.object(
    properties: [
      "changes": .array(
        of: .object(
          properties: [
            "cursor": .string(description: "Opaque: where this change stands in the log"),
            "kind": .enumeration(
              ["checklist", "item", "shoppingList", "entry", "catalogueItem", "share"]),
            "id": .string(format: "uuid"),
            "listID": .string(
              format: "uuid", description: "The list an item or entry is on"),
            "after": JSONSchema.string(
              format: "uuid", description: "The item before this one now; null when first"
            ).orNull,
            "deleted": .boolean(description: "A tombstone: the thing is gone"),
            "state": .anyObject(
              description: "The thing as its own GET answers it (a list with its items)"),
          ],
          required: ["cursor", "kind", "id"])),
      "next": .string(description: "Opaque: send it as 'since' to read on"),
      "more": .boolean(description: "Whether another page follows at once"),
    ],
    required: ["changes", "next", "more"])
}

/// A schema that takes any JSON value, described.
private func anyValue(_ description: String) -> JSONSchema {
  var schema = JSONSchema()
  schema.description = description
  return schema
}
