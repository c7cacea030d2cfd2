import Foundation

/// The tables `checklists-bench caldav` prints: the servers side by side at each size, how
/// many times faster ours is than each peer and whether that meets the goal (at least 20x
/// Radicale and 5x Xandikos on each step), the CPU each side used, and how the PUT cost
/// grows with the collection.
struct CalDAVReport {
  let names: [String]
  /// results[server][size index]
  let results: [[CalDAVRun]]
  let sizes: [Int]
  /// The PUT budget, for the note on a collection it cut short.
  let budgetText: String

  static let radicaleGoal = 20.0
  static let xandikosGoal = 5.0
  /// The PUT cost at the largest size over the smallest that still counts as flat.
  static let flatGoal = 1.2

  private var ours: Int? { names.firstIndex { $0.hasPrefix("Checklists") } }
  private var peers: [(index: Int, goal: Double)] {
    names.indices.compactMap { index in
      if names[index].hasPrefix("Radicale") { return (index, Self.radicaleGoal) }
      if names[index].hasPrefix("Xandikos") { return (index, Self.xandikosGoal) }
      return nil
    }
  }

  /// A row: its label, how to read a run, whether more is better, whether the goal applies.
  private struct Row {
    var label: String
    var value: (CalDAVRun) -> Double?
    var failure: (CalDAVRun) -> String?
    var format: String
    var higherIsBetter = false
    var hasGoal = true
  }

  private static func outcomeRow(
    _ label: String, _ path: KeyPath<CalDAVRun, CalDAVOutcome>, scale: Double, format: String
  ) -> Row {
    Row(
      label: label, value: { $0[keyPath: path].seconds.map { $0 * scale } },
      failure: {
        if case .failed(let reason) = $0[keyPath: path] { return reason }
        return nil
      }, format: format)
  }

  private static var rows: [Row] {
    [
      Row(
        label: "PUT one by one, PUTs/s", value: { $0.puts.perSecond }, failure: { $0.puts.failure },
        format: "%.1f", higherIsBetter: true),
      Row(
        label: "  ms each (mean)", value: { $0.puts.meanAll.map { $0 * 1000 } },
        failure: { $0.puts.failure }, format: "%.2f", hasGoal: false),
      Row(
        label: "  ms each, first 100", value: { $0.puts.meanFirst100.map { $0 * 1000 } },
        failure: { $0.puts.failure }, format: "%.2f", hasGoal: false),
      Row(
        label: "  ms each, last 100", value: { $0.puts.meanLast100.map { $0 * 1000 } },
        failure: { $0.puts.failure }, format: "%.2f", hasGoal: false),
      outcomeRow("list all: PROPFIND+multiget, ms", \.listMultiget, scale: 1000, format: "%.1f"),
      outcomeRow("list all: calendar-query, ms", \.listQuery, scale: 1000, format: "%.1f"),
      outcomeRow("not-completed query, ms", \.notCompleted, scale: 1000, format: "%.1f"),
      outcomeRow("sync after one change, ms", \.sync, scale: 1000, format: "%.2f"),
    ]
  }

  func print() {
    var notes: [String] = []
    /// The number of a footnote, the same for the same text.
    func note(_ text: String) -> String {
      if let index = notes.firstIndex(of: text) { return "\(index + 1)" }
      notes.append(text)
      return "\(notes.count)"
    }
    var misses: [String] = []
    var checked = 0
    let labelWidth = 34
    let columnWidth = 18
    for (sizeIndex, size) in sizes.enumerated() {
      var header = "\n\(size) VTODOs".padding(toLength: labelWidth, withPad: " ", startingAt: 0)
      for name in names { header += pad(name, columnWidth) }
      if let ours {
        for peer in peers {
          header += pad("ours/\(shortName(peer.index))", columnWidth)
        }
      }
      Swift.print(header)
      for row in Self.rows {
        var line = row.label.padding(toLength: labelWidth, withPad: " ", startingAt: 0)
        for server in names.indices {
          let run = results[server][sizeIndex]
          if let value = row.value(run) {
            var cell = String(format: row.format, value)
            if let stopped = run.puts.stopped {
              cell +=
                "*"
                + note(
                  "\(names[server]), \(size): only \(stopped.done) of \(stopped.of) PUT within "
                    + "the \(budgetText) budget; its figures at \(size) are at \(stopped.done) "
                    + "VTODOs (which flatters it: its cost grows with the collection)")
            }
            line += pad(cell, columnWidth)
          } else {
            let number = note(
              "\(names[server]), \(size): " + (row.failure(run) ?? "no figure"))
            line += pad("failed [\(number)]", columnWidth)
          }
        }
        if let ours {
          for peer in peers {
            guard let mine = row.value(results[ours][sizeIndex]),
              let theirs = row.value(results[peer.index][sizeIndex]), mine > 0, theirs > 0
            else {
              line += pad("-", columnWidth)
              if row.hasGoal {
                checked += 1
                misses.append("\(size) \(row.label.trimmed) vs \(shortName(peer.index)): no figure")
              }
              continue
            }
            let faster = row.higherIsBetter ? mine / theirs : theirs / mine
            var cell = String(format: "%.1fx", faster)
            if row.hasGoal {
              checked += 1
              let met = faster >= peer.goal
              cell += met ? " met" : " NOT"
              if !met {
                misses.append(
                  String(
                    format: "%d %@ vs %@: %.1fx (goal %.0fx)", size, row.label.trimmed,
                    shortName(peer.index), faster, peer.goal))
              }
            }
            line += pad(cell, columnWidth)
          }
        }
        Swift.print(line)
      }
    }
    printCPU()
    let flatMiss = printGrowth()
    for (index, text) in notes.enumerated() { Swift.print("[\(index + 1)] \(text)") }
    Swift.print(
      "\nratios: how many times faster ours is (PUTs/s ours/peer; times peer/ours); "
        + "goal ≥ \(Int(Self.radicaleGoal))x Radicale and ≥ \(Int(Self.xandikosGoal))x "
        + "Xandikos on PUT, both list-alls, the query and the sync")
    if ours == nil || peers.isEmpty {
      Swift.print("goal: not judged, it needs Checklists and a peer in the run")
      return
    }
    if let flatMiss { misses.append(flatMiss) }
    if misses.isEmpty {
      Swift.print("goal: met (\(checked) comparisons and the flat PUT cost)")
    } else {
      Swift.print("goal: NOT met in \(misses.count) of \(checked + 1):")
      for miss in misses { Swift.print("  \(miss)") }
    }
  }

