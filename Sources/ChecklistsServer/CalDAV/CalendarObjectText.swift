import ChecklistsCalDAV
import ChecklistsCore
import ChecklistsStore
import Foundation
import ICalendar

/// Between the store's objects and their iCalendar text: what GET serves (starting from the
/// text last PUT, so a client gets back what it wrote where nothing changed elsewhere) and
/// what a PUT body gives the store.
///
/// The text served depends only on the object as stored, never on the clock, so one ETag
/// always stands for the same bytes.
enum CalendarObjectText {
  /// The iCalendar text of an object, from ``CalendarTextCache`` when nothing it is made from
  /// changed since this process last made it.
  /// - Parameters:
  ///   - entry: The object as stored.
  ///   - listID: Its collection.
  static func text(_ entry: CalendarObjectEntry, inList listID: UUID) -> String {
    made(entry, inList: listID, parsed: false).text
  }

  /// The iCalendar text of an object and that text parsed, for calendar-query filters; nil
  /// when the text does not parse (it always should: it is what this server writes).
  static func parsed(_ entry: CalendarObjectEntry, inList listID: UUID) -> (
    text: String, component: ICalComponent?
  ) {
    made(entry, inList: listID, parsed: true)
  }

  /// Makes (or finds) an object's text, and its parse when asked for.
  private static func made(_ entry: CalendarObjectEntry, inList listID: UUID, parsed: Bool)
    -> (text: String, component: ICalComponent?)
  {
    let key = CalendarTextCache.Key(listID: listID, name: entry.name)
    let cached = cache.entry(key)
    var made =
      cached.flatMap { $0.stored == entry.ical ? $0 : nil }
      ?? CalendarTextCache.Entry(stored: entry.ical, storedRead: storedRead(entry))
    let input: CalendarTextCache.Input
    let now: Date
    switch (entry.content, made.storedRead) {
    case (.item(let item), .todo(let stored)):
      input = .todo(todoFields(item, entry: entry, stored: stored))
      now = item.updatedAt
    case (.line(let line), .line(let stored)):
      input = .line(lineFields(line, entry: entry, stored: stored))
      now = line.item.updatedAt
    default:
      // A list is one kind, so this cannot happen; make it without the cache.
      let text = uncachedText(entry)
      return (text, parsed ? try? ICalendar.parse(text) : nil)
    }
    if let text = made.text, made.input == input, made.now == now {
      if !parsed || made.component != nil { return (text, made.component) }
      made.component = try? ICalendar.parse(text)
      cache.store(made, for: key)
      return (text, made.component)
    }
    let text: String
    switch input {
    case .todo(let fields): text = TodoMapping.write(fields, stored: entry.ical, now: now)
    case .line(let fields): text = ShoppingLineMapping.write(fields, stored: entry.ical, now: now)
    }
    made.input = input
    made.now = now
    made.text = text
    made.component = parsed ? try? ICalendar.parse(text) : nil
    cache.store(made, for: key)
    return (text, made.component)
  }

  /// The text made without the cache: what every served text must equal.
  static func uncachedText(_ entry: CalendarObjectEntry) -> String {
    switch entry.content {
    case .item(let item):
      return TodoMapping.write(
        todoFields(item, entry: entry), stored: entry.ical, now: item.updatedAt)
    case .line(let line):
      return ShoppingLineMapping.write(
        lineFields(line, entry: entry), stored: entry.ical, now: line.item.updatedAt)
    }
  }

  /// The stored text read as the object's kind.
  private static func storedRead(_ entry: CalendarObjectEntry) -> CalendarTextCache.StoredRead {
    switch entry.content {
    case .item: .todo(entry.ical.flatMap { try? TodoMapping.read($0) })
    case .line: .line(entry.ical.flatMap { try? ShoppingLineMapping.read($0) })
    }
  }

  /// Remembers what a PUT stored, read, so the first read after it does not parse it again.
  /// - Parameters:
  ///   - entry: The object as the store gave it back.
  ///   - listID: Its collection.
  ///   - body: The text the PUT sent (and the store kept).
  ///   - read: That text read, as the PUT read it.
  static func prime(
    _ entry: CalendarObjectEntry, inList listID: UUID, body: String,
    read: CalendarTextCache.StoredRead
  ) {
    guard entry.ical == body else { return }
    cache.store(
      CalendarTextCache.Entry(stored: body, storedRead: read),
      for: CalendarTextCache.Key(listID: listID, name: entry.name))
  }

  /// The process's texts (``CalendarTextCache``).
  static let cache = CalendarTextCache.shared

  /// An item as VTODO fields: the fields of the text last PUT, with what the item models
  /// replaced (categories and sort order, which it does not, stay as written).
  static func todoFields(_ item: ChecklistItem, entry: CalendarObjectEntry) -> TodoFields {
    todoFields(item, entry: entry, stored: entry.ical.flatMap { try? TodoMapping.read($0) })
  }

