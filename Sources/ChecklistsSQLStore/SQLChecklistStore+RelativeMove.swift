import ChecklistsCore
import ChecklistsStore
import Foundation
import SQLDatabase

extension SQLChecklistStore.Transaction {
  func moveItem(id: UUID, after otherID: UUID?) throws -> Bool {
    guard let listID = try listID(ofItem: id) else { return false }
    switch try place(after: otherID, in: listID, for: id) {
    case .alreadyThere:
      return false
    case .free(let position):
      try db.run("UPDATE items SET position = ? WHERE id = ?", position, id)
      return true
    case .full:
      // No room left between the two neighbours: spread the list out again (rare), then retry.
      try renumber(checklistID: listID)
      guard case .free(let position) = try place(after: otherID, in: listID, for: id) else {
        preconditionFailure("a renumbered list has room between every two items")
      }
      try db.run("UPDATE items SET position = ? WHERE id = ?", position, id)
      return true
    }
  }

  private enum Place {
    /// The item already stands right after the other one (or first).
    case alreadyThere
    /// The position to give it.
    case free(Int64)
    /// The two neighbours have no free position between them.
    case full
  }

  /// Where the item goes to stand right after `otherID`, or first when that is nil.
  ///
  /// Two lookups through the list's position index, whatever the list's length.
  private func place(after otherID: UUID?, in listID: UUID, for id: UUID) throws -> Place {
    let previous = try otherID.map { other in
      try db.queryFirst("SELECT position FROM items WHERE id = ?", other) { $0.int64(0) }!
    }
    // The item that follows the place, the moving one included: if that is the moving item,
    // it already stands there.
    // Two statements, not one with `?2 IS NULL OR`: that form keeps SQLite from seeking the
    // index to `previous` and makes it step over every item above it.
    let next =
      if let previous {
        try db.queryFirst(
          """
          SELECT id, position FROM items WHERE checklist_id = ? AND position > ?
          ORDER BY position LIMIT 1
          """, listID, previous
        ) { (try $0.uuid(0), $0.int64(1)) }
      } else {
        try db.queryFirst(
          "SELECT id, position FROM items WHERE checklist_id = ? ORDER BY position LIMIT 1",
          listID
        ) { (try $0.uuid(0), $0.int64(1)) }
      }
    if let next, next.0 == id { return .alreadyThere }
    switch (previous, next?.1) {
    case (nil, nil): return .alreadyThere
    case (nil, let next?): return .free(next - Self.positionGap)
    case (let previous?, nil): return .free(previous + Self.positionGap)
    case (let previous?, let next?):
      return next - previous >= 2 ? .free(previous + (next - previous) / 2) : .full
    }
  }

  private func listID(ofItem id: UUID) throws -> UUID? {
    try db.queryFirst("SELECT checklist_id FROM items WHERE id = ?", id) { try $0.uuid(0) }
  }
}
