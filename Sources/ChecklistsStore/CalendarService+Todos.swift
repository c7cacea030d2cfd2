import ChecklistsCore
import ChecklistsMessages
import Foundation

extension CalendarService {
  /// Creates or replaces an item of a checklist from a PUT VTODO, in one transaction: the
  /// item's fields, its parent (by UID, in the same list), the object's name, UID and text.
  ///
  /// Every PUT bumps the item's revision (its ETag) and logs an item change, even one that
  /// changed only properties the item does not model, so other clients see the new text.
  /// - Parameters:
  ///   - listID: The checklist.
  ///   - name: The object's name, the last segment of the URL.
  ///   - todo: The fields read from the body.
  ///   - ical: The body as PUT, kept and given back.
  ///   - ifMatch: The `If-Match` ETag (without quotes), or `*`; nil when not sent.
  ///   - ifNoneMatch: Whether `If-None-Match: *` was sent (create only).
  ///   - changesMoreThanCompletion: Whether the body changes anything but completion compared
  ///     with the object as it is now (asked only of a user below editor): such a change, even
  ///     to what the item does not model (CATEGORIES, alarms, `X-` properties), needs the
  ///     editor's role. Nil: only the item's fields decide.
  /// - Returns: Whether the object is new, and the object as stored.
  /// - Throws: `notFound` for a list the user does not see; `forbidden` naming what the role
  ///   refuses (a viewer writes nothing, a checker only completes); `stale` when a
  ///   precondition fails (412); ``CalendarUIDConflictError`` when another object has the UID;
  ///   `invalidInput` naming a bad field.
  /// - Complexity: O(log *n*): a few lookups through indexes, whatever the list's size.
  public func putTodo(
    inList listID: UUID, named name: String, todo: CalendarTodo, ical: String,
    ifMatch: String? = nil, ifNoneMatch: Bool = false,
    changesMoreThanCompletion: ((CalendarObjectEntry) -> Bool)? = nil
  ) throws -> (created: Bool, entry: CalendarObjectEntry) {
    try store.writeCalendar { tx in
      let list = try list(listID, for: .read, in: tx)
      guard case .checklist = list else {
        throw ChecklistsError.invalid(
          MessageText("errors.calendar.shoppingListObjects", ["id": listID.uuidString.lowercased()])
        )
      }
      let existing = try resolve(name, in: list, tx: tx)
      try checkPreconditions(existing, name: name, ifMatch: ifMatch, ifNoneMatch: ifNoneMatch)
      try checkCompletionOnly(existing, in: list, changesMoreThanCompletion, tx: tx)
      // RFC 4791 5.3.2.1: a PUT may not change the UID of an object that exists.
      if let existing, existing.entry.uid != todo.uid {
        throw CalendarUIDConflictError(
          uid: existing.entry.uid, existingName: existing.row?.name ?? name,
          detail: "'\(name)' has the UID '\(existing.entry.uid)'; a PUT cannot change it to "
            + "'\(todo.uid)'. Save it under a new name instead.")
      }
      try claimUID(todo.uid, forName: name, in: list, tx: tx)
      let parentID = try parentItemID(todo.parentUID, in: listID, except: existing?.itemID, tx: tx)
      var due = todo.due
      let item: ChecklistItem
      if let existing {
        let before = existing.entry.item!
        // iCalendar has whole seconds: the same moment to the second is the stored one, so a
        // checker's completion of an item due at a fraction of a second is not a change of it.
        // Its zone is how the client shows it (the text keeps its TZID as written): a client
        // that writes the same moment in its own zone does not change the due date either.
        if case .moment(let stored, _)? = before.due, case .moment(let sent, _)? = due,
          abs(stored.timeIntervalSince(sent)) < 1
        {
          due = before.due
        }
        let changes = ItemChanges(
          text: todo.text, isChecked: todo.isChecked,
          shouldRemind: todo.shouldRemind && due != nil, notes: todo.notes,
          priority: todo.priority,
          parentID: .some(try validParent(parentID, for: before, in: tx)),
          recurrence: .some(todo.recurrence), due: .some(due))
        var updated = try checklists.updateItem(
          id: before.id, changes, expectedRevision: nil, mergingFields: true, in: tx)
        if updated.revision == before.revision {
          // Only the text changed: still a new version of the object.
          var checklist = try checklists.accessibleChecklist(listID, for: .check, in: tx)
          try checklists.bump(&checklist, .itemUpdated, itemID: updated.id, in: tx)
          updated.revision = checklist.revision
          updated.updatedAt = checklist.updatedAt
          try tx.updateItem(updated)
        }
        item = updated
      } else {
        let probe = ChecklistItem(checklistID: listID, text: todo.text, createdAt: Date())
        let details = ItemDetails(
          notes: todo.notes, priority: todo.priority,
          parentID: try validParent(parentID, for: probe, in: tx), recurrence: todo.recurrence)
        item = try checklists.addItem(
          id: nil, todo.text, to: listID, due: due,
          shouldRemind: todo.shouldRemind && due != nil, isChecked: todo.isChecked,
          details: details, in: tx
        ).item
      }
      let row = CalendarObjectRecord(
        listID: listID, name: existing?.row?.name ?? name, uid: todo.uid, itemID: item.id,
        ical: ical, parentUID: todo.parentUID)
      try tx.saveCalendarObject(row)
      if existing == nil { try adoptWaitingChildren(of: item, uid: todo.uid, in: listID, tx: tx) }
      let stored = try tx.item(id: item.id) ?? item
      return (
        existing == nil,
        Self.entry(stored, row: row, parentUID: try parentUID(of: stored, in: tx))
      )
    }
  }

