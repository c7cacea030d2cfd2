import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Two `checklists serve` processes on one database (PostgreSQL unless `--engine sqlite`):
/// how long a change made through one takes to reach an event stream open on the other, and
/// the throughput of one instance against two behind nginx (contrib/nginx/checklists.conf).
func runInstancesBenchmark(_ options: Options) throws {
  let engine = options.engine ?? "postgres"
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("checklists-bench-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  var scratch: ScratchPostgreSQLDatabase?
  let location: String
  switch engine {
  case "postgres":
    scratch = try ScratchPostgreSQLDatabase(server: ScratchPostgreSQLDatabase.server(options))
    location = scratch!.url
  case "sqlite": location = folder.appendingPathComponent("instances.sqlite").path
  default: throw BenchmarkError(description: "--engine is sqlite or postgres, not '\(engine)'")
  }
  defer { _ = scratch }
  let (listID, itemIDs) = try fillInstancesDatabase(location)
  let binary = options.checklistsBinary ?? GrowthFixture.siblingBinary()
  let nginxPort = try ServeProcess.freePort()
  let publicURL = "https://127.0.0.1:\(nginxPort)"
  let a = try ServeProcess(binary: binary, database: location, publicURL: publicURL)
  let b = try ServeProcess(binary: binary, database: location, publicURL: publicURL)
  defer {
    a.stop()
    b.stop()
  }
  print(
    "checklists-bench instances: two `checklists serve` on one \(engine == "postgres" ? "PostgreSQL" : "SQLite") database, "
      + "\(ProcessInfo.processInfo.activeProcessorCount) cores, everything on this machine")

  // Live updates: a toggle on B (or A), the change event on a stream open on A.
  let crossing = try liveUpdateLatencies(
    stream: a.port, writer: b.port, itemIDs: itemIDs, count: options.repetitions)
  let local = try liveUpdateLatencies(
    stream: a.port, writer: a.port, itemIDs: itemIDs, count: options.repetitions)
  for (name, times) in [
    ("written on B, stream on A", crossing), ("written and streamed on A", local),
  ] {
    let sorted = times.sorted()
    print(
      String(
        format: "live update %@: p50 %.1f ms, p95 %.1f ms, max %.1f ms over %d changes "
          + "(goal: p95 under 100 ms)", name, percentile(sorted, 0.5) * 1000,
        percentile(sorted, 0.95) * 1000, sorted.last! * 1000, sorted.count))
  }

  // Throughput: one instance directly, nginx to that one instance, nginx to both.
  let certificate = try SelfSignedCertificate(folder: folder)
  let script = folder.appendingPathComponent("toggle.lua")
  try Data(
    ("local ids = {" + itemIDs.map { "\"\($0)\"" }.joined(separator: ",") + "}\n"
      + "local n = 0\n"
      + "request = function()\n  n = n + 1\n"
      + "  return wrk.format(\"POST\", \"/api/v1/items/\" .. ids[n % #ids + 1] .. \"/toggle\", "
      + "{[\"Content-Length\"] = \"0\"})\nend\n").utf8
  ).write(to: script)
  print(
    "throughput: wrk -t2 -c\(options.connections) -d\(options.seconds)s; nginx: contrib/nginx/"
      + "checklists.conf (TLS, HTTP/1.1 to the instances, keepalive 32), 1 worker")
  print(
    "                                           GET one list/s   p50 ms   toggles/s   p50 ms")
  let setups: [(String, [UInt16]?)] = [
    ("one instance, directly", nil), ("nginx to one instance", [a.port, a.port]),
    ("nginx to two instances", [a.port, b.port]),
  ]
  for (name, upstreams) in setups {
    var nginx: ProxyNginx?
    if let upstreams {
      nginx = try ProxyNginx(
        folder: folder.appendingPathComponent("nginx-\(upstreams[1])"), port: nginxPort,
        upstreams: upstreams, certificate: certificate)
    }
    defer { nginx?.stop() }
    let base = nginx == nil ? "http://127.0.0.1:\(a.port)" : publicURL
    let get = try Load.measure(base + "/api/v1/checklists/\(listID)", options: options)
    let toggle = try Load.measure(base + "/", options: options, script: script.path)
    print(
      name.padding(toLength: 40, withPad: " ", startingAt: 0)
        + String(
          format: "  %12.0f  %7.2f  %10.0f  %7.2f", get.requestsPerSecond, get.p50 * 1000,
          toggle.requestsPerSecond, toggle.p50 * 1000))
  }
  print(
    "On \(ProcessInfo.processInfo.activeProcessorCount) cores, nginx, both instances, "
      + "\(engine == "postgres" ? "PostgreSQL " : "")and wrk share the same CPUs: a second "
      + "instance cannot add capacity here (docs/SCALING.md).")
}

/// Fills a new database with a 100-item list and 20 small ones.
/// - Returns: The big list's id and its items' ids.
private func fillInstancesDatabase(_ location: String) throws -> (String, [String]) {
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
  let items = try service.checklistWithItems(id: list.id).1
  return (list.id.uuidString, items.map(\.id.uuidString))
}

/// Toggles items one at a time through `writer` and times each until its change event has
/// arrived on a stream open at `stream`.
private func liveUpdateLatencies(stream: UInt16, writer: UInt16, itemIDs: [String], count: Int)
  throws -> [Double]
{
  let events = try LoopbackConnection(port: stream)
  events.send("GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1:\(stream)\r\n\r\n")
  guard events.read(until: "retry: 1000", timeout: 5) else {
    throw BenchmarkError(description: "no event stream on port \(stream)")
  }
  let client = try KeepAliveClient(port: writer)
  var times: [Double] = []
  for n in 0..<count {
    let item = itemIDs[n % itemIDs.count]
    let start = DispatchTime.now().uptimeNanoseconds
    let answer = try client.send("POST", "/api/v1/items/\(item)/toggle")
    guard answer.0 == 200 else {
      throw BenchmarkError(description: "toggle answered \(answer.0)")
    }
    guard events.read(until: item, timeout: 5) else {
      throw BenchmarkError(description: "the change to \(item) never reached port \(stream)")
    }
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    _ = events.read(until: "\n\n", timeout: 1)  // the rest of that event
  }
  return times
}
