import ChecklistsCore
import ChecklistsMessages
import Foundation

extension RequestBody {
  /// `priority`: one of none, low, medium, high, or nil when absent.
  func priority() throws -> ItemPriority? {
    guard let name = try string("priority") else { return nil }
    guard let priority = ItemPriority(rawValue: name) else {
      throw APIError.unprocessable(
        MessageText("server.api.fieldPriorityMust", ["name": "\(name)"]))
    }
    return priority
  }

  /// `parentID`: an item's id, `.some(nil)` for null, nil when absent.
  func parentID() throws -> UUID?? {
    guard let text = try nullableString("parentID", expected: "an item's id or null") else {
      return nil
    }
    return .some(
      try text.map { text in
        guard let id = UUID.parse(text) else {
          throw APIError.unprocessable(
            MessageText("server.api.fieldParentidMust", ["text": "\(text)"]))
        }
        return id
      })
  }

  /// `repeat`: an RRULE, `.some(nil)` for null, nil when absent.
  /// - Throws: 422 naming the part of the rule outside the subset.
  func recurrence() throws -> RecurrenceRule?? {
    guard let text = try nullableString("repeat", expected: "an RRULE such as FREQ=DAILY, or null")
    else { return nil }
    return .some(
      try text.map { text in
        do {
          return try RecurrenceRule(rrule: text)
        } catch let error as ChecklistsError {
          throw APIError.unprocessable(
            MessageText("server.api.fieldRepeatRepeat", ["errorMessage": "\(error.message)"]))
        }
      })
  }
}
