import ChecklistsCore
import Foundation

extension PriceJSON {
  /// `Price`: an exact price as the API answers it.
  public static let schema = JSONSchema.object(
    properties: [
      "amount": .string(
        pattern: #"^[0-9]+(\.[0-9]+)?$"#,
        description: "The exact amount with all the currency's decimals, such as \"1.99\""),
      "currency": .string(pattern: "^[A-Z]{3}$", description: "ISO 4217 code"),
      "minorUnits": .integer(minimum: 0),
      "formatted": .string(
        description: "As a person in the request's locale reads it, such as \"1,99 €\""),
    ],
    required: ["amount", "currency", "minorUnits"],
    description: "An exact price: never a float")

  /// `PriceText`: a price as a person types it, in a request.
  public static let textSchema = JSONSchema.string(
    description:
      "A price as a person types it, read in the request's locale: \"1.99\", \"1,99\", \"€1.99\", \"$2\". Not negative, at most 1,000,000; a JSON number is refused."
  )
}

extension ShoppingItemJSON {
  /// `ShoppingItem`: a catalogue item as the API answers it.
  public static let schema = JSONSchema.object(
    properties: [
      "number": .integer(),
      "id": .string(format: "uuid"),
      "name": .string(minLength: 1),
      "price": .ref("Price").orNull,
      "unit": .string().orNull,
      "category": .string().orNull,
      "section": .string(description: "The catalogue section: the first letter, or #"),
      "revision": .integer(minimum: 1),
      "createdAt": .ref("Timestamp"),
      "updatedAt": .ref("Timestamp"),
    ],
    required: [
      "id", "name", "price", "unit", "category", "section", "revision", "createdAt", "updatedAt",
    ])
}

extension ShoppingListJSON {
  /// `ShoppingList`: a shopping list with its counts.
  public static let schema = JSONSchema.object(
    properties: ShareRole.sharedListProperties.merging([
      "number": .integer(),
      "id": .string(format: "uuid"),
      "name": .string(minLength: 1),
      "entryCount": .integer(minimum: 0),
      "inCartCount": .integer(minimum: 0),
      "remainingCount": .integer(minimum: 0),
      "revision": .integer(minimum: 1),
      "createdAt": .ref("Timestamp"),
      "updatedAt": .ref("Timestamp"),
    ]) { _, new in new },
    required: [
      "id", "name", "entryCount", "inCartCount", "remainingCount", "revision", "createdAt",
      "updatedAt",
    ])
}

extension ShoppingLineJSON {
  /// `ShoppingLine`: one line of a shopping list.
  public static let schema = JSONSchema.object(
    properties: [
      "number": .integer(),
      "item": .ref("ShoppingItem"),
      "quantity": RequestSchemas.quantity,
      "inCart": .boolean(),
      "cost": .ref("Price").orNull,
      "revision": .integer(
        minimum: 1, description: "The list's revision when the entry last changed"),
    ],
    required: ["item", "quantity", "inCart", "cost", "revision"])
}

extension ShoppingTotalsJSON {
  /// `Totals`: a list's totals, one price per currency.
  public static let schema = JSONSchema.object(
    properties: [
      "total": .array(of: .ref("Price"), description: "One per currency"),
      "inCart": .array(of: .ref("Price"), description: "For the same currencies as total"),
      "unpricedCount": .integer(minimum: 0),
    ],
    required: ["total", "inCart", "unpricedCount"])
}

extension ShoppingListContentsJSON {
  /// `ShoppingListContents`: a shopping list with its lines and totals.
  public static let schema = JSONSchema.object(
    properties: [
      "list": .ref("ShoppingList"),
      "lines": .array(of: .ref("ShoppingLine")),
      "totals": .ref("Totals"),
    ],
    required: ["list", "lines", "totals"])
}

extension ResponseSchemas {
  /// `Catalogue`: every catalogue item, with the server's currency.
  public static let catalogue = JSONSchema.object(
    properties: [
      "currency": .string(pattern: "^[A-Z]{3}$"),
      "items": .array(of: .ref("ShoppingItem")),
    ],
    required: ["currency", "items"])

