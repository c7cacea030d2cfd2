import ChecklistsCore
import ChecklistsStore
import Foundation
import SQLDatabase

// Search across every list and the catalogue (issue 14): the words of each item's text and
// notes, and of each catalogue item's name, folded (``SearchWords``), kept in one table whose
// primary key a prefix search reads as a range.

extension SQLChecklistStore {
  /// v13: the search words, with the words of every item and catalogue item there is, and the
  /// indexes the smart lists count through. Both engines run it.
  static func migrateToSearchWords(_ db: any SQLConnection) throws {
    // Byte order on both engines, so a range of words is the same range on each.
    let text = db.dialect.text
    try db.execute(
      """
      CREATE TABLE search_words (
        word \(text) NOT NULL,
        item_id \(text) NOT NULL,
        kind \(text) NOT NULL CHECK (kind IN ('item', 'catalogue')),
        PRIMARY KEY (word, item_id));
      -- An item's words, to replace or drop them.
      CREATE INDEX search_words_by_item ON search_words(item_id, word);
      -- The smart lists: unchecked items of a list by due date.
      CREATE INDEX items_unchecked_by_due_date ON items(checklist_id, due_date)
        WHERE checked = 0;
      """)
    // A deleted item takes its words along, also when its list or its owner goes.
    try db.execute(
      db.dialect.afterDeleteTriggers(
        [
          ("items_unindexed_on_delete", "items"),
          ("shopping_items_unindexed_on_delete", "shopping_items"),
        ], function: "things_unindexed_on_delete",
        body: "DELETE FROM search_words WHERE item_id = OLD.id;"))
    // The words of what is there already. Notes (v12) are all empty at this point.
    let hasNotes = try db.query(db.dialect.columnNamesQuery, "items") { $0.string(0) }
      .contains("notes")
    let items = try db.query(
      "SELECT id, text, \(hasNotes ? "notes" : "''") FROM items"
    ) { (try $0.uuid(0), $0.string(1), $0.string(2)) }
    for (id, text, notes) in items {
      try insertWords(db, id: id, kind: "item", words: SearchWords.words(text, notes))
    }
    let catalogue = try db.query("SELECT id, name FROM shopping_items") {
      (try $0.uuid(0), $0.string(1))
    }
    for (id, name) in catalogue {
      try insertWords(db, id: id, kind: "catalogue", words: SearchWords.words(name))
    }
  }

  /// Records the search words of a checklist item (its text and notes), replacing its old ones.
  static func indexItemWords(_ db: any SQLConnection, id: UUID, text: String, notes: String)
    throws
  {
    try replaceWords(db, id: id, kind: "item", words: SearchWords.words(text, notes))
  }

  /// Records the search words of a catalogue item (its name), replacing its old ones.
  static func indexCatalogueWords(_ db: any SQLConnection, id: UUID, name: String) throws {
    try replaceWords(db, id: id, kind: "catalogue", words: SearchWords.words(name))
  }

  private static func replaceWords(
    _ db: any SQLConnection, id: UUID, kind: String, words: [String]
  ) throws {
    let old = Set(
      try db.query("SELECT word FROM search_words WHERE item_id = ?", id) { $0.string(0) })
    let new = Set(words)
    // Most edits keep most words: write only the difference.
    for word in old.subtracting(new) {
      try db.run("DELETE FROM search_words WHERE word = ? AND item_id = ?", word, id)
    }
    try insertWords(db, id: id, kind: kind, words: words.filter { !old.contains($0) })
  }

  private static func insertWords(
    _ db: any SQLConnection, id: UUID, kind: String, words: [String]
  ) throws {
    // A few hundred rows a statement: notes of 10,000 characters hold a thousand words or so.
    var start = 0
    while start < words.count {
      let batch = words[start..<min(start + 200, words.count)]
      var arguments: [any SQLValueConvertible] = []
      for word in batch { arguments += [word, id, kind] }
      try db.run(
        "INSERT INTO search_words (word, item_id, kind) VALUES "
          + Array(repeating: "(?, ?, ?)", count: batch.count).joined(separator: ", ")
          + " ON CONFLICT DO NOTHING", arguments: arguments)
      start += batch.count
    }
  }
}

extension SQLChecklistStore.Transaction {
  /// The ids of the things of `kind` that have, for every query word, a word it starts: the
  /// range of the longest query word (likely the fewest entries) checked against the others
  /// through each candidate's own words.
  /// - Parameter first: The number of the first parameter the subquery's arguments take.
  /// - Returns: The SQL of a subquery of ids, and its arguments.
  static func matchingIDs(_ words: [String], kind: String, firstParameter first: Int) -> (
    String, [any SQLValueConvertible]
  ) {
    precondition(!words.isEmpty, "a search needs a word")
    let ordered = words.sorted { $0.count > $1.count }
    var arguments: [any SQLValueConvertible] = []
    func range(_ word: String) -> String {
      let (lower, upper) = SearchWords.prefixRange(word)
      arguments += [lower, upper]
      return "word >= ?\(first + arguments.count - 2) AND word < ?\(first + arguments.count - 1)"
    }
    var sql = "SELECT DISTINCT m.item_id FROM search_words m WHERE m.\(range(ordered[0]))"
    sql += " AND m.kind = '\(kind)'"
    for word in ordered.dropFirst() {
      sql += """

          AND EXISTS (SELECT 1 FROM search_words o
                      WHERE o.item_id = m.item_id AND o.\(range(word)))
        """
    }
    return (sql, arguments)
  }
}
