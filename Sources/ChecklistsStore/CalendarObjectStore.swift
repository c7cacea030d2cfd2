import ChecklistsCore
import Foundation

/// What the store keeps for CalDAV beside the lists themselves: the name and UID each object
/// was PUT under with the text last PUT, and each collection's colour, order and dead
/// properties. One store serves checklists and shopping lists, so that a CalDAV write to either
/// is one transaction with its change log entry (see ``CalendarService``).
public protocol CalendarObjectStore: Sendable {
  /// Runs `body` against a consistent snapshot.
  /// - Throws: What `body` throws, or ``ChecklistsCore/ChecklistsError`` with code `storage`.
  func readCalendar<T: Sendable>(_ body: (any CalendarStoreReader) throws -> T) throws -> T

  /// Runs `body` as one transaction: committed when it returns, rolled back when it throws.
  /// - Throws: What `body` throws, or ``ChecklistsCore/ChecklistsError`` with code `storage`.
  func writeCalendar<T: Sendable>(_ body: (any CalendarStoreWriter) throws -> T) throws -> T
}

/// The row the store keeps for an object a CalDAV client PUT (or that an item made elsewhere
/// got when a client first PUT it), or its tombstone once the item is gone.
public struct CalendarObjectRecord: Hashable, Sendable {
  /// The checklist or shopping list it is in.
  public var listID: UUID
  /// The last segment of its URL, as the client chose it ("4F2A….ics").
  public var name: String
  /// Its UID; nil only for a tombstone whose UID a later object took.
  public var uid: String?
  /// The item (or, in a shopping list, the catalogue item of the line); nil never for a live
  /// object. A tombstone keeps the id of the item that was deleted.
  public var itemID: UUID?
  /// The text last PUT, kept so what the client wrote comes back; nil if none.
  public var ical: String?
  /// For a tombstone written by a CalDAV DELETE: the change log sequence of the deletion.
  public var deletedSequence: Int64?
  /// The UID the object's text names as its parent, resolved or not (nil for none).
  public var parentUID: String?

  /// Creates a record.
  public init(
    listID: UUID, name: String, uid: String?, itemID: UUID?, ical: String?,
    deletedSequence: Int64? = nil, parentUID: String? = nil
  ) {
    self.parentUID = parentUID
    self.listID = listID
    self.name = name
    self.uid = uid
    self.itemID = itemID
    self.ical = ical
    self.deletedSequence = deletedSequence
  }
}

/// A collection's CalDAV properties that the lists themselves do not have.
public struct CalendarCollectionProperties: Hashable, Sendable {
  /// `calendar-color`, as the client wrote it ("#FF2968FF"); nil for none.
  public var color: String?
  /// `calendar-order`; nil for none.
  public var order: Int?
  /// Properties the server does not model, kept verbatim: the property's name in Clark
  /// notation (`{namespace}name`) to its XML text.
  public var deadProperties: [String: String]
  /// The URL segment a client made the list at when it was not the list's id (`work` for
  /// `MKCALENDAR /dav/calendars/u/work/`), in its owner's home; nil for the id. Set only by
  /// ``CalendarService/createCollection(id:pathName:name:color:order:dead:)``.
  public var pathName: String?

  /// Creates properties.
  public init(
    color: String? = nil, order: Int? = nil, deadProperties: [String: String] = [:],
    pathName: String? = nil
  ) {
    self.color = color
    self.order = order
    self.deadProperties = deadProperties
    self.pathName = pathName
  }
}

/// The reading primitives CalDAV uses, valid only inside ``CalendarObjectStore/readCalendar(_:)``.
public protocol CalendarStoreReader: ChecklistStoreReader, ShoppingStoreReader {
  /// The row of the object with this name in a list, live or tombstone.
  /// - Complexity: O(log *n*) through the primary key (list, name).
  func calendarObject(listID: UUID, name: String) throws -> CalendarObjectRecord?

  /// The row of the object with this UID in a list, live or tombstone.
  /// - Complexity: O(log *n*) through the unique index (list, uid).
  func calendarObject(listID: UUID, uid: String) throws -> CalendarObjectRecord?

  /// The row of an item's object in a list, live or tombstone.
  /// - Complexity: O(log *n*) through the index (list, item).
  func calendarObject(listID: UUID, itemID: UUID) throws -> CalendarObjectRecord?

  /// Every row of a list, live and tombstones, in one query.
  func calendarObjects(listID: UUID) throws -> [CalendarObjectRecord]
  /// The objects of a list whose text names `parentUID` as their parent.
  func calendarObjects(listID: UUID, waitingFor parentUID: String) throws -> [CalendarObjectRecord]

  /// A collection's CalDAV properties; nil when none were ever set.
  func calendarCollectionProperties(listID: UUID) throws -> CalendarCollectionProperties?

  /// The list a client made at `pathName` in `ownerID`'s home, while it lives; nil for none.
  func calendarCollectionID(ownerID: UUID, pathName: String) throws -> UUID?

  /// The sequence of the latest change logged on a collection, or 0.
  /// - Complexity: O(log *n*) through the index of changes by collection.
  func lastChangeSequence(collectionID: UUID) throws -> Int64

  /// The changes logged on a collection after `sequence`, oldest first, at most `limit`.
  /// - Complexity: O(log *n* + *k*) through the index of changes by collection.
  func changes(collectionID: UUID, after sequence: Int64, limit: Int) throws -> [Change]

  /// The change log's bounds: changes up to `prunedThrough` are gone; `last` is the latest.
  func changeLogBoundsNow() throws -> (prunedThrough: Int64, last: Int64)
}

/// The writing primitives CalDAV uses, valid only inside
/// ``CalendarObjectStore/writeCalendar(_:)``.
public protocol CalendarStoreWriter: CalendarStoreReader, ChecklistStoreWriter,
  ShoppingStoreWriter
{
  /// Stores an object's row, replacing the row of the same list and name.
  func saveCalendarObject(_ record: CalendarObjectRecord) throws

  /// Removes an object's row (a tombstone is kept by saving it with no UID reuse instead).
  func deleteCalendarObject(listID: UUID, name: String) throws

  /// Stores a collection's CalDAV properties.
  func saveCalendarCollectionProperties(_ properties: CalendarCollectionProperties, listID: UUID)
    throws

  /// Records the name a client made a list at in its owner's home (the list's properties row
  /// must exist). ``saveCalendarCollectionProperties(_:listID:)`` leaves it as it is.
  func saveCalendarCollectionPath(listID: UUID, ownerID: UUID, pathName: String) throws
}
