import ChecklistsCore
import ChecklistsMessages
import Foundation

extension ChecklistService {
  /// Imports lists from a file, in one transaction: either all of it lands or nothing does.
  ///
  /// Lists are matched to existing ones by name, ignoring case. With `.merge` an existing list
  /// keeps its items; each item of the file is matched to an existing item with the same text
  /// (in order, so two "Milk" match two "Milk"), which takes the file's checkmark, due date and
  /// reminder, and the rest are appended. Importing the same file twice therefore changes
  /// nothing the second time, and so does re-importing our own `ios-plist` export, where an
  /// item without a due date carries its creation date (the app's file needs one on every item).
  /// The iPhone app's file says a due date only with Remind Me on (``PortableItem/dueDateIsKnown``):
  /// a new item without it has no due date, and a matched one keeps its own.
  /// With `.replace` the list's items become exactly the file's.
  /// Lists not named in the file are left alone either way.
  ///
  /// Everything is validated before anything is written. Items whose text is only white space
  /// (which the original app allowed) are skipped and counted; a list whose name is only white
  /// space is imported as "Untitled"; lists of one name (the app allowed "Shop" twice) become
  /// one list with the items of both, in file order. Due dates must be in the years 1 to 9999.
  ///
  /// - Returns: What was created, merged, added, updated and skipped.
  /// - Throws: `invalidInput` naming the list and item that break a rule.
  @discardableResult
  public func importChecklists(_ portable: [PortableChecklist], mode: ImportMode) throws
    -> ImportReport
  {
    var report = ImportReport()
    let validated = Self.coalescingNames(
      try portable.enumerated().map { offset, list in
        try validatedForImport(list, number: offset + 1, report: &report)
      })
    return try store.write { tx in
      var report = report
      for incoming in validated {
        let existing = try tx.checklists(
          ownerID: owner.id, nameKey: NameKey.lookup(incoming.name)
        ).first { Checklist.namesMatch($0.name, incoming.name) }
        if let existing {
          try importInto(existing, incoming, mode: mode, report: &report, in: tx)
        } else {
          try importAsNew(incoming, report: &report, in: tx)
        }
      }
      return report
    }
  }

  /// The user's lists in All Lists order with their items, ready for a file.
  public func exportChecklists() throws -> [PortableChecklist] {
    try store.read { tx in
      try tx.checklists(ownerID: owner.id).sortedForDisplay().map { list in
        PortableChecklist(
          id: list.id, name: list.name, icon: list.icon, hidesChecked: list.hidesChecked,
          createdAt: list.createdAt,
          items: try tx.items(checklistID: list.id).groupedBySubtasks().map { item in
            PortableItem(
              id: item.id, text: item.text, isChecked: item.isChecked,
              shouldRemind: item.shouldRemind, createdAt: item.createdAt, notes: item.notes,
              isFlagged: item.isFlagged, priority: item.priority, parentID: item.parentID,
              recurrence: item.recurrence, due: item.due)
          })
      }
    }
  }

  // MARK: - Steps

  private func validatedForImport(
    _ list: PortableChecklist, number: Int, report: inout ImportReport
  ) throws -> PortableChecklist {
    var list = list
    do {
      let isBlank = list.name.allSatisfy { $0.isWhitespace }
      list.name = try Checklist.validatedName(isBlank ? Self.untitledName : list.name)
    } catch let error as ChecklistsError {
      throw ChecklistsError(
        .invalidInput,
        MessageText("errors.import.list", ["number": "\(number)", "errorMessage": error.message]))
    }
    var items: [PortableItem] = []
    items.reserveCapacity(list.items.count)
    for (offset, var item) in list.items.enumerated() {
      if item.text.allSatisfy({ $0.isWhitespace }) {
        report.itemsSkipped += 1
        continue
      }
      do {
        item.text = try ChecklistItem.validatedText(item.text)
        item.due = try ChecklistItem.validatedDue(item.due)
        item.shouldRemind = item.shouldRemind && item.dueDate != nil
        item.notes = try ChecklistItem.validatedNotes(item.notes)
      } catch let error as ChecklistsError {
        throw ChecklistsError(
          .invalidInput,
          MessageText(
            "errors.import.listItem",
            ["list": list.name, "number": String(offset + 1), "problem": error.message]))
      }
      items.append(item)
    }
    list.items = items
    return list
  }

  /// The name given to an imported list whose name is only white space.
  static let untitledName = "Untitled"

  /// Folds lists that share a name (ignoring case) into the first of them.
  /// - Complexity: O(*n*): candidates are found by their lookup key, not by comparing with
  ///   every list kept so far.
  static func coalescingNames(_ lists: [PortableChecklist]) -> [PortableChecklist] {
    var result: [PortableChecklist] = []
    var indexesByKey: [String: [Int]] = [:]
    for list in lists {
      let key = NameKey.lookup(list.name)
      if let index = indexesByKey[key, default: []].first(where: {
        Checklist.namesMatch(result[$0].name, list.name)
      }) {
        result[index].items += list.items
      } else {
        indexesByKey[key, default: []].append(result.count)
        result.append(list)
      }
    }
    return result
  }

