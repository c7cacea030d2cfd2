import ChecklistsMessages
import Foundation

/// An item of a user's catalogue: what they buy, with its price, that shopping lists point at.
///
/// Renaming an item or changing its price shows in every list that has it: lists hold
/// entries that refer to the item, never copies of it.
public struct ShoppingItem: Identifiable, Hashable, Sendable, Codable {
  /// The stable identity of the item.
  public var id: UUID
  /// The user whose catalogue holds it.
  public var ownerID: UUID
  /// The item's name, unique in the catalogue ignoring case (see ``validatedName(_:)``).
  public var name: String
  /// What one costs, if known.
  public var price: Price?
  /// How it is sold, such as "500 g" or "6 pack", if it matters.
  public var unit: String?
  /// Where it is in the shop ("Fruit", "Aisle 4"), for sorting a list by the way through it.
  public var category: String?
  /// Increases with every change to the item.
  public var revision: Int64
  /// When the item was created.
  public var createdAt: Date
  /// When the item last changed.
  public var updatedAt: Date

  /// Creates an item value.
  public init(
    id: UUID = UUID(), ownerID: UUID, name: String, price: Price? = nil, unit: String? = nil,
    category: String? = nil, revision: Int64 = 1, createdAt: Date, updatedAt: Date? = nil
  ) {
    self.id = id
    self.ownerID = ownerID
    self.name = name
    self.price = price
    self.unit = unit
    self.category = category
    self.revision = revision
    self.createdAt = createdAt
    self.updatedAt = updatedAt ?? createdAt
  }

  /// The most characters a unit or a category may have.
  public static let maximumDetailLength = 60

  /// An item name made valid: trimmed, not empty, at most 200 characters, one line.
  /// - Throws: ``ChecklistsError`` with code `invalidInput`.
  public static func validatedName(_ raw: String) throws -> String {
    try TextRules.validated(
      raw, field: MessageCatalogue.english.text("errors.field.itemName"),
      maximumLength: TextRules.maximumListNameLength)
  }

  /// A unit or category made valid; empty text means none.
  /// - Parameter field: What it is, for the message: "A unit", "A category".
  /// - Throws: ``ChecklistsError`` with code `invalidInput`.
  public static func validatedDetail(_ raw: String?, field: String) throws -> String? {
    guard let raw, !raw.allSatisfy(\.isWhitespace) else { return nil }
    return try TextRules.validated(raw, field: field, maximumLength: maximumDetailLength)
  }

  /// The form of a name that must be unique in a catalogue: "Milk", "milk" and "MILK" are one.
  public static func uniquenessKey(_ name: String) -> String {
    name.lowercased()
  }

  /// The form of a name (or of a search) that search compares: without case or accents, so
  /// "creme" finds "Crème".
  public static func searchKey(_ text: String) -> String {
    text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }

  /// The catalogue's section the item is listed under: its first letter, upper-cased and
  /// without accents ("É" files under "E"), or "#" for names that start otherwise.
  public var sectionTitle: String {
    guard let first = name.first, first.isLetter else { return "#" }
    return String(first).folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
      .uppercased()
  }

  /// Whether `a` comes before `b` in the catalogue: by name as Finder sorts, then by id.
  public static func sortsBefore(_ a: ShoppingItem, _ b: ShoppingItem) -> Bool {
    switch a.name.localizedStandardCompare(b.name) {
    case .orderedAscending: return true
    case .orderedDescending: return false
    case .orderedSame: return a.id.uuidString < b.id.uuidString
    }
  }
}