  /// `CatalogueSearchResult`: the catalogue items that match a search.
  public static let catalogueSearchResult = JSONSchema.object(
    properties: ["items": .array(of: .ref("ShoppingItem"))],
    required: ["items"])

  /// `ShoppingListCollection`: `GET /api/v1/shopping-lists`.
  public static let shoppingListCollection = JSONSchema.object(
    properties: ["lists": .array(of: .ref("ShoppingList"))],
    required: ["lists"])

  /// `DeletedCatalogueItem`: a catalogue item deleted, and from how many lists it went.
  public static let deletedCatalogueItem = JSONSchema.object(
    properties: [
      "item": .ref("ShoppingItem"),
      "removedFromLists": .integer(minimum: 0),
    ],
    required: ["item", "removedFromLists"])

  /// `EntryAddedByName`: the line a name was put on a list as.
  public static let entryAddedByName = JSONSchema.object(
    properties: [
      "line": .ref("ShoppingLine"),
      "createdItem": .boolean(description: "Whether the name was new to the catalogue"),
    ],
    required: ["line", "createdItem"])

  /// `FinishedShopping`: a list after what was in the cart was cleared, and the trip recorded
  /// (null when the cart was empty).
  public static let finishedShopping = JSONSchema.object(
    properties: [
      "cleared": .integer(minimum: 0),
      "contents": .ref("ShoppingListContents"),
      "trip": JSONSchema.ref("Trip").orNull,
    ],
    required: ["cleared", "contents", "trip"])

  /// `ShoppingImportReport`: what importing a shopping file did.
  public static let shoppingImportReport = JSONSchema.object(
    properties: [
      "added": .integer(minimum: 0),
      "updated": .integer(minimum: 0),
      "putOnList": .integer(minimum: 0),
      "skippedWithoutName": .integer(minimum: 0),
    ],
    required: ["added", "updated", "putOnList", "skippedWithoutName"])
}

extension RequestSchemas {
  /// How many of an item a list has.
  static let quantity = JSONSchema.integer(minimum: 1, maximum: 999)

  private static let catalogueItemFields: [String: JSONSchema] = [
    "name": .ref("Text"),
    "price": .ref("PriceText").orNull,
    "unit": .string(description: optionalLine).orNull,
    "category": .string(description: optionalLine).orNull,
  ]

  private static let optionalLine =
    "Where it is in the shop or how it is sold; blank or null for none. At most 60 characters, one line."

  /// `NewCatalogueItem`: `POST /api/v1/catalogue`.
  public static let newCatalogueItem = JSONSchema.object(
    properties: catalogueItemFields.merging(["id": clientID]) { $1 }, required: ["name"])

  /// `CatalogueItemChanges`: `PATCH /api/v1/catalogue/{itemID}`.
  public static let catalogueItemChanges = JSONSchema.object(properties: catalogueItemFields)

  /// `NewShoppingList`: `POST /api/v1/shopping-lists`.
  public static let newShoppingList = JSONSchema.object(
    properties: ["id": clientID, "name": .ref("Text")], required: ["name"])

  /// `ShoppingListChanges`: `PATCH /api/v1/shopping-lists/{listID}` (a new name).
  public static let shoppingListChanges = JSONSchema.object(
    properties: ["name": .ref("Text")], required: ["name"])

  /// `NewEntryByName`: `POST /api/v1/shopping-lists/{listID}/entries`.
  public static let newEntryByName = JSONSchema.object(
    properties: [
      "name": .ref("Text"),
      "quantity": quantity,
    ],
    required: ["name"])

  /// `EntryQuantity`: `PUT /api/v1/shopping-lists/{listID}/entries/{itemID}`.
  public static let entryQuantity = JSONSchema.object(properties: ["quantity": quantity])

  /// `EntryChanges`: `PATCH /api/v1/shopping-lists/{listID}/entries/{itemID}`.
  public static let entryChanges = JSONSchema.object(properties: [
    "quantity": quantity,
    "inCart": .boolean(),
  ])
}
