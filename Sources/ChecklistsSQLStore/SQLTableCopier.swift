import ChecklistsCore
import ChecklistsMessages
import SQLDatabase

/// Copies every table of one database into another of the same schema, row by row as the
/// engine stored each value, inside the caller's one write transaction on the target.
///
/// The target's triggers are off while rows go in: a copied list already says how many items
/// it has, and the item rows inserted after it must not add to that count again (nor to the
/// item blocks, nor record deleted ids when `replacing` empties the target first). Counters
/// then continue after the copied keys, and the triggers come back before the commit.
struct SQLTableCopier {
  /// The database the rows come from, inside one read transaction (one snapshot).
  let source: SQLSchemaCatalog
  /// The database the rows go to, inside one write transaction.
  let target: SQLSchemaCatalog
  /// Whether rows already in the target may be deleted first.
  let replacing: Bool
  /// How the target is named in messages.
  let targetName: String

  /// Tables the schema itself fills (the change log's counter row): their rows do not make a
  /// database "not empty", and the source's replace them.
  static let tablesMadeBySchema: Set<String> = ["sync_log"]

  /// The most values one `INSERT` binds: well under SQLite's 32,766 and PostgreSQL's 65,535.
  static let valuesPerStatement = 4_000

  /// Copies the tables.
  /// - Parameter progress: Called after each batch of rows with how many rows were copied of
  ///   how many, and the table being copied.
  /// - Returns: Each table with the rows copied into it, in the order they were copied.
  /// - Throws: ``ChecklistsCore/ChecklistsError`` (`conflict`) when the target holds data and
  ///   `replacing` is false, or the two schemas differ; ``SQLDatabase/SQLError`` when a row
  ///   is refused. The caller's transaction then rolls back.
  func copy(progress: (_ copied: Int, _ total: Int, _ table: String) -> Void) throws -> [(
    table: String, rows: Int
  )] {
    let sourceTables = try source.tables()
    let targetTables = try target.tables()
    try checkSameTables(sourceTables, targetTables)
    let tables = try SQLSchemaCatalog.inForeignKeyOrder(targetTables)

    let held = try tables.filter { !Self.tablesMadeBySchema.contains($0.name) }
      .map { ($0.name, try count($0.name, in: target.db)) }.filter { $0.1 > 0 }
    if !held.isEmpty && !replacing {
      let summary = held.prefix(4).map { "\($0.0): \($0.1)" }.joined(separator: ", ")
      throw ChecklistsError(
        .conflict,
        MessageText(
          "errors.copy.targetNotEmpty",
          ["target": "\(targetName)", "summary": summary + (held.count > 4 ? ", …" : "")]))
    }

    let totals = try tables.map { try count($0.name, in: source.db) }
    let total = totals.reduce(0, +)
    let marks = try source.highWaterMarks()
    let triggers = try target.disableTriggers(on: tables.map(\.name))
    for table in tables.reversed() {
      try target.db.run("DELETE FROM \(SQLSchemaCatalog.quoted(table.name))")
    }
    var copied = 0
    progress(0, total, tables.first?.name ?? "")
    var report: [(table: String, rows: Int)] = []
    for (table, expected) in zip(tables, totals) {
      let rows = try copyRows(of: table) { batch in
        copied += batch
        progress(copied, total, table.name)
      }
      // The source is one snapshot, so the count read first is the count copied; the target
      // must now hold exactly those rows.
      let landed = try count(table.name, in: target.db)
      guard rows == expected, landed == expected else {
        throw SQLError(
          .other, code: "row count",
          message: "\(table.name): \(expected) rows in the source, \(rows) read, \(landed) "
            + "in the target")
      }
      report.append((table.name, rows))
    }
    try target.continueCounters(after: marks)
    try target.enableTriggers(triggers)
    return report
  }

  /// Both databases must have the same tables with the same columns, whatever their order.
  private func checkSameTables(
    _ sourceTables: [String: SQLSchemaCatalog.Table],
    _ targetTables: [String: SQLSchemaCatalog.Table]
  ) throws {
    var differences: [String] = []
    for name in Set(sourceTables.keys).union(targetTables.keys).sorted() {
      switch (sourceTables[name], targetTables[name]) {
      case (nil, _): differences.append("the source has no table \(name)")
      case (_, nil): differences.append("the target has no table \(name)")
      case (let from?, let into?):
        let missing = Set(into.columns).subtracting(from.columns).sorted()
        let extra = Set(from.columns).subtracting(into.columns).sorted()
        if !missing.isEmpty {
          differences.append("the source's \(name) has no \(missing.joined(separator: ", "))")
        }
        if !extra.isEmpty {
          differences.append("the target's \(name) has no \(extra.joined(separator: ", "))")
        }
      }
    }
    guard differences.isEmpty else {
      throw ChecklistsError(
        .conflict,
        MessageText(
          "errors.copy.tablesDiffer",
          ["differences": differences.prefix(5).joined(separator: "; ")]))
    }
  }

  /// Streams one table's rows from the source into the target in multi-row `INSERT`s.
  /// - Returns: How many rows were copied.
  private func copyRows(of table: SQLSchemaCatalog.Table, copied: (Int) -> Void) throws -> Int {
    let columns = table.columns.map(SQLSchemaCatalog.quoted).joined(separator: ", ")
    let order = (table.primaryKey.isEmpty ? table.columns : table.primaryKey)
      .map(SQLSchemaCatalog.quoted).joined(separator: ", ")
    let name = SQLSchemaCatalog.quoted(table.name)
    let rowsPerStatement = max(1, min(500, Self.valuesPerStatement / table.columns.count))
    let placeholders =
      "("
      + Array(repeating: "?", count: table.columns.count)
      .joined(separator: ", ") + ")"
    // The copied keys go in as they are, even into a column the engine numbers itself.
    let overriding = target.db.dialect.insertingGivenKeys
    func insert(_ values: [SQLValue]) throws {
      let rows = values.count / table.columns.count
      let tuples = Array(repeating: placeholders, count: rows).joined(separator: ", ")
      try target.db.run(
        "INSERT INTO \(name) (\(columns))\(overriding) VALUES \(tuples)", arguments: values)
      copied(rows)
    }
    var batch: [SQLValue] = []
    batch.reserveCapacity(rowsPerStatement * table.columns.count)
    var rows = 0
    _ = try source.db.query("SELECT \(columns) FROM \(name) ORDER BY \(order)", arguments: []) {
      row in
      for index in 0..<row.columnCount { batch.append(row.value(index)) }
      rows += 1
      if batch.count == rowsPerStatement * table.columns.count {
        try insert(batch)
        batch.removeAll(keepingCapacity: true)
      }
    }
    if !batch.isEmpty { try insert(batch) }
    return rows
  }

  private func count(_ table: String, in db: any SQLConnection) throws -> Int {
    try db.queryFirst("SELECT COUNT(*) FROM \(SQLSchemaCatalog.quoted(table))") { $0.int(0) }
      ?? 0
  }
}