  /// Puts under a new item the objects PUT before it that name its UID as their parent (an
  /// upload sends children and parents in any order), each as an item change of its own.
  func adoptWaitingChildren(
    of parent: ChecklistItem, uid: String, in listID: UUID, tx: any CalendarStoreWriter
  ) throws {
    for row in try tx.calendarObjects(listID: listID, waitingFor: uid) {
      guard let childID = row.itemID, row.uid != nil, childID != parent.id,
        let child = try tx.item(id: childID), child.checklistID == listID, child.parentID == nil,
        try validParent(parent.id, for: child, in: tx) != nil
      else { continue }
      _ = try checklists.updateItem(
        id: childID, ItemChanges(parentID: .some(parent.id)), expectedRevision: nil,
        mergingFields: true, in: tx)
    }
  }

  // MARK: - Rules

  /// Refuses a change beyond completion by one who may only complete (a checker), whatever
  /// the item models: the role is what ``ChecklistService/accessibleChecklist(_:for:in:)``
  /// (or the shopping list's) says for editing, with its sentence.
  /// - Throws: `forbidden` when the user may not edit and the body changes more.
  func checkCompletionOnly(
    _ existing: Resolved?, in list: VisibleList,
    _ changesMoreThanCompletion: ((CalendarObjectEntry) -> Bool)?, tx: any CalendarStoreReader
  ) throws {
    guard let existing, let changesMoreThanCompletion, access(to: list) < .edit,
      changesMoreThanCompletion(existing.entry)
    else { return }
    switch list {
    case .checklist: _ = try checklists.accessibleChecklist(list.id, for: .edit, in: tx)
    case .shoppingList: _ = try shopping.accessibleList(list.id, for: .edit, in: tx)
    }
  }

  /// `If-Match` and `If-None-Match: *` against the object as it is.
  /// - Throws: `stale` naming the failed precondition.
  func checkPreconditions(
    _ existing: Resolved?, name: String, ifMatch: String?, ifNoneMatch: Bool
  ) throws {
    if ifNoneMatch, existing != nil {
      throw ChecklistsError(
        .stale, MessageText("errors.calendar.objectNamedAlready", ["name": name]))
    }
    guard let ifMatch else { return }
    guard let existing else {
      throw ChecklistsError(
        .stale,
        MessageText("errors.calendar.noObjectNamedMatch", ["name": name, "ifMatch": "\(ifMatch)"]))
    }
    let wanted = ifMatch.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
    if wanted != "*", wanted != existing.entry.etag {
      throw ChecklistsError(
        .stale,
        MessageText(
          "errors.calendar.changedSinceRead",
          ["name": name, "wanted": "\(wanted)", "etag": "\(existing.entry.etag)"])
      )
    }
  }

  /// Makes sure no other live object of the list has `uid`; a tombstone that has it gives it
  /// up.
  /// - Throws: ``CalendarUIDConflictError`` naming the object that has it.
  func claimUID(
    _ uid: String, forName name: String, in list: VisibleList, tx: any CalendarStoreWriter
  )
    throws
  {
    guard !uid.isEmpty else {
      throw ChecklistsError.invalid(MessageText("errors.calendar.vtodoEmptyUid"))
    }
    if var holder = try tx.calendarObject(listID: list.id, uid: uid), holder.name != name {
      if let itemID = holder.itemID, try liveEntry(itemID, row: holder, in: list, tx: tx) != nil {
        throw CalendarUIDConflictError(uid: uid, existingName: holder.name)
      }
      holder.uid = nil
      try tx.saveCalendarObject(holder)
    }
    // An item made elsewhere has its id as UID.
    if let itemID = UUID(uuidString: uid), Self.implicitName(itemID) != name.lowercased(),
      try tx.calendarObject(listID: list.id, itemID: itemID)?.uid == nil,
      try liveEntry(itemID, row: nil, in: list, tx: tx) != nil
    {
      throw CalendarUIDConflictError(uid: uid, existingName: Self.implicitName(itemID))
    }
  }

  /// The item a RELATED-TO names: the object of the list with that UID, or an item of the
  /// list made elsewhere. Nil when there is none (yet): the relation stays in the text.
  func parentItemID(
    _ parentUID: String?, in listID: UUID, except itemID: UUID?, tx: any CalendarStoreReader
  ) throws -> UUID? {
    guard let parentUID, !parentUID.isEmpty else { return nil }
    var found: UUID?
    if let row = try tx.calendarObject(listID: listID, uid: parentUID) {
      found = row.itemID
    } else if let id = UUID(uuidString: parentUID),
      try tx.calendarObject(listID: listID, itemID: id) == nil
    {
      found = id
    }
    guard let found, found != itemID, let parent = try tx.item(id: found),
      parent.checklistID == listID
    else { return nil }
    return parent.id
  }

  /// The parent if the item may go under it (one level of subtasks); else nil, keeping the
  /// item at the top level rather than refusing what a client with deeper trees wrote.
  func validParent(_ parentID: UUID?, for item: ChecklistItem, in tx: any CalendarStoreReader)
    throws -> UUID?
  {
    guard let parentID, let parent = try tx.item(id: parentID) else { return nil }
    do {
      try ChecklistItem.checkParent(parent, of: item)
      return parentID
    } catch is ChecklistsError {
      return nil
    }
  }
}
