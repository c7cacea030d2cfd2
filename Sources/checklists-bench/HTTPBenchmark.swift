import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsServer
import ChecklistsStore
import Foundation
import HTTPServer

/// The API under load (wrk) against two ceilings, the same HTTP stack with a fixed small
/// answer and nginx serving the same bytes as a static file, and live-update latency.
func runHTTPBenchmark(_ options: Options) throws {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("checklists-bench-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let path = folder.appendingPathComponent("http.sqlite").path
  let store = try SQLChecklistStore(sqlitePath: path)
  let service = try ChecklistService.openLocal(store: store)
  let hundred = PortableChecklist(
    name: "Groceries", icon: .groceries,
    items: (0..<100).map { PortableItem(text: "Item \($0)", isChecked: $0 % 3 == 0) })
  let others = (1...20).map { n in
    PortableChecklist(name: "List \(n)", icon: .chores, items: [PortableItem(text: "Task")])
  }
  try service.importChecklists([hundred] + others, mode: .merge)
  let list = try service.findList("Groceries")

  var configuration = ChecklistsServer.Configuration()
  configuration.port = 0
  if let threads = options.threads { configuration.threadCount = threads }
  let devNull = FileHandle(forWritingAtPath: "/dev/null")!
  let server = try ChecklistsServer(
    store: store, configuration: configuration, logOutput: devNull)
  try server.start()
  defer { server.shutdown() }
  let fixed = [UInt8](repeating: UInt8(ascii: "x"), count: 200)
  let ceiling = HTTPServer(
    configuration: HTTPServerConfiguration(
      host: "127.0.0.1", port: 0, threadCount: configuration.threadCount),
    handler: { _ in HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: fixed)
    },
    errorResponse: { status, _ in HTTPResponse(status: status) })
  try ceiling.start()
  defer { ceiling.shutdown() }

  let listURL = server.url + "/api/v1/checklists/\(list.id.uuidString)"
  // nginx serves exactly the bytes of that GET, with the same Content-Type and extra fields.
  let sample = try RawResponse.get(
    port: server.port, target: "/api/v1/checklists/\(list.id.uuidString)")
  guard sample.status == 200 else {
    throw BenchmarkError(description: "GET one list answered \(sample.status)")
  }
  let ownFields: Set = [
    "content-length", "content-type", "connection", "date", "etag", "keep-alive", "server",
    "transfer-encoding",
  ]
  let nginx = try NginxCeiling.start(
    body: sample.body, contentType: sample.header("Content-Type") ?? "application/json",
    headers: sample.headers.filter { !ownFields.contains($0.0.lowercased()) })
  defer { nginx?.stop() }

  print(
    "checklists-bench http: wrk -t2 -c\(options.connections) -d\(options.seconds)s --latency, "
      + "server threads \(configuration.threadCount), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
      + "access log on (to /dev/null)")
  if nginx == nil {
    print(
      "nginx: not measured, \(NginxCeiling.executable) is missing "
        + "(scripts/setup installs it: apt-get install nginx)")
  } else {
    print(
      "nginx: the same \(sample.body.count)-byte body as a static file, "
        + "\(ProcessInfo.processInfo.activeProcessorCount) workers, access log on "
        + "(combined, to /dev/null, 16k buffer)")
  }
  var targets = [("ceiling: fixed 200-byte response", ceiling.url + "/")]
  if let nginx { targets.append(("nginx: same body, static file", nginx.url)) }
  targets += [
    ("GET one list of 100 items", listURL),
    ("GET all lists (21)", server.url + "/api/v1/checklists"),
  ]
  if let nginx { targets.append(("nginx again", nginx.url)) }
  targets.append(("ceiling again", ceiling.url + "/"))
  var results: [(name: String, load: Load, loadAverage: String)] = []
  for (name, url) in targets {
    let isNginx = name.hasPrefix("nginx")
    let cpu: () -> Double = { isNginx ? nginx?.cpuTime() ?? 0 : processCPUTime() }
    let load = try Load.measure(url, options: options, cpuTime: cpu)
    results.append((name, load, loadAverage()))
  }
  func meanRate(_ prefix: String) -> Double? {
    let rates = results.filter { $0.name.hasPrefix(prefix) }.map(\.load.requestsPerSecond)
    return rates.isEmpty ? nil : rates.reduce(0, +) / Double(rates.count)
  }
  func meanCost(_ prefix: String) -> Double? {
    let costs = results.filter { $0.name.hasPrefix(prefix) }.map(\.load.cpuPerRequest)
    return costs.isEmpty ? nil : costs.reduce(0, +) / Double(costs.count)
  }
  let ceilingRate = meanRate("ceiling")!
  let nginxRate = meanRate("nginx")
  print(
    "                                     requests/s    p50       p99    of ceiling  of nginx   load"
  )
  for (name, load, loadAverage) in results {
    let ofNginx =
      nginxRate.map { String(format: "%7.2f", load.requestsPerSecond / $0) } ?? "      -"
    print(
      name.padding(toLength: 36, withPad: " ", startingAt: 0)
        + String(
          format: " %9.0f  %6.2f ms  %6.2f ms   %7.2f", load.requestsPerSecond,
          load.p50 * 1000, load.p99 * 1000, load.requestsPerSecond / ceilingRate)
        + "   " + ofNginx + String(format: "  %6.1f µs", load.cpuPerRequest * 1e6) + "   "
        + loadAverage)
  }
  let listLoad = results.first { $0.name.hasPrefix("GET one list") }!.load
  print(
    String(
      format: "GET one list: %.2f of the bare HTTPServer ceiling, p99 %.2f ms (goal ≤ 5 ms: %@)",
      listLoad.requestsPerSecond / ceilingRate, listLoad.p99 * 1000,
      listLoad.p99 <= 0.005 ? "met" : "NOT met"))
  if let nginxCost = meanCost("nginx") {
    print(
      String(
        format: "GET one list: %.2f of nginx's CPU time per request for the same bytes",
        listLoad.cpuPerRequest / nginxCost))
  }
  if let nginxRate {
    let share = listLoad.requestsPerSecond / nginxRate
    print(
      String(
        format: "GET one list: %.2f of nginx serving the same bytes (goal ≥ 1.0: %@)", share,
        share >= 1 ? "met" : "NOT met"))
  }
  try measureLiveUpdates(server: server, service: service, path: path, list: list)
}

