import Foundation

// The schemas of the first day's routes: the starter set, the user's settings, and an import
// whose kind the server recognised.

extension ResponseSchemas {
  /// `StarterSet`: `GET /api/v1/catalogue/starter`.
  public static let starterSet = JSONSchema.object(
    properties: [
      "language": .enumeration(["en", "de", "fr", "es"], description: "The language of the names"),
      "items": .array(
        of: .object(
          properties: [
            "name": .string(), "category": .string(),
            "inCatalogue": .boolean(description: "Whether the catalogue has an item of this name"),
          ], required: ["name", "category", "inCatalogue"])),
    ], required: ["language", "items"])

  /// `StarterAdded`: `POST /api/v1/catalogue/starter`.
  public static let starterAdded = JSONSchema.object(
    properties: [
      "added": .array(of: .ref("ShoppingItem"), description: "The items this call added"),
      "alreadyInCatalogue": .integer(minimum: 0),
    ], required: ["added", "alreadyInCatalogue"])

  /// `Settings`: `GET` and `PATCH /api/v1/settings`.
  public static let settings = JSONSchema.object(
    properties: [
      "currency": .string(pattern: "^[A-Z]{3}$", description: "The catalogue's currency"),
      "currencies": .array(
        of: .object(
          properties: ["code": .string(pattern: "^[A-Z]{3}$"), "name": .string()],
          required: ["code", "name"]), description: "The currencies one may choose"),
    ], required: ["currency", "currencies"])

  /// `DetectedImport`: `POST /api/v1/import`, the kind of file it recognised and its report.
  public static let detectedImport: JSONSchema = {
    var report = JSONSchema()
    report.oneOf = [.ref("ImportReport"), .ref("ShoppingImportReport")]
    return .object(
      properties: [
        "kind": .enumeration(["checklists", "shopping", "backup"]),
        "report": report,
      ], required: ["kind", "report"])
  }()
}

extension RequestSchemas {
  /// `StarterChoice`: `POST /api/v1/catalogue/starter`, some names or all of them.
  public static let starterChoice = JSONSchema.object(
    properties: [
      "names": .array(of: .ref("Text")),
      "all": .boolean(description: "true adds the whole starter set"),
    ])

  /// `SettingsChanges`: `PATCH /api/v1/settings`.
  public static let settingsChanges = JSONSchema.object(
    properties: [
      "currency": .string(pattern: "^[A-Za-z]{3}$"),
      "relabelPrices": .boolean(
        description: "true gives the catalogue's prices the new currency (amounts unchanged)"),
    ])
}
