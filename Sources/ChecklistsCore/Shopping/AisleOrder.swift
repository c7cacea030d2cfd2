import ChecklistsMessages
import Foundation

/// The order of a shop's aisles and of the items inside them: how lines sort in it, and how a
/// trip through the shop teaches it.
///
/// A trip's walk (its lines in the order they went into the cart) gives each category the
/// position of its first line among the trip's categories, and each item its position among
/// the trip's items of its section, both spread over 0…1. A stored rank moves towards what a
/// trip observed as a running average over the last few trips:
/// `rank += (observed − rank) / min(trips, 5)`, so the first trip sets it and one odd trip
/// later moves it only a quarter or a fifth of the way. A trip that saw one category (or one
/// item of a section) says nothing about its order and leaves it as it was.
public struct AisleOrder: Sendable {
  /// How many trips the running average spans.
  public static let rememberedTrips = 5
  /// The weight a dragged section starts with: the next trip still moves it, but not wildly.
  public static let draggedTrips = 2

  private let sectionRanks: [String: Double]
  private let itemRanks: [UUID: Double]

  /// The order of a shop, or with no shop the plain order: categories by name, then names.
  public init(shop: Shop?) {
    var sections: [String: Double] = [:]
    for section in shop?.sections ?? [] {
      sections[ShopSection.key(section.category)] = section.rank
    }
    sectionRanks = sections
    itemRanks = shop?.itemRanks.mapValues(\.rank) ?? [:]
  }

  // MARK: - Sorting

  /// Whether the section of category `a` comes before that of `b`: ranked sections by rank,
  /// then categories the shop has no place for yet by name, and lines without a category last.
  public func sectionPrecedes(_ a: String?, _ b: String?) -> Bool {
    switch (a, b) {
    case (nil, _): return false
    case (.some, nil): return true
    case (let a?, let b?):
      switch (sectionRanks[ShopSection.key(a)], sectionRanks[ShopSection.key(b)]) {
      case (let x?, let y?) where x != y: return x < y
      case (.some, nil): return true
      case (nil, .some): return false
      default:
        let order = a.localizedStandardCompare(b)
        if order != .orderedSame { return order == .orderedAscending }
        return ShopSection.key(a) < ShopSection.key(b)
      }
    }
  }

  /// Whether line `a` comes before `b` within one part of a list (to get, or in the cart): by
  /// section, then by the item's rank in the shop (ranked items first), then by name.
  public func sortsBefore(_ a: ShoppingLine, _ b: ShoppingLine) -> Bool {
    let (x, y) = (a.item.category, b.item.category)
    if x.map(ShopSection.key) != y.map(ShopSection.key) { return sectionPrecedes(x, y) }
    switch (itemRanks[a.item.id], itemRanks[b.item.id]) {
    case (let r?, let s?) where r != s: return r < s
    case (.some, nil): return true
    case (nil, .some): return false
    default: return ShoppingItem.sortsBefore(a.item, b.item)
    }
  }

  // MARK: - Learning

  /// What one trip's walk says about the shop's order.
  public struct Observation: Sendable {
    /// Each category the trip saw, in the order it reached them, with its position in 0…1;
    /// empty when it saw fewer than two.
    public var sections: [(category: String, position: Double)]
    /// Each item's position in 0…1 among the trip's items of its section, for sections of
    /// which it saw two or more.
    public var items: [UUID: Double]
  }

  /// What a walk says: positions of its categories and of the items inside each.
  /// - Parameter walk: A trip's lines in the order they went into the cart.
  /// - Complexity: O(*lines*).
  public static func observe(_ walk: [ShoppingLine]) -> Observation {
    var categories: [String] = []
    var seen: Set<String> = []
    // Sections by key; lines without a category form one section of their own.
    var sectionItems: [String?: [UUID]] = [:]
    for line in walk {
      let key = line.item.category.map(ShopSection.key)
      if let category = line.item.category, let key, seen.insert(key).inserted {
        categories.append(category)
      }
      if sectionItems[key, default: []].contains(line.item.id) { continue }
      sectionItems[key, default: []].append(line.item.id)
    }
    var items: [UUID: Double] = [:]
    for ids in sectionItems.values where ids.count > 1 {
      for (index, id) in ids.enumerated() { items[id] = spread(index, ids.count) }
    }
    let sections =
      categories.count > 1
      ? categories.enumerated().map { ($1, spread($0, categories.count)) } : []
    return Observation(sections: sections, items: items)
  }

