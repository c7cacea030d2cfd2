import ArgumentParsing
import ChecklistsCore

/// What `add` and `edit` share for an item's priority and repeat rule, and how they are read.
enum ItemOptions {
  /// `--priority none|low|medium|high`, read as an `ItemPriority`.
  static let priorityOption = Option(
    "priority", valueName: "none|low|medium|high", help: "How important it is.",
    transform: priority)

  /// `--priority none|low|medium|high`.
  static func priority(_ text: String) throws -> ItemPriority {
    do {
      return try ItemPriority.named(text)
    } catch let error as ChecklistsError {
      throw UsageError(
        words.text("cli.usage.optionProblem", ["option": "--priority", "problem": error.message]))
    }
  }

  /// `--repeat`: a phrase ("every week on mon,thu") or an RRULE; "never" (or "none") is nil.
  static func recurrence(_ text: String) throws -> RecurrenceRule? {
    if ["never", "none", "no"].contains(text.lowercased()) { return nil }
    do {
      return try RecurrenceRule(phrase: text)
    } catch let error as ChecklistsError {
      throw UsageError(
        words.text("cli.usage.optionProblem", ["option": "--repeat", "problem": error.message]))
    }
  }
}
