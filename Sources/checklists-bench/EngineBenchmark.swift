import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsServer
import ChecklistsStore
import Foundation

/// Each single-item action and the two GETs through the API, on SQLite and on PostgreSQL in
/// the same run: one server per engine in this process, the same lists in each, one client on
/// a kept-open connection, rounds of each engine taking turns so that whatever else the
/// machine runs falls on both.
func runEnginesBenchmark(_ options: Options) throws {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("checklists-bench-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let server = ScratchPostgreSQLDatabase.server(options)
  let scratch = try ScratchPostgreSQLDatabase(server: server)
  let subjects = [
    try EngineSubject(
      name: "SQLite", location: folder.appendingPathComponent("engines.sqlite").path),
    try EngineSubject(name: "PostgreSQL", location: scratch.url),
  ]
  defer { for subject in subjects { subject.stop() } }
  let round = 20
  let rounds = max(1, options.repetitions / round)
  print(
    "checklists-bench engines: \(rounds * round) requests per action and engine on one kept-open "
      + "connection, engines taking turns every \(round); a 100-item list among 21; "
      + "\(ProcessInfo.processInfo.activeProcessorCount) cores; PostgreSQL: a fresh database "
      + "on \(server.split(separator: "@").last ?? "")")
  print(
    "Each GET follows an untimed toggle, so it reads the database, not the response cache.")
  for subject in subjects { try subject.measure(round, keep: false) }  // warm-up
  for _ in 0..<rounds {
    for subject in subjects { try subject.measure(round, keep: true) }
  }
  print(
    "action                   SQLite p50      p95   PostgreSQL p50      p95   ratio p50   p95")
  var worst = 0.0
  for action in EngineSubject.Action.allCases {
    let lite = subjects[0].samples[action, default: []].sorted()
    let pg = subjects[1].samples[action, default: []].sorted()
    let ratio50 = percentile(pg, 0.5) / percentile(lite, 0.5)
    let ratio95 = percentile(pg, 0.95) / percentile(lite, 0.95)
    worst = max(worst, ratio50)
    print(
      action.rawValue.padding(toLength: 22, withPad: " ", startingAt: 0)
        + String(
          format: "  %8.2f ms %6.2f ms     %8.2f ms %6.2f ms   %6.2f  %6.2f",
          percentile(lite, 0.5) * 1000, percentile(lite, 0.95) * 1000,
          percentile(pg, 0.5) * 1000, percentile(pg, 0.95) * 1000, ratio50, ratio95))
  }
  print(
    String(
      format: "PostgreSQL within 2x of SQLite at p50 for every action (worst %.2f): %@", worst,
      worst <= 2 ? "met" : "NOT met"))
}

/// One engine's server and the client that measures it.
final class EngineSubject {
  /// What is measured, in the order printed.
  enum Action: String, CaseIterable {
    case add = "add an item"
    case check = "check an item"
    case move = "move an item"
    case getList = "GET one list (100+)"
    case getAll = "GET all lists (21)"
  }

  let name: String
  private(set) var samples: [Action: [Double]] = [:]
  private let server: ChecklistsServer
  private let client: KeepAliveClient
  private let listID: String
  private let itemIDs: [String]
  private var added = 0

  /// Opens `location` (a SQLite file or a PostgreSQL URL) with `SQLChecklistStore.open`, fills
  /// it and serves it on a free 127.0.0.1 port.
  init(name: String, location: String) throws {
    self.name = name
    let store = try SQLChecklistStore.open(location)
    let service = try ChecklistService.openLocal(store: store)
    let hundred = PortableChecklist(
      name: "Groceries", icon: .groceries,
      items: (0..<100).map { PortableItem(text: "Item \($0)", isChecked: $0 % 3 == 0) })
    let others = (1...20).map { n in
      PortableChecklist(name: "List \(n)", icon: .chores, items: [PortableItem(text: "Task")])
    }
    try service.importChecklists([hundred] + others, mode: .merge)
    let list = try service.findList("Groceries")
    listID = list.id.uuidString
    itemIDs = try service.checklistWithItems(id: list.id).1.map(\.id.uuidString)
    var configuration = ChecklistsServer.Configuration()
    configuration.port = 0
    server = try ChecklistsServer(
      store: store, configuration: configuration,
      logOutput: FileHandle(forWritingAtPath: "/dev/null")!)
    try server.start()
    client = try KeepAliveClient(port: server.port)
  }

  func stop() { server.shutdown() }

  /// Times `count` requests of each action; kept in ``samples`` when `keep`.
  func measure(_ count: Int, keep: Bool) throws {
    for action in Action.allCases {
      for n in 0..<count {
        let item = itemIDs[n % itemIDs.count]
        let (method, target, body, expected): (String, String, String?, Int)
        switch action {
        case .add:
          added += 1
          (method, target, body, expected) = (
            "POST", "/api/v1/checklists/\(listID)/items", "{\"text\":\"Bench \(added)\"}", 201
          )
        case .check:
          (method, target, body, expected) = ("POST", "/api/v1/items/\(item)/toggle", nil, 200)
        case .move:
          (method, target, body, expected) = (
            "POST", "/api/v1/items/\(item)/move", "{\"index\":\(n % 2 == 0 ? 50 : 0)}", 200
          )
        case .getList, .getAll:
          try expect(200, client.send("POST", "/api/v1/items/\(item)/toggle"), "toggle")
          (method, target, body, expected) = (
            "GET", action == .getList ? "/api/v1/checklists/\(listID)" : "/api/v1/checklists",
            nil, 200
          )
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let answer = try client.send(method, target, body: body)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        try expect(expected, answer, action.rawValue)
        if keep { samples[action, default: []].append(elapsed) }
      }
    }
  }

  private func expect(_ status: Int, _ answer: (Int, [UInt8]), _ what: String) throws {
    guard answer.0 == status else {
      throw BenchmarkError(
        description: "\(name): \(what) answered \(answer.0), not \(status): "
          + String(decoding: answer.1.prefix(300), as: UTF8.self))
    }
  }
}