  /// The shop after one more trip through it: its sections and item ranks moved towards the
  /// walk's order. Name, revision and dates are the caller's to change.
  /// - Parameters:
  ///   - shop: The shop as it was.
  ///   - walk: The trip's lines in the order they went into the cart.
  public static func learning(_ shop: Shop, from walk: [ShoppingLine]) -> Shop {
    let observation = observe(walk)
    var shop = shop
    var sections = shop.sections
    for (category, position) in observation.sections {
      let key = ShopSection.key(category)
      if let index = sections.firstIndex(where: { ShopSection.key($0.category) == key }) {
        let moved = moved(
          ShopRank(rank: sections[index].rank, trips: sections[index].trips), towards: position)
        sections[index].rank = moved.rank
        sections[index].trips = moved.trips
      } else if sections.count < ShopSection.maximumCount {
        sections.append(ShopSection(category: category, rank: position, trips: 1))
      }
    }
    let before = Dictionary(
      shop.sections.map { (ShopSection.key($0.category), $0.rank) }
    ) { first, _ in first }
    let separated = separatingTies(
      sections.map { (before[ShopSection.key($0.category)], $0.rank) })
    for index in sections.indices { sections[index].rank = separated[index] }
    shop.setSections(sections)
    var groups: [String?: [UUID]] = [:]
    for line in walk where observation.items[line.item.id] != nil {
      groups[line.item.category.map(ShopSection.key), default: []].append(line.item.id)
    }
    for ids in groups.values {
      let old = ids.map { shop.itemRanks[$0] }
      var new = zip(ids, old).map { id, rank in moved(rank, towards: observation.items[id]!) }
      let ranks = separatingTies(zip(old, new).map { ($0?.rank, $1.rank) })
      for index in new.indices { new[index].rank = ranks[index] }
      for (id, rank) in zip(ids, new) { shop.itemRanks[id] = rank }
    }
    return shop
  }

  /// New ranks in which two that a trip made equal keep the order they had (the one that came
  /// later moves up a hair), so a tie never falls back to sorting by name.
  /// - Parameter ranks: Each thing's rank before the trip (nil if it had none) and after.
  static func separatingTies(_ ranks: [(old: Double?, new: Double)]) -> [Double] {
    let order = ranks.indices.sorted { a, b in
      if ranks[a].new != ranks[b].new { return ranks[a].new < ranks[b].new }
      return (ranks[a].old ?? 2) < (ranks[b].old ?? 2)
    }
    var result = ranks.map(\.new)
    for (previous, index) in zip(order, order.dropFirst())
    where result[index] - result[previous] < tieTolerance && ranks[index].old != nil {
      result[index] = min(result[previous] + tieTolerance, 1)
    }
    return result
  }

  /// How close two ranks must be to count as a tie.
  static let tieTolerance = 1e-9

  /// A rank after one more trip observed `position`: the running average over the last
  /// ``rememberedTrips`` trips.
  public static func moved(_ rank: ShopRank?, towards position: Double) -> ShopRank {
    guard let rank else { return ShopRank(rank: position, trips: 1) }
    let trips = rank.trips + 1
    let next = rank.rank + (position - rank.rank) / Double(min(trips, rememberedTrips))
    return ShopRank(rank: min(max(next, 0), 1), trips: trips)
  }

  /// The shop's sections set by hand (dragged into order): exactly these categories, spread
  /// evenly over 0…1 in the order given, each held as firmly as ``draggedTrips`` trips.
  /// Sections not named are dropped; they sort after the ranked ones until a trip places them.
  /// - Parameter categories: The full order, first aisle first.
  /// - Throws: ``ChecklistsError`` with code `invalidInput` for a blank or over-long category,
  ///   one named twice (ignoring case), or more than ``ShopSection/maximumCount``.
  public static func dragged(_ shop: Shop, to categories: [String]) throws -> Shop {
    guard categories.count <= ShopSection.maximumCount else {
      throw ChecklistsError.invalid(
        MessageText(
          "errors.aisle.shopMostSections",
          [
            "maximumCount": "\(ShopSection.maximumCount)",
            "categoriesCount": String(categories.count),
          ]))
    }
    var seen: Set<String> = []
    let names = try categories.map { raw -> String in
      guard
        let name = try ShoppingItem.validatedDetail(
          raw, field: MessageCatalogue.english.text("errors.field.sectionCategory"))
      else { throw ChecklistsError.invalid(MessageText("errors.aisle.blankCategory")) }
      guard seen.insert(ShopSection.key(name)).inserted else {
        throw ChecklistsError.invalid(MessageText("errors.aisle.sectionNamedTwice", ["name": name]))
      }
      return name
    }
    var shop = shop
    shop.setSections(
      names.enumerated().map { index, name in
        ShopSection(
          category: shop.section(for: name)?.category ?? name, rank: spread(index, names.count),
          trips: draggedTrips)
      })
    return shop
  }

  /// Position `index` of `count` spread over 0…1 (a single one is at 0).
  static func spread(_ index: Int, _ count: Int) -> Double {
    count > 1 ? Double(index) / Double(count - 1) : 0
  }
}
