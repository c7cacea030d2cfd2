import ChecklistsCore
import Foundation

/// A list as an item shown away from it names it: smart lists and search results.
public struct ChecklistReferenceJSON: Codable, Sendable, Equatable {
  public var id: UUID
  public var name: String
  public var icon: String

  /// The reference to a list.
  public init(_ list: Checklist) {
    id = list.id
    name = list.name
    icon = list.icon.rawValue
  }
}

/// An item of a smart list: the item's JSON, with `checklist` the list it is on.
public struct SmartListItemJSON: Encodable, Sendable, Equatable {
  public var item: ChecklistItemJSON
  public var checklist: ChecklistReferenceJSON

  /// The JSON of an item of a smart list, on `list`.
  public init(_ item: ChecklistItem, on list: Checklist, now: Date) {
    self.item = ChecklistItemJSON(item, now: now)
    checklist = ChecklistReferenceJSON(list)
  }

  private enum CodingKeys: String, CodingKey { case checklist }

  /// The item's keys, and `checklist` as an object.
  public func encode(to encoder: any Encoder) throws {
    var item = item
    item.checklist = nil
    try item.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(checklist, forKey: .checklist)
  }
}

/// `GET /api/v1/smart-lists`: each smart list with its count.
public struct SmartListCountsJSON: Encodable, Sendable {
  public struct Entry: Encodable, Sendable, Equatable {
    public var kind: String
    public var name: String
    public var count: Int
  }
  public var smartLists: [Entry]

  /// The counts, in the order given.
  public init(_ counts: [(kind: String, name: String, count: Int)]) {
    smartLists = counts.map { Entry(kind: $0.kind, name: $0.name, count: $0.count) }
  }
}

/// `GET /api/v1/smart-lists/{kind}`: one smart list's items.
public struct SmartListItemsJSON: Encodable, Sendable {
  public var kind: String
  public var name: String
  public var items: [SmartListItemJSON]

  /// The smart list `kind` (its name `name`) with its items.
  public init(kind: String, name: String, items: [SmartListItemJSON]) {
    self.kind = kind
    self.name = name
    self.items = items
  }
}

/// `GET /api/v1/search`: the query and what it found, grouped by list, the catalogue last.
public struct SearchResultJSON: Encodable, Sendable {
  /// A list's matching items, or the catalogue's.
  public enum Group: Encodable, Sendable {
    case checklist(ChecklistReferenceJSON, [ChecklistItemJSON])
    case catalogue([ShoppingItemJSON])

    private enum CodingKeys: String, CodingKey { case kind, checklist, items }

    /// `{"kind": "checklist", "checklist", "items"}` or `{"kind": "catalogue", "items"}`.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      switch self {
      case .checklist(let list, let items):
        try container.encode("checklist", forKey: .kind)
        try container.encode(list, forKey: .checklist)
        try container.encode(items, forKey: .items)
      case .catalogue(let items):
        try container.encode("catalogue", forKey: .kind)
        try container.encode(items, forKey: .items)
      }
    }
  }

  public var query: String
  public var groups: [Group]

  /// The result of searching for `query`.
  public init(query: String, groups: [Group]) {
    self.query = query
    self.groups = groups
  }
}
