import ChecklistsCore
import Foundation
import SQLDatabase

// Search across every list and the catalogue (issue 14): the words of each item's text and
// notes, folded, kept in a table whose index a prefix search reads.
//
// GROUNDWORK: the hooks below are called wherever an item is written, so the index stays true
// whoever writes; their bodies are Q's (the search engineer) to fill.

extension SQLChecklistStore {
  /// Records the search words of a checklist item (its text and notes), replacing its old ones.
  static func indexItemWords(_ db: any SQLConnection, id: UUID, text: String, notes: String)
    throws
  {}
}
