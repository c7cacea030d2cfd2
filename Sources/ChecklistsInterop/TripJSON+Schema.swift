import ChecklistsCore
import Foundation

extension TripJSON {
  /// `Trip`: a finished trip with the prices of the time.
  public static let schema = JSONSchema.object(
    properties: [
      "number": .integer(),
      "id": .string(format: "uuid"),
      "listID": .string(format: "uuid"),
      "listName": .string(minLength: 1, description: "The list's name at the time"),
      "shop": JSONSchema.object(
        properties: ["id": .string(format: "uuid"), "name": .string(minLength: 1)],
        required: ["id", "name"]
      ).orNull,
      "finishedAt": .ref("Timestamp"),
      "lines": .array(
        of: .object(
          properties: [
            "itemID": .string(format: "uuid"),
            "name": .string(minLength: 1, description: "The item's name at the time"),
            "quantity": RequestSchemas.quantity,
            "unitPrice": .ref("Price").orNull,
            "cost": .ref("Price").orNull,
            "category": .string().orNull,
          ],
          required: ["itemID", "name", "quantity", "unitPrice", "cost", "category"]),
        description: "In the order they went into the cart"),
      "totals": .array(of: .ref("Price"), description: "One per currency"),
    ],
    required: ["id", "listID", "listName", "shop", "finishedAt", "lines", "totals"])
}

extension ResponseSchemas {
  /// `TripCollection`: `GET /api/v1/trips`.
  public static let tripCollection = JSONSchema.object(
    properties: ["trips": .array(of: .ref("Trip"), description: "Newest first")],
    required: ["trips"])

  /// `MonthlySpending`: `GET /api/v1/trips/spending`.
  public static let monthlySpending = JSONSchema.object(
    properties: [
      "months": .array(
        of: .object(
          properties: [
            "month": .string(pattern: "^[0-9]{4}-[0-9]{2}$"),
            "totals": .array(
              of: .ref("Price"), description: "One per currency; empty when nothing was spent"),
          ],
          required: ["month", "totals"]),
        description: "Oldest first, every month present")
    ],
    required: ["months"])

  /// `PriceHistory`: `GET /api/v1/catalogue/{itemID}/prices`.
  public static let priceHistory = JSONSchema.object(
    properties: [
      "item": .ref("ShoppingItem"),
      "prices": .array(
        of: .object(
          properties: ["price": .ref("Price").orNull, "since": .ref("Timestamp")],
          required: ["price", "since"]),
        description: "Oldest first; price is null where it was cleared"),
    ],
    required: ["item", "prices"])
}

extension RequestSchemas {
  /// `FinishShopping`: the optional body of `POST /api/v1/shopping-lists/{listID}/finish`.
  public static let finishShopping = JSONSchema.object(properties: [
    "clientID": JSONSchema.string(
      format: "uuid",
      description:
        "A UUID chosen by the client for this finish; sent again, it answers the trip it recorded and changes nothing"
    ).orNull
  ])
}