  /// ``todoFields(_:entry:)`` with the stored text already read (nil: never PUT, or unreadable).
  static func todoFields(_ item: ChecklistItem, entry: CalendarObjectEntry, stored: TodoFields?)
    -> TodoFields
  {
    var fields = stored ?? TodoFields(uid: entry.uid)
    fields.uid = entry.uid
    fields.summary = item.text
    if fields.isCompleted != item.isChecked {
      fields.isCompleted = item.isChecked
      fields.completedAt = item.isChecked ? item.updatedAt : nil
    }
    if fields.due != item.dueDate || !fields.hasSameDue(as: item.due) {
      // Changed elsewhere: a day as a date, a moment in its zone (in none, the stored DUE's).
      fields.itemDue = item.due
    }
    // Remind Me needs a due date here: the alarms of a todo with none are the client's, kept
    // as written.
    if item.dueDate != nil || item.shouldRemind { fields.remind = item.shouldRemind }
    fields.notes = item.notes
    if item.recurrence != nil || fields.recurrence != nil { fields.recurrence = item.recurrence }
    // A parent the list does not hold (yet) stays as written; a child PUT before its parent is
    // put under it when the parent arrives.
    if entry.parentUID != nil || item.parentID != nil { fields.parentUID = entry.parentUID }
    fields.priority = item.priority
    return fields
  }

  /// A shopping line as VTODO fields: the catalogue item's name, unit, price and category,
  /// the entry's quantity and cart; notes as last PUT.
  static func lineFields(_ line: ShoppingLine, entry: CalendarObjectEntry) -> ShoppingLineFields {
    lineFields(line, entry: entry, stored: entry.ical.flatMap { try? ShoppingLineMapping.read($0) })
  }

  /// ``lineFields(_:entry:)`` with the stored text already read.
  static func lineFields(
    _ line: ShoppingLine, entry: CalendarObjectEntry, stored: ShoppingLineFields?
  ) -> ShoppingLineFields {
    ShoppingLineFields(
      uid: entry.uid, name: line.item.name,
      quantity: quantityText(line.entry.quantity, unit: line.item.unit),
      price: line.item.price.map(priceText), category: line.item.category,
      inCart: line.entry.isInCart, notes: stored?.notes ?? "")
  }

  // MARK: - Reading a PUT

  /// The store's fields of a VTODO read from a PUT body.
  static func todo(_ fields: TodoFields) -> CalendarTodo {
    CalendarTodo(
      uid: fields.uid, text: fields.summary, isChecked: fields.isCompleted,
      shouldRemind: fields.remind, notes: fields.notes, recurrence: fields.recurrence,
      parentUID: fields.parentUID, priority: fields.priority, sortOrder: fields.sortOrder,
      due: fields.itemDue)
  }

  /// The store's fields of a shopping line read from a PUT body.
  /// - Throws: `invalidInput` naming a quantity or price it cannot read.
  static func line(_ fields: ShoppingLineFields) throws -> CalendarShoppingLine {
    let (quantity, unit) = try quantity(fields.quantity)
    return CalendarShoppingLine(
      uid: fields.uid, name: fields.name, quantity: quantity, unit: unit,
      price: try fields.price.map(price), category: fields.category, isInCart: fields.inCart)
  }

  /// How many and of what, as the web app shows it: "2", "500 g", "2 × 500 g"; nil for one
  /// of an item without a unit.
  static func quantityText(_ quantity: Int, unit: String?) -> String? {
    switch (quantity, unit) {
    case (1, nil): nil
    case (_, nil): String(quantity)
    case (1, let unit?): unit
    case (_, let unit?): "\(quantity) × \(unit)"
    }
  }

  /// Reads ``quantityText(_:unit:)`` back: a count, a count times a unit, or a unit alone.
  /// - Throws: `invalidInput` for a count out of 1...999.
  static func quantity(_ text: String?) throws -> (Int, String?) {
    guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
      return (1, nil)
    }
    for separator in ["×", " x ", "*"] {
      let parts = text.components(separatedBy: separator)
      if parts.count == 2, let count = Int(parts[0].trimmingCharacters(in: .whitespaces)) {
        let unit = parts[1].trimmingCharacters(in: .whitespaces)
        return (try checkedCount(count, text), unit.isEmpty ? nil : unit)
      }
    }
    if let count = Int(text) { return (try checkedCount(count, text), nil) }
    return (1, text)
  }

  private static func checkedCount(_ count: Int, _ text: String) throws -> Int {
    guard (1...999).contains(count) else {
      throw ChecklistsError.invalid(
        "The quantity '\(text)' is out of range: a line holds 1 to 999 of an item.")
    }
    return count
  }

  /// A price as the VTODO carries it: "1.99 EUR".
  static func priceText(_ price: Price) -> String {
    "\(price.decimalString) \(price.currency.code)"
  }

  /// Reads ``priceText(_:)`` back; the amount alone is in euros.
  /// - Throws: `invalidInput` naming what is wrong.
  static func price(_ text: String) throws -> Price {
    let parts = text.split(separator: " ").map(String.init)
    var currency = Currency.euro
    var amount = text
    if parts.count == 2 {
      guard let code = Currency(code: parts[1].uppercased()) else {
        throw ChecklistsError.invalid(
          "The price '\(text)' has no currency '\(parts[1])'; write it like '1.99 EUR'.")
      }
      currency = code
      amount = parts[0]
    }
    return try PriceParser(locale: Locale(identifier: "en_US_POSIX"), defaultCurrency: currency)
      .parse(amount)
  }
}
