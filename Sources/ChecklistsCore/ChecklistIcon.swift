/// One of the ten icons a checklist can show, in the order the Choose Icon screen lists them.
///
/// The raw value is the name the iPhone app stores in `Checklists.plist` (`iconName`).
public enum ChecklistIcon: String, CaseIterable, Codable, Sendable, Hashable {
  case noIcon = "No Icon"
  case appointments = "Appointments"
  case birthdays = "Birthdays"
  case chores = "Chores"
  case drinks = "Drinks"
  case folder = "Folder"
  case groceries = "Groceries"
  case inbox = "Inbox"
  case photos = "Photos"
  case trips = "Trips"

  /// The icon a list gets when a person creates it without choosing one (the app's Add Checklist).
  public static let userDefault: ChecklistIcon = .folder

  /// The icon a list gets when the model creates it, such as the first-launch `List`.
  public static let modelDefault: ChecklistIcon = .noIcon

  /// Finds an icon by its name, ignoring case, spaces, dashes and underscores (`"no-icon"`,
  /// `"No Icon"`).
  ///
  /// - Parameter name: What a person or a file calls the icon.
  /// - Returns: The icon, or `nil` when no icon has that name: also for a name holding any
  ///   other character, so that `"No Icon\u{0}"` is not taken for `"No Icon"`.
  public init?(named name: String) {
    guard name.allSatisfy({ $0.isLetter || $0.isNumber || " -_".contains($0) }) else {
      return nil
    }
    let key = Self.normalized(name)
    guard let icon = Self.allCases.first(where: { Self.normalized($0.rawValue) == key }) else {
      return nil
    }
    self = icon
  }

  private static func normalized(_ name: String) -> String {
    String(name.lowercased().filter { $0.isLetter || $0.isNumber })
  }
}
