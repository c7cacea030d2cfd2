import ChecklistsMessages
import Foundation

/// How important an item is, as Reminders shows it: none, or one to three exclamation marks.
public enum ItemPriority: String, CaseIterable, Sendable, Codable {
  case none, low, medium, high

  /// The stored number: 0 for none to 3 for high.
  public var level: Int {
    switch self {
    case .none: 0
    case .low: 1
    case .medium: 2
    case .high: 3
    }
  }

  /// The priority stored as `level`, or nil for a number outside 0…3.
  public init?(level: Int) {
    guard let priority = Self.allCases.first(where: { $0.level == level }) else { return nil }
    self = priority
  }

  /// The priority named `name` ("none", "low", "medium", "high", ignoring case).
  /// - Throws: ``ChecklistsError`` with code `invalidInput` naming the four.
  public static func named(_ name: String) throws -> ItemPriority {
    guard let priority = ItemPriority(rawValue: name.lowercased()) else {
      throw ChecklistsError.invalid(
        MessageText("errors.item.unknownPriorityUse", ["name": name]))
    }
    return priority
  }

  /// The marks Reminders shows before the text: "", "!", "!!" or "!!!".
  public var marks: String { String(repeating: "!", count: level) }
}
