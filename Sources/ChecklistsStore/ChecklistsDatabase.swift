import ChecklistsCore
import ChecklistsSecurity
import Foundation

/// A whole Checklists database: every store the services use, and what a server reads for
/// every user at once. The server and the CLI take the database through this protocol, so
/// neither knows which SQL engine keeps it.
public protocol ChecklistsDatabase: ChecklistStore, AccountStore, ShoppingStore, SharingStore,
  SignInFailureLedger, SmartListStore, TemplateStore, PushSubscriptionStore, InviteStore,
  CalendarObjectStore, AnyObject
{
  /// Where the database is, for messages: a file's path, or a server's address.
  var path: String { get }

  /// Closes the database cleanly; reads and writes after this throw.
  func close()

  /// Every change after `sequence`, whoever's, oldest first, at most `limit` of them.
  func allChanges(after sequence: Int64, limit: Int) throws -> [Change]

  /// The sequence of the latest change in the database, or 0.
  func lastChangeSequence() throws -> Int64

  /// Everyone's unchecked items with Remind Me whose due date is in `start..<end`, with their
  /// lists, soonest first.
  func reminders(dueFrom start: Date, before end: Date) throws -> [(Checklist, ChecklistItem)]

  /// Whether any user has a password: then the server asks everyone to sign in.
  func hasAccounts() throws -> Bool

  /// The ids of the collections whose changes a user sees besides their own: the lists shared
  /// with them, and the catalogues of those who share a shopping list with them.
  func sharedCollectionIDs(userID: UUID) throws -> Set<UUID>

  /// The ids of the checklists and shopping lists shared with a user (not their owners').
  func sharedListIDs(userID: UUID) throws -> Set<UUID>

  /// The shopping lists shared with anyone that hold a catalogue item now: where a change of
  /// the item shows to those it is shared with.
  /// - Complexity: O(log *n* + *k*) through an index of entries by item.
  func sharedShoppingLists(holding itemID: UUID) throws -> [SharedShoppingList]

  /// A user's shopping lists shared with anyone.
  func sharedShoppingLists(ownerID: UUID) throws -> [SharedShoppingList]

  // MARK: The change log as the delta feed reads it (docs/SYNC.md)

  /// The change log's bounds now: the oldest sequence a cursor may name (every change after
  /// it is kept) and the latest sequence.
  func changeLogBounds() throws -> (prunedThrough: Int64, last: Int64)

  /// The log's epoch: random, made with the database; cursors carry it so that one from
  /// another database is refused instead of skipping changes.
  func changeLogEpoch() throws -> String

  /// Sets how many of the latest changes the log keeps; older ones are pruned a few per write.
  func setChangeLogRetention(_ entries: Int64) throws

  /// The changes a user may see after `sequence`, oldest first, at most `limit`, read in one
  /// transaction with the bounds they lie in.
  func changeFeedPage(userID: UUID, after sequence: Int64, limit: Int) throws -> (
    changes: [Change], prunedThrough: Int64, last: Int64
  )

  // MARK: Several processes on one database

  /// Calls `onChange` soon after any process (another server instance, the CLI) commits a
  /// change to the log, when the engine can say so (PostgreSQL's `LISTEN`); `nil` when it
  /// cannot (SQLite), and the caller polls ``lastChangeSequence()``. The calls come on a thread
  /// of the store's; a burst of commits may come as one call.
  func observeCommittedChanges(_ onChange: @escaping @Sendable () -> Void) -> (
    any DatabaseObservation
  )?

  /// Claims the firing of an item's reminder for its due date, for this process alone: true
  /// when this call made the claim, false when some process (another server instance on the
  /// same database) made it before. A server fires only the reminders it claimed, so each
  /// fires once however many instances watch. Claims of long-past due dates are pruned.
  /// - Throws: ``ChecklistsCore/ChecklistsError`` with code `storage`.
  func claimReminder(itemID: UUID, dueDate: Date) throws -> Bool

  /// The id of the item just before an item in its list, `.some(nil)` when it is first, or
  /// `nil` when the item does not exist.
  func itemBefore(itemID: UUID) throws -> UUID??
}

/// A shopping list shared with at least one user, and its revision.
public struct SharedShoppingList: Hashable, Sendable {
  /// The list.
  public var id: UUID
  /// Its revision now.
  public var revision: Int64

  /// Creates the value.
  public init(id: UUID, revision: Int64) {
    self.id = id
    self.revision = revision
  }
}
