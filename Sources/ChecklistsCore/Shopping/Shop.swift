import ChecklistsMessages
import Foundation

/// A shop the user buys in ("Aldi", "Farmers' market"), with the order of its aisles and of the
/// items inside them, which trips through it teach (see ``AisleOrder``).
///
/// Shops belong to the owner of a catalogue: a list shared with someone is shopped in its
/// owner's shops.
public struct Shop: Identifiable, Hashable, Sendable, Codable {
  /// The stable identity of the shop.
  public var id: UUID
  /// The user whose shop it is.
  public var ownerID: UUID
  /// The shop's name, unique ignoring case among the user's shops.
  public var name: String
  /// Increases with every change to the shop or its order.
  public var revision: Int64
  /// When the shop was created.
  public var createdAt: Date
  /// When the shop or its order last changed.
  public var updatedAt: Date
  /// The sections it has a place for, in the shop's order (by rank, then by name).
  public private(set) var sections: [ShopSection]
  /// Where items come inside their sections, by catalogue item.
  public var itemRanks: [UUID: ShopRank]

  /// Creates a shop value.
  public init(
    id: UUID = UUID(), ownerID: UUID, name: String, revision: Int64 = 1, createdAt: Date,
    updatedAt: Date? = nil, sections: [ShopSection] = [], itemRanks: [UUID: ShopRank] = [:]
  ) {
    self.id = id
    self.ownerID = ownerID
    self.name = name
    self.revision = revision
    self.createdAt = createdAt
    self.updatedAt = updatedAt ?? createdAt
    self.sections = Self.ordered(sections)
    self.itemRanks = itemRanks
  }

  /// Replaces the sections, putting them in the shop's order.
  public mutating func setSections(_ sections: [ShopSection]) {
    self.sections = Self.ordered(sections)
  }

  /// The section for a category, matched ignoring case.
  public func section(for category: String) -> ShopSection? {
    let key = ShopSection.key(category)
    return sections.first { ShopSection.key($0.category) == key }
  }

  /// A shop name made valid: trimmed, not empty, at most 200 characters, one line.
  /// - Throws: ``ChecklistsError`` with code `invalidInput`.
  public static func validatedName(_ raw: String) throws -> String {
    try TextRules.validated(
      raw, field: MessageCatalogue.english.text("errors.field.shopName"),
      maximumLength: TextRules.maximumListNameLength)
  }

  /// The form of a name that must be unique among a user's shops: "aldi" and "ALDI" are one.
  public static func uniquenessKey(_ name: String) -> String {
    name.lowercased()
  }

  /// Whether `a` comes before `b` among the user's shops: by name as Finder sorts, then by id.
  public static func sortsBefore(_ a: Shop, _ b: Shop) -> Bool {
    switch a.name.localizedStandardCompare(b.name) {
    case .orderedAscending: return true
    case .orderedDescending: return false
    case .orderedSame: return a.id.uuidString < b.id.uuidString
    }
  }

  private static func ordered(_ sections: [ShopSection]) -> [ShopSection] {
    sections.sorted { a, b in
      if a.rank != b.rank { return a.rank < b.rank }
      return a.category.localizedStandardCompare(b.category) == .orderedAscending
    }
  }
}
