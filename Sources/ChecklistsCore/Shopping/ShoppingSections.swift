import Foundation

/// A part of a shopping list grouped under section headings, one per category (aisle), in the
/// shop's order, with lines that have no category last under "Other".
public struct ShoppingSections: Hashable, Sendable {
  /// One heading and the lines under it.
  public struct Section: Hashable, Sendable {
    /// The category, or nil for the lines without one.
    public var category: String?
    /// What the heading says: the category, or ``ShoppingSections/otherHeading``.
    public var heading: String
    /// The section's lines, in order.
    public var lines: [ShoppingLine]
  }

  /// The heading of the lines without a category.
  public static let otherHeading = "Other"

  /// The sections, in order.
  public var sections: [Section]

  /// Groups lines under headings.
  /// - Parameters:
  ///   - lines: One part of a list (to get, or in the cart), in any order.
  ///   - shop: The shop whose order the sections and lines follow; nil sorts categories by name.
  /// - Complexity: O(*n* log *n*).
  public init(_ lines: [ShoppingLine], shop: Shop?) {
    let order = AisleOrder(shop: shop)
    var sections: [Section] = []
    for line in lines.sorted(by: order.sortsBefore) {
      let key = line.item.category.map(ShopSection.key)
      if let last = sections.last, last.category.map(ShopSection.key) == key {
        sections[sections.count - 1].lines.append(line)
      } else {
        let category = line.item.category.map { shop?.section(for: $0)?.category ?? $0 }
        sections.append(
          Section(category: category, heading: category ?? Self.otherHeading, lines: [line]))
      }
    }
    self.sections = sections
  }
}
