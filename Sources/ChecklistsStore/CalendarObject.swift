import ChecklistsCore
import Foundation

/// A checklist or shopping list as a CalDAV calendar collection, as one user sees it.
public struct CalendarCollection: Hashable, Sendable {
  /// Which kind of list the collection is.
  public enum Kind: String, Hashable, Sendable {
    /// A checklist: its objects are its items.
    case checklist
    /// A shopping list: its objects are its lines.
    case shoppingList
  }

  /// The list's id: the collection's URL segment, lowercase.
  public var id: UUID
  /// A checklist or a shopping list.
  public var kind: Kind
  /// The list's name: `displayname`.
  public var name: String
  /// What the user may do: `own` for their own lists, else their role's access.
  public var access: Access
  /// For a list shared with the user: who shared it and at which role.
  public var sharedFrom: SharedFrom?
  /// Colour, order and dead properties.
  public var properties: CalendarCollectionProperties
  /// The sequence of the collection's latest change: its `sync-token` and `getctag`.
  public var syncToken: Int64
  /// The list's revision.
  public var revision: Int64

  /// The collection's strong ETag's value, without quotes: its sync token's sequence, which
  /// every change of its objects (and of the list) moves. A DELETE's `If-Match` is checked
  /// against it.
  public var etag: String { String(syncToken) }

  /// Creates a collection value.
  public init(
    id: UUID, kind: Kind, name: String, access: Access, sharedFrom: SharedFrom?,
    properties: CalendarCollectionProperties, syncToken: Int64, revision: Int64
  ) {
    self.id = id
    self.kind = kind
    self.name = name
    self.access = access
    self.sharedFrom = sharedFrom
    self.properties = properties
    self.syncToken = syncToken
    self.revision = revision
  }
}

/// What an object holds: a checklist item, or a shopping list's line.
public enum CalendarObjectContent: Hashable, Sendable {
  /// An item of a checklist.
  case item(ChecklistItem)
  /// A line of a shopping list: the entry with its catalogue item.
  case line(ShoppingLine)
}

/// One calendar object (a VTODO resource) of a collection.
public struct CalendarObjectEntry: Hashable, Sendable {
  /// The last segment of its URL: the name it was PUT under, or `{itemID}.ics` (lowercase)
  /// for items made in the web app or the CLI.
  public var name: String
  /// Its UID: the one PUT, or the item's id in lowercase.
  public var uid: String
  /// The item's (or entry's) revision.
  public var revision: Int64
  /// The strong ETag's value, without quotes: the revision for an item; for a line, the
  /// entry's and the catalogue item's revisions ("12-3"), since renaming the catalogue item
  /// changes the line.
  public var etag: String
  /// The item or line.
  public var content: CalendarObjectContent
  /// The text last PUT; nil for objects never PUT.
  public var ical: String?
  /// The UID of the item's parent, for a subtask.
  public var parentUID: String?

  /// Creates an entry.
  public init(
    name: String, uid: String, revision: Int64, etag: String, content: CalendarObjectContent,
    ical: String?, parentUID: String?
  ) {
    self.name = name
    self.uid = uid
    self.revision = revision
    self.etag = etag
    self.content = content
    self.ical = ical
    self.parentUID = parentUID
  }

  /// The checklist item, for an object of a checklist.
  public var item: ChecklistItem? {
    if case .item(let item) = content { return item }
    return nil
  }

  /// The shopping line, for an object of a shopping list.
  public var line: ShoppingLine? {
    if case .line(let line) = content { return line }
    return nil
  }

  /// The id of the item, or of the line's catalogue item: what names the object in the list
  /// whatever name it was PUT under.
  public var itemID: UUID {
    switch content {
    case .item(let item): item.id
    case .line(let line): line.item.id
    }
  }
}

/// A VTODO as the store takes it: the fields a server read from a PUT body (with
/// `TodoMapping.read`), as plain values.
public struct CalendarTodo: Hashable, Sendable {
  /// UID.
  public var uid: String
  /// SUMMARY: the item's text.
  public var text: String
  /// Whether it is completed.
  public var isChecked: Bool
  /// DUE: a day (`VALUE=DATE`) or a moment with its `TZID`.
  public var due: DueDate?
  /// Whether it has a VALARM (Remind Me); without a due date it is dropped.
  public var shouldRemind: Bool
  /// DESCRIPTION.
  public var notes: String
  /// RRULE, when the model can hold it.
  public var recurrence: RecurrenceRule?
  /// RELATED-TO;RELTYPE=PARENT: the UID of the parent item in the same collection.
  public var parentUID: String?
  /// PRIORITY.
  public var priority: ItemPriority
  /// X-APPLE-SORT-ORDER; kept in the stored text, not (yet) the list's order.
  public var sortOrder: Int64?