  /// Server and client CPU milliseconds per step: the server's (all its threads) shows what
  /// each request costs whatever else the cores run; the client's shows it is not the
  /// bottleneck.
  private func printCPU() {
    Swift.print(
      "\nCPU ms per operation, server / client (the client is this process; /proc ticks are "
        + "10 ms, so single requests under that read 0)")
    let steps: [(String, (CalDAVRun) -> (Double, Double)?)] = [
      (
        "PUT",
        { run in
          guard run.puts.failure == nil, !run.puts.durations.isEmpty else { return nil }
          let count = Double(run.puts.durations.count)
          return (run.puts.serverCPU / count, run.puts.clientCPU / count)
        }
      ),
      (
        "PUT, first 100 (server)",
        { run in
          run.puts.serverCPUFirst100.map { ($0, 0) }
        }
      ),
      (
        "PUT, last 100 (server)",
        { run in
          run.puts.serverCPULast100.map { ($0, 0) }
        }
      ),
      ("list all: PROPFIND+multiget", { cpu($0.listMultiget) }),
      ("list all: calendar-query", { cpu($0.listQuery) }),
      ("not-completed query", { cpu($0.notCompleted) }),
    ]
    for (sizeIndex, size) in sizes.enumerated() {
      var header = "\(size) VTODOs".padding(toLength: 34, withPad: " ", startingAt: 0)
      for name in names { header += pad(name, 18) }
      Swift.print(header)
      for (label, read) in steps {
        var line = ("  " + label).padding(toLength: 34, withPad: " ", startingAt: 0)
        for server in names.indices {
          if let (serverCPU, clientCPU) = read(results[server][sizeIndex]) {
            line += pad(String(format: "%.2f / %.2f", serverCPU * 1000, clientCPU * 1000), 18)
          } else {
            line += pad("-", 18)
          }
        }
        Swift.print(line)
      }
    }
  }

  private func cpu(_ outcome: CalDAVOutcome) -> (Double, Double)? {
    if case .measured(_, let client, let server) = outcome { return (server, client) }
    return nil
  }

  /// How each server's PUT cost grows from the smallest size to the largest; the miss for
  /// ours, if any.
  private func printGrowth() -> String? {
    guard sizes.count > 1, let first = sizes.indices.first, let last = sizes.indices.last else {
      return nil
    }
    Swift.print(
      "\nPUT cost growth, \(sizes[first]) -> \(sizes[last]) VTODOs (mean ms each at \(sizes[last]) "
        + "÷ at \(sizes[first]); the last 100 at \(sizes[last]) ÷ the last 100 at \(sizes[first]))"
    )
    var miss: String?
    for server in names.indices {
      let small = results[server][first].puts
      let large = results[server][last].puts
      guard let smallMean = small.meanAll, let largeMean = large.meanAll,
        let smallLast = small.meanLast100, let largeLast = large.meanLast100
      else {
        Swift.print("  \(names[server]): no figures")
        if names[server].hasPrefix("Checklists") { miss = "flat PUT cost: no figures" }
        continue
      }
      let growth = largeMean / smallMean
      let lastGrowth = largeLast / smallLast
      var line = String(
        format: "  %@: %.2fx mean, %.2fx last 100", names[server], growth, lastGrowth)
      if names[server].hasPrefix("Checklists") {
        let met = max(growth, lastGrowth) <= Self.flatGoal
        line += String(format: " (goal ≤ %.1fx: %@)", Self.flatGoal, met ? "met" : "NOT met")
        if !met {
          miss = String(
            format: "flat PUT cost: %.2fx mean, %.2fx last 100 (goal ≤ %.1fx)", growth,
            lastGrowth, Self.flatGoal)
        }
      }
      Swift.print(line)
    }
    return miss
  }

  private func shortName(_ index: Int) -> String {
    String(names[index].split(separator: " ").first ?? "")
  }

  private func pad(_ text: String, _ width: Int) -> String {
    let padding = max(1, width - text.count)
    return String(repeating: " ", count: padding) + text
  }
}

extension String {
  fileprivate var trimmed: String { trimmingCharacters(in: .whitespaces) }
}