/// CPU seconds this process has used, all threads.
func processCPUTime() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}

/// One wrk run's figures.
struct Load {
  var requestsPerSecond: Double
  var p50: Double
  var p99: Double

  /// Server CPU time (user + system) per request answered: what a request costs whatever
  /// else the shared cores run, unlike requests/s.
  var cpuPerRequest: Double = 0

  /// Runs wrk against `url`; `cpuTime` reads the serving process's CPU seconds so far.
  static func measure(_ url: String, options: Options, cpuTime: () -> Double) throws -> Load {
    let cpuBefore = cpuTime()
    var load = try measure(url, options: options)
    load.cpuPerRequest = (cpuTime() - cpuBefore) / max(1, load.requests)
    return load
  }

  /// The requests wrk counted.
  var requests: Double = 0

  /// Runs wrk against `url`, with a Lua `script` making the requests when given.
  static func measure(_ url: String, options: Options, script: String? = nil) throws -> Load {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/wrk")
    process.arguments =
      ["-t2", "-c\(options.connections)", "-d\(options.seconds)s", "--latency"]
      + (script.map { ["-s", $0] } ?? []) + [url]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    func value(after label: String) -> String? {
      output.split(separator: "\n").first {
        $0.trimmingCharacters(in: .whitespaces).hasPrefix(label)
      }?
      .split(separator: " ", omittingEmptySubsequences: true).last.map(String.init)
    }
    guard let rate = value(after: "Requests/sec:").flatMap(Double.init),
      let p50 = value(after: "50%").flatMap(seconds), let p99 = value(after: "99%").flatMap(seconds)
    else {
      throw BenchmarkError(description: "wrk printed no figures for \(url):\n\(output)")
    }
    if output.contains("Non-2xx") {
      throw BenchmarkError(description: "errors from \(url):\n\(output)")
    }
    // "  123456 requests in 10.00s, 3.21GB read"
    let requests =
      output.split(separator: "\n").first { $0.contains(" requests in ") }?
      .split(separator: " ").first.flatMap { Double($0) } ?? 0
    return Load(requestsPerSecond: rate, p50: p50, p99: p99, requests: requests)
  }

  /// wrk's "1.23ms", "456.00us", "1.02s" as seconds.
  static func seconds(_ text: String) -> Double? {
    for (suffix, scale) in [("us", 1e-6), ("ms", 1e-3), ("s", 1.0)] where text.hasSuffix(suffix) {
      return Double(text.dropLast(suffix.count)).map { $0 * scale }
    }
    return nil
  }
}

struct BenchmarkError: Error, CustomStringConvertible {
  var description: String
}