  /// Creates the fields.
  public init(
    uid: String, text: String, isChecked: Bool = false, dueDate: Date? = nil,
    shouldRemind: Bool = false,
    notes: String = "", recurrence: RecurrenceRule? = nil, parentUID: String? = nil,
    priority: ItemPriority = .none, sortOrder: Int64? = nil, due: DueDate? = nil
  ) {
    self.uid = uid
    self.text = text
    self.isChecked = isChecked
    self.due = due ?? dueDate.map { .moment($0, timeZone: nil) }
    self.shouldRemind = shouldRemind
    self.notes = notes
    self.recurrence = recurrence
    self.parentUID = parentUID
    self.priority = priority
    self.sortOrder = sortOrder
  }
}

extension CalendarTodo {
  /// DUE as an instant (a day's start in UTC); setting it sets a moment in UTC.
  public var dueDate: Date? {
    get { due?.instant }
    set { due = newValue.map { .moment($0, timeZone: nil) } }
  }
}

/// A shopping line as the store takes it from a PUT body.
public struct CalendarShoppingLine: Hashable, Sendable {
  /// UID.
  public var uid: String
  /// The catalogue item's name: an existing item of that name (ignoring case) or a new one.
  public var name: String
  /// How many: 1 to 999.
  public var quantity: Int
  /// How the item is sold ("500 g"); nil leaves the catalogue item's unit as it is.
  public var unit: String?
  /// What one costs; nil leaves the catalogue item's price as it is.
  public var price: Price?
  /// Where it is in the shop; nil leaves the catalogue item's category as it is.
  public var category: String?
  /// Whether it is in the cart (the VTODO's completion).
  public var isInCart: Bool

  /// Creates the fields.
  public init(
    uid: String, name: String, quantity: Int = 1, unit: String? = nil, price: Price? = nil,
    category: String? = nil, isInCart: Bool = false
  ) {
    self.uid = uid
    self.name = name
    self.quantity = quantity
    self.unit = unit
    self.price = price
    self.category = category
    self.isInCart = isInCart
  }
}

/// What changed in a collection since a sync token.
public struct CalendarChanges: Hashable, Sendable {
  /// The objects added or changed, as they are now.
  public var changed: [CalendarObjectEntry]
  /// The names of the objects removed.
  public var deleted: [String]
  /// The token to give next time.
  public var token: Int64
  /// Whether more changes are left: the client asks again with ``token`` (507 in between).
  public var truncated: Bool
  /// For an initial sync cut short: the item id of the last object sent, which goes with
  /// ``token`` to ask for the rest (``CalendarService/changes(inList:since:after:limit:)``).
  public var resumeAfter: UUID?

  /// Creates the value.
  public init(
    changed: [CalendarObjectEntry], deleted: [String], token: Int64, truncated: Bool,
    resumeAfter: UUID? = nil
  ) {
    self.changed = changed
    self.deleted = deleted
    self.token = token
    self.truncated = truncated
    self.resumeAfter = resumeAfter
  }
}

/// A MKCALENDAR at an id that cannot be used: held by a list or anything else (the user's,
/// or someone else's), or used before. One error whichever it is, so the answer tells nothing
/// about what holds an id.
public struct CalendarIDUnavailableError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The id asked for.
  public var id: UUID

  /// Creates the error.
  public init(id: UUID) { self.id = id }

  public var description: String {
    "The id \(id.uuidString.lowercased()) cannot be used for a new calendar; make it at "
      + "another URL (a new id, or a name)."
  }
}

/// A PUT whose UID another object of the collection has: CalDAV's `no-uid-conflict`.
public struct CalendarUIDConflictError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The UID both would have.
  public var uid: String
  /// The name of the object that has it.
  public var existingName: String

  /// What to say instead of the usual message, when there is more to say.
  public var detail: String?

  /// Creates the error.
  public init(uid: String, existingName: String, detail: String? = nil) {
    self.uid = uid
    self.existingName = existingName
    self.detail = detail
  }

  /// The message.
  public var description: String {
    detail ?? "Another object of this calendar, '\(existingName)', already has the UID '\(uid)'."
  }
}

/// A sync token the store cannot answer from: older than the change log keeps, newer than
/// it has, or from before a change that rewrote the whole list. CalDAV's `valid-sync-token`:
/// the client syncs again from nothing.
public struct CalendarSyncTokenError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Why the token is refused, in a sentence.
  public var description: String

  /// Creates the error.
  public init(_ description: String) { self.description = description }
}
