import ChecklistsCore
import ChecklistsMessages
import Foundation

/// A user's templates: saving a list as one, and starting new lists from them with their
/// items unchecked and their due dates moved to the day the list starts (and on to their
/// repeat's days).
public struct TemplateService: Sendable {
  /// Where the templates and lists are.
  public let store: any ChecklistsDatabase
  /// Whose templates.
  public let user: User
  /// The clock, so tests can fix the time.
  public let now: @Sendable () -> Date

  /// Creates the service for a user that exists.
  public init(
    store: any ChecklistsDatabase, user: User, now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.store = store
    self.user = user
    self.now = now
  }

  private var lists: ChecklistService { ChecklistService(store: store, owner: user, now: now) }

  // MARK: - Reading

  /// The user's templates, by name as All Lists sorts.
  public func templates() throws -> [ChecklistTemplate] {
    try store.writeTemplates { tx in try tx.templates(ownerID: user.id) }
      .sorted { NameKey.precedes(NameKey.displayOrder($0.name), NameKey.displayOrder($1.name)) }
  }

  /// The user's template with this id.
  /// - Throws: `notFound` when there is none (or it is someone else's).
  public func template(id: UUID) throws -> ChecklistTemplate {
    try store.writeTemplates { tx in try ownTemplate(id, in: tx) }
  }

  // MARK: - Writing

  /// Saves a list the user can see as a template: its name, icon and items (text, notes,
  /// flag, priority, repeat, Remind Me, subtasks, and due dates as offsets from the start of
  /// today in `timeZone`).
  /// - Parameters:
  ///   - listID: The list.
  ///   - name: The template's name; nil for the list's.
  ///   - id: The client's id for the template: a template of the user's with this id is the
  ///     same save again, answered without writing.
  ///   - timeZone: Where "today" is, which due dates are kept relative to.
  /// - Returns: The template, and whether this call made it.
  /// - Throws: `notFound` for a list the user cannot see, `invalidInput` for a bad name,
  ///   `conflict` when the id is taken by something else.
  @discardableResult
  public func saveTemplate(
    fromList listID: UUID, name: String? = nil, id: UUID? = nil, timeZone: TimeZone = .current
  ) throws -> (template: ChecklistTemplate, isNew: Bool) {
    let name = try name.map(Checklist.validatedName)
    let lists = lists
    let date = now()
    let dayStart = Self.calendar(timeZone).startOfDay(for: date)
    return try store.writeTemplates { tx in
      if let id, let existing = try tx.template(id: id) {
        guard existing.ownerID == user.id else { throw Self.idTaken(id) }
        if let name, name != existing.name {
          throw ChecklistsError(
            .conflict,
            MessageText(
              "errors.template.templateIdAlready",
              ["id": id.uuidString, "existingName": existing.name, "name": name]))
        }
        return (existing, false)
      }
      if let id, try tx.claim(onID: id) != nil { throw Self.idTaken(id) }
      let list = try lists.accessibleChecklist(listID, for: .read, in: tx)
      let items = try tx.items(checklistID: list.id)
      let template = ChecklistTemplate(
        id: id ?? UUID(), ownerID: user.id, name: name ?? list.name, icon: list.icon,
        items: Self.templateItems(items, dayStart: dayStart), createdAt: date)
      try tx.insertTemplate(template)
      return (template, true)
    }
  }

  /// Deletes one of the user's templates; lists started from it stay.
  /// - Returns: The template as it was.
  /// - Throws: `notFound` when there is none (a replayed delete takes that as done).
  @discardableResult
  public func deleteTemplate(id: UUID) throws -> ChecklistTemplate {
    try store.writeTemplates { tx in
      let template = try ChecklistsError.deleting("template", id: id) {
        try ownTemplate(id, in: tx)
      }
      try tx.deleteTemplate(id: id)
      return template
    }
  }

