import ChecklistsCore
import ChecklistsInterop
import Foundation

/// The `components` of the OpenAPI document: the schemas declared beside the JSON types in
/// ChecklistsInterop, by the names the paths refer to (`#/components/schemas/Item`), and the
/// parameters, headers and responses the paths share.
enum OpenAPIComponents {
  /// Every schema, by component name.
  static let schemas: [String: JSONSchema] = [
    // Checklists
    "Icon": ChecklistIcon.schema,
    "Timestamp": .timestamp,
    "Due": DueDateJSON.schema,
    "Text": .text,
    "Checklist": ChecklistJSON.schema,
    "Item": ChecklistItemJSON.schema,
    "ChecklistCollection": ResponseSchemas.checklistCollection,
    "ChecklistWithItems": ResponseSchemas.checklistWithItems,
    "ItemCollection": ResponseSchemas.itemCollection,
    "ImportReport": ResponseSchemas.importReport,
    "NewChecklist": RequestSchemas.newChecklist,
    "ChecklistChanges": RequestSchemas.checklistChanges,
    "NewItem": RequestSchemas.newItem,
    "ItemChanges": RequestSchemas.itemChanges,
    "Move": RequestSchemas.move,
    "ItemHistory": ItemHistoryJSON.schema,
    "Problem": ResponseSchemas.problem,
    "ChangePage": ResponseSchemas.changePage,
    // Shopping
    "Price": PriceJSON.schema,
    "PriceText": PriceJSON.textSchema,
    "ShoppingItem": ShoppingItemJSON.schema,
    "ShoppingList": ShoppingListJSON.schema,
    "ShoppingLine": ShoppingLineJSON.schema,
    "Totals": ShoppingTotalsJSON.schema,
    "ShoppingListContents": ShoppingListContentsJSON.schema,
    "Catalogue": ResponseSchemas.catalogue,
    "CatalogueSearchResult": ResponseSchemas.catalogueSearchResult,
    "ShoppingListCollection": ResponseSchemas.shoppingListCollection,
    "DeletedCatalogueItem": ResponseSchemas.deletedCatalogueItem,
    "EntryAddedByName": ResponseSchemas.entryAddedByName,
    "FinishedShopping": ResponseSchemas.finishedShopping,
    "ShoppingImportReport": ResponseSchemas.shoppingImportReport,
    "NewCatalogueItem": RequestSchemas.newCatalogueItem,
    "CatalogueItemChanges": RequestSchemas.catalogueItemChanges,
    "NewShoppingList": RequestSchemas.newShoppingList,
    "ShoppingListChanges": RequestSchemas.shoppingListChanges,
    "NewEntryByName": RequestSchemas.newEntryByName,
    "EntryQuantity": RequestSchemas.entryQuantity,
    "EntryChanges": RequestSchemas.entryChanges,
    // Shops and aisles
    "Shop": ShopJSON.schema,
    "ShopCollection": ResponseSchemas.shopCollection,
    "NewShop": RequestSchemas.newShop,
    "ShopChanges": RequestSchemas.shopChanges,
    "ListShop": RequestSchemas.listShop,
    // Trips and prices
    "Trip": TripJSON.schema,
    "TripCollection": ResponseSchemas.tripCollection,
    "MonthlySpending": ResponseSchemas.monthlySpending,
    "PriceHistory": ResponseSchemas.priceHistory,
    "FinishShopping": RequestSchemas.finishShopping,
    // The first day: the starter set, settings, and an import of any file
    "StarterSet": ResponseSchemas.starterSet,
    "StarterAdded": ResponseSchemas.starterAdded,
    "StarterChoice": RequestSchemas.starterChoice,
    "Settings": ResponseSchemas.settings,
    "SettingsChanges": RequestSchemas.settingsChanges,
    "DetectedImport": ResponseSchemas.detectedImport,
    // Accounts, tokens, the remote command line and sharing
    "TokenList": ResponseSchemas.tokenList,
    "CreatedToken": ResponseSchemas.createdToken,
    "Session": ResponseSchemas.session,
    "Base64": .base64,
    "RemoteCommand": RemoteCommand.schema,
    "RemoteCommandResult": RemoteCommandResult.schema,
    "ShareRole": ShareRole.schema,
    "Member": ResponseSchemas.member,
    "SharedList": ResponseSchemas.sharedList,
    // Invite links
    "Invite": ResponseSchemas.invite,
    "CreatedInvite": ResponseSchemas.createdInvite,
    "InviteCollection": ResponseSchemas.inviteCollection,
    "Invitation": ResponseSchemas.invitation,
    "AcceptedInvitation": ResponseSchemas.acceptedInvitation,
    "SignedUp": ResponseSchemas.signedUp,
    "NewInvite": RequestSchemas.newInvite,
    // Smart lists, search and templates
    "ChecklistReference": ResponseSchemas.checklistReference,
    "SmartListItem": ResponseSchemas.smartListItem,
    "SmartListCounts": ResponseSchemas.smartListCounts,
    "SmartListItems": ResponseSchemas.smartListItems,
    "SearchResult": ResponseSchemas.searchResult,
    "TemplateItem": ResponseSchemas.templateItem,
    "Template": ResponseSchemas.template,
    "TemplateCollection": ResponseSchemas.templateCollection,
    "NewTemplate": RequestSchemas.newTemplate,
    "TemplateStart": RequestSchemas.templateStart,
  ]

