import Foundation

/// `checklists-bench caldav`'s options.
struct CalDAVOptions {
  var sizes = [500, 5_000]
  var repetitions = 3
  /// Wall seconds one server's PUTs into one collection may take.
  var putBudget = 900.0
  var checklistsBinary: String?
  /// The Python venv holding Radicale and Xandikos.
  var venv = ".venv"
  /// Only these servers ("radicale", "xandikos", "checklists").
  var only: Set<String>?
  /// Our server's Basic credentials: the password (default) or an app password (API token).
  var appPassword = false

  static let usage =
    "usage: checklists-bench caldav [--sizes 500,5000] [--quick] [--repetitions N] "
    + "[--budget SECONDS] [--checklists PATH] [--venv PATH]\n"
    + "       [--only radicale,xandikos,checklists] [--auth password|token]\n"

  init(_ arguments: [String]) {
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--sizes":
        let sizes = iterator.next()?.split(separator: ",").compactMap { Int($0) } ?? []
        guard !sizes.isEmpty, sizes.allSatisfy({ $0 > 0 }) else { Self.fail("--sizes 500,5000") }
        self.sizes = sizes
      case "--quick":
        sizes = [50, 500]
        repetitions = 1
      case "--repetitions":
        guard let count = iterator.next().flatMap(Int.init), count > 0 else {
          Self.fail("--repetitions takes a positive number")
        }
        repetitions = count
      case "--budget":
        guard let budget = iterator.next().flatMap(Double.init), budget > 0 else {
          Self.fail("--budget takes seconds")
        }
        putBudget = budget
      case "--checklists": checklistsBinary = iterator.next()
      case "--auth":
        switch iterator.next() {
        case "password": appPassword = false
        case "token": appPassword = true
        default: Self.fail("--auth is password or token")
        }
      case "--venv": venv = iterator.next() ?? venv
      case "--only": only = Set((iterator.next() ?? "").split(separator: ",").map(String.init))
      default: Self.fail("unknown option '\(argument)'")
      }
    }
  }

  private static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("checklists-bench caldav: \(message)\n\(usage)".utf8))
    exit(64)
  }
}

/// Radicale, Xandikos and `checklists serve` in one run, driven by the same client with the
/// same requests, at each collection size: PUT one by one, list all, the "not completed"
/// query, a sync-collection after one change (issue 16, part 4).
func runCalDAVBenchmark(_ options: CalDAVOptions) throws {
  let binary = options.checklistsBinary ?? GrowthFixture.siblingBinary()
  let venv = URL(fileURLWithPath: options.venv).standardizedFileURL.path
  let starters: [(key: String, label: String, start: () throws -> CalDAVServer)] = [
    ("radicale", "Radicale", { try .radicale(venv: venv) }),
    ("xandikos", "Xandikos", { try .xandikos(venv: venv) }),
    (
      "checklists", "Checklists",
      { try .checklists(binary: binary, appPassword: options.appPassword) }
    ),
  ].filter { options.only?.contains($0.key) ?? true }
  print(
    "checklists-bench caldav: sizes \(options.sizes.map(String.init).joined(separator: ", ")) "
      + "VTODOs, \(options.repetitions) repetition(s) of each read (median), "
      + "\(ProcessInfo.processInfo.activeProcessorCount) cores, load average \(loadAverage())")
  print(
    "client: this process, one HTTP/1.1 connection kept open per server (raw socket, "
      + "Content-Length and chunked bodies), the same bytes to every server")
  var servers: [(label: String, server: CalDAVServer?, failure: String?)] = []
  for starter in starters {
    do {
      let server = try starter.start()
      print("  \(server.setup); port \(server.port)")
      servers.append((server.name, server, nil))
    } catch {
      print("  \(starter.label): did not start: \(error)")
      servers.append((starter.label, nil, "did not start: \(error)"))
    }
  }
  defer { for entry in servers { entry.server?.stop() } }

  // results[server][size]
  var results: [[CalDAVRun]] = Array(repeating: [], count: servers.count)
  for (run, size) in options.sizes.enumerated() {
    for (which, entry) in servers.enumerated() {
      guard let server = entry.server else {
        var failed = CalDAVRun(size: size)
        failed.puts.failure = entry.failure
        for step in [\CalDAVRun.listMultiget, \.listQuery, \.notCompleted, \.sync] {
          failed[keyPath: step] = .failed(entry.failure ?? "did not start")
        }
        results[which].append(failed)
        continue
      }
      progress("  \(entry.label): \(size) VTODOs …")
      let scenario = CalDAVScenario(
        server: server, size: size, repetitions: options.repetitions,
        putBudget: options.putBudget, run: run + 1)
      let result = scenario.measure()
      if !server.isRunning {
        progress("  \(entry.label) is no longer running:\n\(server.outputTail())")
      }
      results[which].append(result)
      progress("  \(entry.label): \(size) VTODOs done, load average \(loadAverage())")
    }
  }
  CalDAVReport(
    names: servers.map(\.label), results: results, sizes: options.sizes,
    budgetText: String(format: "%.0f s", options.putBudget)
  ).print()
}

/// Progress on standard error, so standard output holds only the figures.
private func progress(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}