  /// Starts a new list from a template: its items unchecked, each due date the start of
  /// `startDate`'s day plus the item's offset; an item whose repeat names days ("every
  /// Monday", "monthly on the 15th") is due on the first of them on or after that day, at its
  /// time. The list and each item are logged as created,
  /// like any other create.
  /// - Parameters:
  ///   - templateID: The template.
  ///   - name: The new list's name; nil for the template's (numbered "2", "3"… when taken).
  ///   - startDate: A moment of the day the list starts; nil for today.
  ///   - listID: The client's id for the new list: the user's list with this id is the same
  ///     start again, answered without writing.
  ///   - timeZone: Where days start.
  /// - Returns: The list, its items, and whether this call made them.
  /// - Throws: `notFound` for a template the user does not have, `invalidInput` for a bad
  ///   name, `conflict` when the name or the id is taken.
  @discardableResult
  public func startList(
    fromTemplate templateID: UUID, name: String? = nil, on startDate: Date? = nil,
    listID: UUID? = nil, timeZone: TimeZone = .current
  ) throws -> (list: Checklist, items: [ChecklistItem], isNew: Bool) {
    let name = try name.map(Checklist.validatedName)
    let lists = lists
    let calendar = Self.calendar(timeZone)
    let dayStart = calendar.startOfDay(for: startDate ?? now())
    return try store.writeTemplates { tx in
      let template = try ownTemplate(templateID, in: tx)
      if let listID, try ClientID.isReplay(listID, of: .checklist, ownerID: user.id, in: tx) {
        let list = try lists.accessibleChecklist(listID, for: .read, in: tx)
        if let name {
          try ClientID.checkSameContent(
            listID, of: .checklist, [("name", ClientID.shown(list.name), ClientID.shown(name))])
        }
        return (list, try tx.items(checklistID: list.id), false)
      }
      let listName: String
      if let name {
        try lists.ensureNameIsFree(name, in: tx)
        listName = name
      } else {
        listName = try freeName(template.name, lists: lists, in: tx)
      }
      var list = Checklist(
        id: listID ?? UUID(), ownerID: user.id, name: listName, icon: template.icon,
        createdAt: now())
      try tx.insertChecklist(list)
      try lists.log(.listCreated, list: list, in: tx)
      var items: [ChecklistItem] = []
      for entry in template.items {
        // A template from a backup is outside input: each item meets the rules of any item,
        // and one that does not stops the start whole (one transaction).
        let recurrence = entry.repeat.flatMap { try? RecurrenceRule(rrule: $0) }
        let dueDate = try entry.dueOffset.flatMap {
          guard $0.isFinite, abs($0) < 200 * 366 * 86_400 else {
            throw ChecklistsError.invalid(
              MessageText("errors.template.dueTooFar", ["entryText": entry.text]))
          }
          let moved = dayStart.addingTimeInterval($0)
          return try ChecklistItem.validatedDueDate(
            Self.firstDue(moved, repeating: recurrence, from: dayStart, calendar: calendar))
        }
        let text = try ChecklistItem.validatedText(entry.text)
        let notes = try ChecklistItem.validatedNotes(entry.notes)
        // A subtask's parent comes before it, so its new id is known; one that does not (a
        // hand-made backup) is started at the top level.
        var parentID: UUID?
        if let index = entry.parentIndex, items.indices.contains(index),
          items[index].parentID == nil
        {
          parentID = items[index].id
        }
        let item = ChecklistItem(
          checklistID: list.id, text: text, dueDate: dueDate,
          shouldRemind: entry.remind && dueDate != nil, revision: list.revision + 1,
          createdAt: now(), notes: notes, isFlagged: entry.flagged,
          priority: ItemPriority(rawValue: entry.priority) ?? .none, parentID: parentID,
          recurrence: recurrence)
        try lists.bump(&list, .itemAdded, itemID: item.id, in: tx)
        try tx.appendItem(item)
        items.append(item)
      }
      return (try lists.accessibleChecklist(list.id, for: .read, in: tx), items, true)
    }
  }

  /// Restores templates from a backup: one with the id of one of the user's is replaced by
  /// the backup's; the others are added (under a new id when theirs is taken by anything
  /// else).
  /// - Returns: How many templates were restored.
  @discardableResult
  public func importTemplates(_ templates: [ChecklistTemplate]) throws -> Int {
    try store.writeTemplates { tx in
      for var template in templates {
        let name = try Checklist.validatedName(template.name)
        template.name = name
        template.ownerID = user.id
        if let existing = try tx.template(id: template.id) {
          if existing.ownerID == user.id {
            try tx.deleteTemplate(id: existing.id)
          } else {
            template.id = UUID()
          }
        } else if try tx.claim(onID: template.id) != nil {
          template.id = UUID()
        }
        try tx.insertTemplate(template)
      }
      return templates.count
    }
  }

  // MARK: - Rules

  /// The items of a list as a template keeps them, due dates relative to `dayStart`.
  static func templateItems(_ items: [ChecklistItem], dayStart: Date) -> [TemplateItem] {
    let index = Dictionary(
      items.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first }
    )
    return items.map { item in
      TemplateItem(
        text: item.text, notes: item.notes, flagged: item.isFlagged,
        priority: item.priority.rawValue, repeat: item.recurrence?.rrule,
        remind: item.shouldRemind, parentIndex: item.parentID.flatMap { index[$0] },
        dueOffset: item.dueDate.map { $0.timeIntervalSince(dayStart) })
    }
  }

  /// Where a started item's due date falls: `moved` (the template's date moved to the start),
  /// except for a repeat that names its days, whose first occurrence on or after the start day
  /// it is, at `moved`'s time of day: "every Monday" started on a Saturday is due the Monday
  /// after, not on the Saturday its row would contradict ("↻ Every week on Monday").
  static func firstDue(
    _ moved: Date, repeating rule: RecurrenceRule?, from dayStart: Date, calendar: Calendar
  ) -> Date {
    guard let rule, rule.namesDays else { return moved }
    let time = calendar.dateComponents([.hour, .minute, .second, .nanosecond], from: moved)
    var wanted = calendar.dateComponents([.year, .month, .day], from: dayStart)
    wanted.hour = time.hour
    wanted.minute = time.minute
    wanted.second = time.second
    wanted.nanosecond = time.nanosecond
    let onStartDay = calendar.date(from: wanted) ?? moved
    return rule.firstOccurrence(onOrAfter: onStartDay, calendar: calendar)
  }

  /// `name`, or the first of "name 2", "name 3"… that no list of the user's has.
  private func freeName(_ name: String, lists: ChecklistService, in tx: any ChecklistStoreReader)
    throws -> String
  {
    for number in 1...1_000 {
      let candidate = number == 1 ? name : "\(name) \(number)"
      guard (try? lists.ensureNameIsFree(candidate, in: tx)) != nil else { continue }
      return candidate
    }
    throw ChecklistsError(
      .conflict, MessageText("errors.template.listNamedAlready", ["name": name]))
  }

  private func ownTemplate(_ id: UUID, in tx: any TemplateStoreWriter) throws
    -> ChecklistTemplate
  {
    guard let template = try tx.template(id: id), template.ownerID == user.id else {
      throw ChecklistsError(
        .notFound, MessageText("errors.template.noSuchId", ["id": id.uuidString]))
    }
    return template
  }

  private static func idTaken(_ id: UUID) -> ChecklistsError {
    ChecklistsError(.conflict, MessageText("errors.id.taken", ["id": id.uuidString]))
  }

  static func calendar(_ timeZone: TimeZone) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    return calendar
  }
}
