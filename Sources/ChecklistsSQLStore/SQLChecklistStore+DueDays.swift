import ChecklistsCore
import Foundation
import SQLDatabase

extension SQLChecklistStore {
  /// `v21: due days`: an item's due date becomes a day or a moment with its zone (issue 28).
  ///
  /// `items.due_day` ("2026-12-15") is set when the due date is a day; `due_date` keeps an
  /// instant for every due date (a day's start in UTC, as before), so sorting and the indexes
  /// over it stay as they are. `items.due_time_zone` is the IANA zone a moment was set in.
  ///
  /// Existing due dates stay moments, except where the CalDAV text last PUT for the item says
  /// `DUE;VALUE=DATE` and the item is still due at that day's start in UTC (nothing changed it
  /// since): those become that day. A `DUE;TZID=…` gives its moment that zone.
  static func migrateToDueDays(_ db: any SQLConnection) throws {
    let d = db.dialect
    try db.execute(
      """
      ALTER TABLE items ADD COLUMN due_day \(d.text);
      ALTER TABLE items ADD COLUMN due_time_zone \(d.text);
      """)
    let texts = try db.query(
      """
      SELECT items.id, calendar_objects.ical, items.due_date FROM calendar_objects
      JOIN items ON items.id = calendar_objects.item_id
      WHERE calendar_objects.ical IS NOT NULL AND items.due_date IS NOT NULL
      """
    ) { row in (id: row.string(0), ical: row.string(1), due: row.date(2)) }
    for text in texts {
      switch StoredDue(ical: text.ical) {
      case .day(let day)? where day.startInUTC == text.due:
        try db.run("UPDATE items SET due_day = ? WHERE id = ?", day.iso, text.id)
      case .zone(let zone)? where TimeZone(identifier: zone) != nil && zone.count <= 64:
        try db.run("UPDATE items SET due_time_zone = ? WHERE id = ?", zone, text.id)
      default: break
      }
    }
  }
}

/// What a stored VTODO's `DUE` says of the form of its due date, read from the text without
/// the iCalendar module (the migration runs before a server is about): a day, or a zone.
enum StoredDue: Equatable {
  /// `DUE;VALUE=DATE:20261215`.
  case day(CivilDay)
  /// `DUE;TZID=Europe/Berlin:20261215T180000`.
  case zone(String)

  /// Reads the first `DUE` property of the text; nil when it has none, or one in UTC.
  init?(ical: String) {
    // Unfold (RFC 5545 3.1): a line break followed by a space or tab continues the line.
    let unfolded = ical.replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(of: "\n ", with: "").replacingOccurrences(of: "\n\t", with: "")
    guard
      let line = unfolded.split(separator: "\n").first(where: {
        $0.uppercased().hasPrefix("DUE;") || $0.uppercased().hasPrefix("DUE:")
      })
    else { return nil }
    // The parameters end at the first colon outside a quoted value.
    var inQuotes = false
    var end = line.endIndex
    for index in line.indices {
      if line[index] == "\"" { inQuotes.toggle() }
      if line[index] == ":" && !inQuotes {
        end = index
        break
      }
    }
    guard end < line.endIndex else { return nil }
    let value = line[line.index(after: end)...].trimmingCharacters(in: .whitespaces)
    var parameters: [String: String] = [:]
    for parameter in line[..<end].split(separator: ";").dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1)
      guard pair.count == 2 else { continue }
      parameters[pair[0].uppercased()] = pair[1].trimmingCharacters(in: CharacterSet(["\""]))
    }
    if parameters["VALUE"]?.uppercased() == "DATE" {
      let digits = Array(value)
      guard digits.count == 8, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
        let day = CivilDay(
          iso: "\(String(digits[0..<4]))-\(String(digits[4..<6]))-\(String(digits[6..<8]))")
      else { return nil }
      self = .day(day)
    } else if let zone = parameters["TZID"], !zone.isEmpty {
      self = .zone(zone)
    } else {
      return nil
    }
  }
}
