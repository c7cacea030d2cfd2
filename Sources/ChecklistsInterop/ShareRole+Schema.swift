import ChecklistsCore
import Foundation

extension ShareRole {
  /// `ShareRole`: what someone a list is shared with may do.
  public static let schema = JSONSchema.enumeration(
    allCases.map(\.rawValue),
    description: "viewer sees; checker also checks items off; editor also changes items")

  /// The properties a shared list carries in `Checklist` and `ShoppingList`.
  static let sharedListProperties: [String: JSONSchema] = [
    "owner": .string(description: "For a list someone shared with you: its owner"),
    "role": .ref("ShareRole"),
  ]
}

extension ResponseSchemas {
  /// `Member`: someone a list is shared with.
  public static let member = JSONSchema.object(
    properties: [
      "user": .string(),
      "role": .ref("ShareRole"),
    ],
    required: ["user", "role"])

  /// `SharedList`: a list someone shared with the user.
  public static let sharedList = JSONSchema.object(
    properties: [
      "id": .string(format: "uuid"),
      "kind": .enumeration(["checklist", "shoppingList"]),
      "name": .string(),
      "owner": .string(),
      "role": .ref("ShareRole"),
    ],
    required: ["id", "kind", "name", "owner", "role"])
}

extension RequestSchemas {
  /// `PUT /api/v1/shares/{listID}/{user}`: the role to share the list with.
  public static let share = JSONSchema.object(
    properties: ["role": .ref("ShareRole")],
    required: ["role"])
}
