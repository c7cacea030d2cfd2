import ChecklistsCore
import ChecklistsStore
import Foundation

/// The human output: All Lists as a table, a list as its rows with √ for checked items.
struct ChecklistText {
  let display: DateDisplay

  /// All Lists: number, name, subtitle and icon, in display order.
  func allLists(_ lists: [Checklist]) -> String {
    guard !lists.isEmpty else {
      return words.text("cli.lists.empty")
    }
    let rows = lists.enumerated().map { offset, list in
      ["\(offset + 1)", list.name, list.subtitle, list.icon.rawValue]
        + (list.sharing.map {
          [words.text("cli.lists.sharedBy", ["owner": $0.ownerName, "role": $0.role.rawValue])]
        } ?? [])
    }
    // A "Shared" column only when some list is someone else's.
    let header =
      [Self.numberHeading]
      + ["cli.lists.heading.list", "cli.lists.heading.status", "cli.lists.heading.icon"].map {
        words.text($0)
      }
      + (lists.contains { $0.sharing != nil } ? [words.text("cli.lists.heading.sharedBy")] : [])
    return Self.table(
      header: header, rows: rows.map { $0 + Array(repeating: "", count: header.count - $0.count) })
  }

  /// A list's title line and its items.
  func checklist(_ list: Checklist, items: [ChecklistItem]) -> String {
    var lines = ["\(list.name) — \(list.subtitle)"]
    if items.isEmpty {
      lines.append(words.text("cli.items.empty", ["list": ChecklistService.quoted(list.name)]))
      return lines.joined(separator: "\n")
    }
    let width = String(items.count).count
    // Due dates line up after the text, unless one very long text would push them far right.
    let textWidth = min(items.map { title($0).count + ($0.isSubtask ? 4 : 0) }.max() ?? 0, 40)
    for (offset, item) in items.enumerated() {
      let number = String(offset + 1).leftPadded(to: width)
      // Subtasks stand indented under their parent.
      let indent = item.isSubtask ? "    " : ""
      lines.append("\(number)  \(indent)\(row(item, textWidth: textWidth - indent.count))")
      if let firstLine = item.notes.split(separator: "\n", omittingEmptySubsequences: true).first {
        let more = item.notes.contains("\n") ? " …" : ""
        lines.append(
          String(repeating: " ", count: width + 2) + indent + "    " + firstLine + more)
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The priority marks, the text and the flag: "!! Eggs ⚑".
  func title(_ item: ChecklistItem) -> String {
    (item.priority == .none ? "" : item.priority.marks + " ") + item.text
      + (item.isFlagged ? " ⚑" : "")
  }

  /// One item as its row shows: "√ !! Eggs ⚑  (due 2026-01-01 09:00, remind, ↻ Every day)
  /// 2 of 5".
  func row(_ item: ChecklistItem, textWidth: Int = 0) -> String {
    var text = (item.isChecked ? "√ " : "  ") + title(item)
    if let details = details(item) { text = text.rightPadded(to: textWidth + 2) + "  (\(details))" }
    if let progress = item.subtaskProgress { text += "  \(progress)" }
    return text
  }

  /// The due date and reminder of an item, if it has either.
  func details(_ item: ChecklistItem) -> String? {
    let parts = [
      dueDetails(item),
      item.recurrence.map { words.text("cli.item.repeats", ["rule": $0.description(in: words)]) },
    ].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  /// The due date and reminder of an item: "due 2026-01-01 09:00, remind", or nil.
  func dueDetails(_ item: ChecklistItem) -> String? {
    guard let due = item.dueDate else { return nil }
    let date = display.string(from: due)
    return words.text(item.shouldRemind ? "cli.item.dueRemind" : "cli.item.due", ["date": date])
  }

  /// The heading of a column of row numbers, "#".
  static var numberHeading: String { words.text("cli.table.number") }

  /// Columns padded to their widest cell, two spaces apart; a `#` column is right-aligned.
  static func table(header: [String], rows: [[String]]) -> String {
    let all = [header] + rows
    let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    return all.map { row in
      row.enumerated().map { column, cell in
        column == row.count - 1
          ? cell
          : header[column] == numberHeading
            ? cell.leftPadded(to: widths[column]) : cell.rightPadded(to: widths[column])
      }.joined(separator: "  ")
    }.joined(separator: "\n")
  }
}

extension String {
  func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }

  func rightPadded(to width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }
}
