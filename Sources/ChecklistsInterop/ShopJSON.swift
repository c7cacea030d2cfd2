import ChecklistsCore
import Foundation

/// A shop as JSON: its sections in the shop's order and where items come inside them.
///
/// `{"id", "name", "revision", "sections": [{"category", "rank"}], "itemRanks": {"<itemID>":
/// rank}, "createdAt", "updatedAt"}`; ranks are 0 (the entrance) to 1.
public struct ShopJSON: Codable, Sendable, Equatable {
  /// One section: a category and its place.
  public struct Section: Codable, Sendable, Equatable {
    public var category: String
    public var rank: Double
  }

  public var id: UUID
  public var name: String
  public var revision: Int64
  public var sections: [Section]
  /// Each ranked item's place in its section, by the item's id (upper-case, as ids are).
  public var itemRanks: [String: Double]
  public var createdAt: String
  public var updatedAt: String

  /// The JSON form of a shop.
  public init(_ shop: Shop) {
    id = shop.id
    name = shop.name
    revision = shop.revision
    sections = shop.sections.map { Section(category: $0.category, rank: $0.rank) }
    itemRanks = Dictionary(
      uniqueKeysWithValues: shop.itemRanks.map { ($0.key.uuidString, $0.value.rank) })
    createdAt = ISOTimestamp.milliseconds(shop.createdAt)
    updatedAt = ISOTimestamp.milliseconds(shop.updatedAt)
  }
}

extension ShopJSON {
  /// A place in a shop: a number from 0 (the entrance) to 1.
  private static let rank: JSONSchema = {
    var rank = JSONSchema()
    rank.types = [.number]
    rank.minimum = 0
    rank.maximum = 1
    return rank
  }()

  /// `Shop`: a shop with its learned order.
  public static let schema = JSONSchema.object(
    properties: [
      "id": .string(format: "uuid"),
      "name": .string(minLength: 1),
      "revision": .integer(minimum: 1),
      "sections": .array(
        of: .object(
          properties: [
            "category": .string(minLength: 1),
            "rank": rank,
          ], required: ["category", "rank"]),
        description:
          "In the shop's order, first aisle first; categories not here sort after them by name, lines without a category last"
      ),
      "itemRanks": .map(
        of: rank, description: "Each ranked catalogue item's place in its section, by item id"),
      "createdAt": .ref("Timestamp"),
      "updatedAt": .ref("Timestamp"),
    ],
    required: ["id", "name", "revision", "sections", "itemRanks", "createdAt", "updatedAt"])
}

extension ResponseSchemas {
  /// `ShopCollection`: `GET /api/v1/shops`.
  public static let shopCollection = JSONSchema.object(
    properties: ["shops": .array(of: .ref("Shop"), description: "By name")],
    required: ["shops"])
}

extension RequestSchemas {
  /// `NewShop`: `POST /api/v1/shops`.
  public static let newShop = JSONSchema.object(
    properties: ["name": .ref("Text"), "clientID": clientID, "id": clientID],
    required: ["name"])

  /// `ShopChanges`: `PATCH /api/v1/shops/{shopID}`.
  public static let shopChanges = JSONSchema.object(properties: [
    "name": .ref("Text"),
    "sections": .array(
      of: .string(minLength: 1),
      description:
        "The full order of sections after a drag, first aisle first: each a category, named once ignoring case; sections not named are dropped"
    ),
  ])

  /// `ListShop`: `PUT /api/v1/shopping-lists/{listID}/shop`.
  public static let listShop = JSONSchema.object(
    properties: [
      "shopID": JSONSchema.string(
        format: "uuid", description: "One of the list owner's shops, or null for none"
      ).orNull
    ], required: ["shopID"])
}
