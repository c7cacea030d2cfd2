import ChecklistsCore
import ChecklistsMessages
import Foundation

/// The Shopping List iPhone app's `items` file (a keyed archive).
///
/// The app saves `Documents/items` with `NSKeyedArchiver`: the archive key `root` holds an array
/// of `Shopping_List.Item` objects with the keys `uuid` (text), `name` (text), `price` (a 32-bit
/// float) and `inShoppingList` (true or false).
public enum ShoppingListItemsFile {
  /// One item as the app stored it.
  public struct Item: Hashable, Sendable {
    /// The app's `uuid`, or `nil` when it is missing or not a valid UUID.
    public var id: UUID?
    /// The item's name, neither trimmed nor validated.
    public var name: String
    /// The app's `Float` price widened to `Double` as stored, such as 2.5299999713897705.
    public var price: Double
    /// Whether the item is on the shopping list.
    public var isOnShoppingList: Bool

    /// Creates an item.
    public init(id: UUID?, name: String, price: Double, isOnShoppingList: Bool) {
      self.id = id
      self.name = name
      self.price = price
      self.isOnShoppingList = isOnShoppingList
    }
  }

  /// Reads the app's `items` file.
  ///
  /// Items keep the file's order. Names and prices are not validated beyond their types: a price
  /// may be negative, and the caller decides what to do with it. A missing `uuid`, `price` or
  /// `inShoppingList` takes the value `NSCoder` gives a missing key (no id, 0, false).
  ///
  /// - Parameter data: The file's contents.
  /// - Returns: The items, in the file's order.
  /// - Throws: ``ChecklistsError`` with code `unreadableFile` and a message that says what is
  ///   wrong and where: an empty, truncated or foreign file, a keyed archive whose root is not an
  ///   array of items, an item without a name, a value of the wrong type or a price that is not a
  ///   finite number.
  /// - Complexity: O(*n*) in the size of the file.
  public static func decode(_ data: Data) throws -> [Item] {
    let root = try AppPropertyList.parse(data) {
      notItems("it is \($0), not a keyed archive.")
    }
    guard let archive = KeyedArchive(propertyList: root) else {
      throw notItems(
        "it is a property list but not a keyed archive (NSKeyedArchiver)\(hint(root)).")
    }
    guard let top = archive.top["root"] else {
      throw notItems("it is a keyed archive (NSKeyedArchiver) without a 'root' entry.")
    }
    guard let items = try archive.array(top) else {
      throw notItems(
        "the 'root' entry of the keyed archive is \(try archive.describe(top)), "
          + "expected an array of items.")
    }
    return try items.enumerated().map { index, value in
      try item(value, number: index + 1, archive: archive)
    }
  }

  // MARK: - Items

  private static func item(_ value: Any, number: Int, archive: KeyedArchive) throws -> Item {
    // An item is an object of the app's own class, not a Foundation container or string.
    guard let fields = try archive.dictionary(value),
      let className = try archive.className(value), !className.hasPrefix("NS")
    else {
      throw failure("Item \(number)", "is \(try archive.describe(value)), not an archived item.")
    }
    var place = "Item \(number)"
    let name = try archive.resolve(fields["name"])
    guard let name else { throw failure(place, "'name' is missing.") }
    guard let text = try archive.string(name) else {
      throw failure(place, "'name' must be text, not \(try archive.describe(name)).")
    }
    place += " ('\(text)')"
    return Item(
      id: try uuid(fields["uuid"], place: place, archive: archive), name: text,
      price: try price(fields["price"], place: place, archive: archive),
      isOnShoppingList: try flag(fields["inShoppingList"], place: place, archive: archive))
  }

  private static func uuid(_ value: Any?, place: String, archive: KeyedArchive) throws -> UUID? {
    guard let object = try archive.resolve(value) else { return nil }
    guard let text = try archive.string(object) else {
      throw failure(place, "'uuid' must be text, not \(try archive.describe(object)).")
    }
    return UUID(uuidString: text)
  }

  private static func price(_ value: Any?, place: String, archive: KeyedArchive) throws -> Double {
    guard let object = try archive.resolve(value) else { return 0 }
    guard let number = object as? NSNumber, DecodingFailure.describe(object) == "a number" else {
      throw failure(place, "'price' must be a number, not \(try archive.describe(object)).")
    }
    let price = number.doubleValue
    guard price.isFinite else {
      let problem = price.isNaN ? "NaN (not a number)" : "infinite"
      throw failure(place, "'price' is \(problem); it must be a finite number.")
    }
    return price
  }

  private static func flag(_ value: Any?, place: String, archive: KeyedArchive) throws -> Bool {
    guard let object = try archive.resolve(value) else { return false }
    // NSCoder's decodeBool also reads a number, so accept 0 and 1 as well as true and false.
    guard let number = object as? NSNumber, !(object is String) else {
      throw failure(
        place, "'inShoppingList' must be true or false, not \(try archive.describe(object)).")
    }
    return number.boolValue
  }

  // MARK: - The file

  /// A note naming the file a property list that is not a keyed archive most likely is.
  private static func hint(_ root: Any) -> String {
    let first = (root as? [Any])?.first.flatMap { KeyedArchive.dictionary($0) }
    guard let first, first["iconName"] != nil || first["items"] != nil else { return "" }
    return "; it looks like the Checklists app's Checklists.plist"
  }

  /// An error for a file that is readable but not the Shopping List app's items.
  private static func notItems(_ reason: String) -> ChecklistsError {
    ChecklistsError(
      .unreadableFile, MessageText("errors.shoppingFile.itemsFileShopping", ["reason": reason]))
  }

  private static func failure(_ place: String, _ problem: String) -> ChecklistsError {
    let separator = problem.hasPrefix("'") ? ": " : " "
    return ChecklistsError(.unreadableFile, place + separator + problem)
  }
}
