import ChecklistsCore
import ChecklistsStore
import Foundation

/// Who hears of a change on `/api/v1/events`, and as what: the one rule the live stream and
/// the replay after `Last-Event-ID` both follow, so that each event reaches exactly the users
/// who may read what it names.
///
/// - A checklist or shopping-list change goes to the list's owner and to those it is shared
///   with.
/// - A sharing change goes to the user whose log it is in: the owner, or the one the list is
///   (or was) shared with; other members of the list may not read who else it is shared with.
/// - A catalogue change goes to the catalogue's owner. Those a shopping list is shared with
///   see its lines, which show the owner's catalogue items, so a changed item reaches them
///   re-addressed to each shared list that holds it (`entryUpdated` of that list, with the
///   item's id), and a whole-catalogue change (an import) as `shoppingListUpdated` of each
///   shared list; a changed shop (its order shows on the lists) the same way. They never get the owner's catalogue feed or the owner's id. A new item
///   reaches a list with its own `entryAdded`, a deleted one leaves with `entryDeleted`.
struct EventAudience {
  /// Whose stream it is.
  let userID: UUID
  /// The ids of the lists shared with the user, checklists and shopping lists.
  var sharedLists: Set<UUID>

  /// Whether a catalogue change can show on someone else's shopping lists: it needs the lists
  /// that show it (``events(for:showingOn:)``).
  static func showsOnLists(_ change: Change) -> Bool {
    change.kind == .catalogueItemUpdated || change.kind == .catalogueUpdated
      || change.kind == .shopUpdated
  }

  /// The events a change makes on this user's stream: none, the change itself, or one per
  /// list shared with the user that shows it.
  ///
  /// - Parameters:
  ///   - change: The change, from the log.
  ///   - lists: For a change that ``showsOnLists(_:)``, the shared shopping lists that hold
  ///     its item (for a whole-catalogue change, all of the owner's shared shopping lists).
  func events(for change: Change, showingOn lists: [SharedShoppingList])
    -> [Change]
  {
    if change.ownerID == userID { return [change] }
    switch change.scope {
    case .sharing:
      return []
    case .checklist, .shoppingList:
      return sharedLists.contains(change.collectionID) ? [change] : []
    case .catalogue:
      guard Self.showsOnLists(change) else { return [] }
      return lists.filter { sharedLists.contains($0.id) }.map { list in
        Change(
          sequence: change.sequence, ownerID: change.ownerID, collectionID: list.id,
          itemID: change.itemID,
          kind: change.itemID == nil ? .shoppingListUpdated : .entryUpdated,
          revision: list.revision, date: change.date)
      }
    }
  }
}