  private func importAsNew(
    _ incoming: PortableChecklist, report: inout ImportReport, in tx: any ChecklistStoreWriter
  ) throws {
    let date = now()
    // A file's id is reused only when nothing holds it, of any kind, alive or deleted: ids are
    // unique across kinds, and field revisions are keyed by id alone.
    let id = try incoming.id.flatMap { try tx.claim(onID: $0) == nil ? $0 : nil } ?? UUID()
    var list = Checklist(
      id: id, ownerID: owner.id, name: incoming.name, icon: incoming.icon,
      hidesChecked: incoming.hidesChecked ?? false, createdAt: incoming.createdAt ?? date,
      updatedAt: date)
    try tx.insertChecklist(list)
    try bump(&list, .listCreated, in: tx)
    var family = ImportedFamily()
    for item in incoming.items {
      try append(item, to: list, family: &family, in: tx)
    }
    report.listsCreated += 1
    report.itemsAdded += incoming.items.count
  }

  private func importInto(
    _ existing: Checklist, _ incoming: PortableChecklist, mode: ImportMode,
    report: inout ImportReport, in tx: any ChecklistStoreWriter
  ) throws {
    var list = existing
    list.icon = incoming.icon
    if let hidesChecked = incoming.hidesChecked { list.hidesChecked = hidesChecked }
    try bump(&list, .listUpdated, in: tx)
    // Recorded like an edit, so a stale PATCH of the icon meets a 412 instead of undoing it.
    try tx.recordChanges(
      of: .id(list.id), existing.changedFields(to: list), revision: list.revision, by: owner.id,
      at: list.updatedAt)
    report.listsUpdated += 1
    let current = try tx.items(checklistID: list.id)
    if mode == .replace {
      for item in current { try tx.deleteItem(id: item.id) }
      report.itemsRemoved += current.count
      var family = ImportedFamily()
      for item in incoming.items { try append(item, to: list, family: &family, in: tx) }
      report.itemsAdded += incoming.items.count
      return
    }
    var unmatched = Dictionary(grouping: current, by: \.text)
    var family = ImportedFamily()
    for item in incoming.items {
      guard var match = unmatched[item.text]?.first else {
        try append(item, to: list, family: &family, in: tx)
        report.itemsAdded += 1
        continue
      }
      unmatched[item.text]?.removeFirst()
      if let id = item.id { family.ids[id] = match.id }
      if match.parentID == nil && match.subtaskCount == 0 { family.topLevel.insert(match.id) }
      // The iPhone app's file has no notes, flags, priorities or repeats: only what the file
      // does have changes the item.
      // (Taken before any field is set, so each change is seen, written and recorded.)
      let before = match
      if !item.notes.isEmpty { match.notes = item.notes }
      if item.isFlagged { match.isFlagged = true }
      if item.priority != .none { match.priority = item.priority }
      if let recurrence = item.recurrence { match.recurrence = recurrence }
      match.isChecked = item.isChecked
      // The iPhone app's file has a due date on every item but says it only with Remind Me
      // on: without, the item's own due date stays (so re-importing our export of an item due
      // without a reminder changes nothing). Our export writes the creation date for items
      // without one, and that date coming back means "still no due date".
      if item.dueDateIsKnown {
        let isExportMarker = before.dueDate == nil && item.dueDate == before.createdAt
        match.due = isExportMarker ? nil : item.due
      }
      match.shouldRemind = item.shouldRemind && match.dueDate != nil
      if match == before {
        report.itemsUnchanged += 1
      } else {
        match.revision = list.revision
        match.updatedAt = list.updatedAt
        try tx.updateItem(match)
        try tx.recordChanges(
          of: .id(match.id), before.changedFields(to: match), revision: list.revision,
          by: owner.id, at: list.updatedAt)
        report.itemsUpdated += 1
      }
    }
  }

  /// The ids an import gave the file's items, and which of them stand at the top level: a
  /// subtask's parent is found through them (one level; a parent must come first).
  private struct ImportedFamily {
    var ids: [UUID: UUID] = [:]
    var topLevel: Set<UUID> = []
  }

  private func append(
    _ item: PortableItem, to list: Checklist, family: inout ImportedFamily,
    in tx: any ChecklistStoreWriter
  ) throws {
    let id = try item.id.flatMap { try tx.claim(onID: $0) == nil ? $0 : nil } ?? UUID()
    // A parent the file does not hold before it, or one that is itself a subtask, leaves the
    // item at the top level.
    let parentID = item.parentID.flatMap { family.ids[$0] }.flatMap {
      family.topLevel.contains($0) ? $0 : nil
    }
    if let fileID = item.id { family.ids[fileID] = id }
    if parentID == nil { family.topLevel.insert(id) }
    try tx.appendItem(
      ChecklistItem(
        id: id, checklistID: list.id, text: item.text, isChecked: item.isChecked,
        shouldRemind: item.shouldRemind && item.due != nil,
        revision: list.revision, createdAt: item.createdAt ?? list.updatedAt,
        updatedAt: list.updatedAt, notes: item.notes, isFlagged: item.isFlagged,
        priority: item.priority, parentID: parentID, recurrence: item.recurrence, due: item.due))
  }
}