  /// The request bodies the paths show inline rather than as components.
  static let inlineRequestBodies: [String: JSONSchema] = [
    "POST /api/v1/session": RequestSchemas.signIn,
    "POST /api/v1/tokens": RequestSchemas.newToken,
    "PUT /api/v1/shares/{listID}/{user}": RequestSchemas.share,
    "POST /api/v1/invitations/{token}/sign-up": RequestSchemas.signUp,
  ]

  /// The whole `components` object.
  static let json: JSONValue = .object([
    "schemas": .object(schemas.mapValues(value)),
    "parameters": .object(parameters),
    "headers": .object(headers),
    "responses": .object(responses),
  ])

  /// The whole `components` object as Foundation objects, ready for `JSONSerialization`.
  static func dictionary() -> [String: Any] {
    // `json` is an object, so its Foundation form is a dictionary.
    foundationObject(json) as! [String: Any]
  }

  // MARK: - Parameters, headers and responses

  private static let parameters: [String: JSONValue] = [
    "ListID": path("id", "A list's id (UUID)"),
    "ItemID": path("id", "An item's id (UUID)"),
    "ShoppingListID": path("listID", "A shopping list's id (UUID)"),
    "CatalogueItemID": path("itemID", "A catalogue item's id (UUID)"),
    "ShopID": path("shopID", "A shop's id (UUID)"),
    "EntryItemID": path(
      "itemID", "The catalogue item's id (UUID): a list has each item at most once"),
    "IfMatch": header(
      "If-Match", "The ETag the change is made against; 412 if the resource moved on"),
    "IfNoneMatch": header(
      "If-None-Match", "An ETag the client has; 304 if it is still current"),
    "AcceptLanguage": header(
      "Accept-Language",
      "The first language tag (such as de-DE) is the locale prices are read and formatted in; default: the server's"
    ),
  ]

  private static let headers: [String: JSONValue] = [
    "ETag": .object([
      "description": .string("The resource's version"),
      "schema": value(.string()),
    ])
  ]

  private static let responses: [String: JSONValue] = [
    "Problem": .object([
      "description": .string("An error"),
      "content": .object([
        "application/problem+json": .object(["schema": reference("schemas/Problem")])
      ]),
    ]),
    "NotModified": .object([
      "description": .string("The client's copy is current"),
      "headers": .object(["ETag": reference("headers/ETag")]),
    ]),
    "Item": resource("Item", "The item"),
    "Checklist": resource("Checklist", "The list"),
    "ShoppingItem": resource("ShoppingItem", "The catalogue item"),
  ]

  private static func path(_ name: String, _ description: String) -> JSONValue {
    parameter(name, in: "path", required: true, description)
  }

  private static func header(_ name: String, _ description: String) -> JSONValue {
    parameter(name, in: "header", required: false, description)
  }

  private static func parameter(
    _ name: String, in location: String, required: Bool, _ description: String
  ) -> JSONValue {
    .object([
      "name": .string(name),
      "in": .string(location),
      "required": .bool(required),
      "description": .string(description),
      "schema": value(.string()),
    ])
  }

  /// A 200 with the resource of schema `schema` and its ETag.
  private static func resource(_ schema: String, _ description: String) -> JSONValue {
    .object([
      "description": .string(description),
      "headers": .object(["ETag": reference("headers/ETag")]),
      "content": .object([
        "application/json": .object(["schema": reference("schemas/\(schema)")])
      ]),
    ])
  }

  private static func reference(_ path: String) -> JSONValue {
    .object(["$ref": .string("#/components/\(path)")])
  }

  /// The JSON value of a schema.
  private static func value(_ schema: JSONSchema) -> JSONValue {
    // JSONSchema encodes to JSON, which JSONValue decodes whole.
    try! JSONDecoder().decode(JSONValue.self, from: schema.jsonData())
  }

  /// A value as Foundation objects for `JSONSerialization`: whole numbers as integers.
  private static func foundationObject(_ value: JSONValue) -> Any {
    switch value {
    case .null: return NSNull()
    case .bool(let bool): return bool
    case .number(let number):
      if number.rounded() == number, abs(number) < 1e15 { return Int(number) }
      return number
    case .string(let string): return string
    case .array(let values): return values.map(foundationObject)
    case .object(let fields): return fields.mapValues(foundationObject)
    }
  }
}
