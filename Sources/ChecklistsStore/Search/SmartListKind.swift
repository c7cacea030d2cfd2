import ChecklistsCore
import ChecklistsMessages
import Foundation

/// The five smart lists: unchecked items gathered from every list a user owns or is shared.
public enum SmartListKind: String, CaseIterable, Sendable, Codable {
  /// Due before the end of today, overdue ones included; by due date.
  case today
  /// With a due date; by due date.
  case scheduled
  /// Due before now; by due date.
  case overdue
  /// Flagged; by list, then in each list's order.
  case flagged
  /// Every unchecked item; by list, then in each list's order.
  case all

  /// The name the apps show.
  public var name: String {
    switch self {
    case .today: "Today"
    case .scheduled: "Scheduled"
    case .overdue: "Overdue"
    case .flagged: "Flagged"
    case .all: "All"
    }
  }

  /// Whether the list is sorted by due date (else by list, then position).
  public var isByDueDate: Bool { self == .today || self == .scheduled || self == .overdue }

  /// The smart list named `name` (its kind, any case).
  /// - Throws: ``ChecklistsCore/ChecklistsError`` `notFound` naming the five.
  public static func named(_ name: String) throws -> SmartListKind {
    guard let kind = SmartListKind(rawValue: name.lowercased()) else {
      throw ChecklistsError(
        .notFound,
        MessageText(
          "errors.search.noSmartList",
          ["name": name, "kinds": allCases.map(\.rawValue).joined(separator: ", ")]))
    }
    return kind
  }
}
