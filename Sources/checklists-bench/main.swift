import Foundation

// Prints figures, never asserts (docs/PERFORMANCE.md):
// - store: toggling in a 10-item and a 100,000-item list in the same run, and their ratio;
//   importing a 100,000-item Checklists.plist.
// - http: the API under load against the same HTTP stack serving a fixed 200-byte response,
//   and how fast a change reaches an open event stream.
// - shopping: search-as-you-type in a 10,000-item catalogue against a 100-item one, at the
//   service and over HTTP, and the size and time of the first render's downloads.
// - growth: every single-item action, in the store and as a whole `checklists` process, at 10
//   and 100,000 items and at 10 and 10,000 lists, with the ratio.
// - engines: each API action on SQLite and on PostgreSQL in the same run, p50/p95 and ratio.
// - instances: two `checklists serve` on one database: a change on one reaching a stream on
//   the other, and one instance against two behind nginx (contrib/nginx/checklists.conf).
// - search: GET /api/v1/search at 100,000 items through `checklists serve`, p50/p95/p99.
// - caldav: Radicale, Xandikos and `checklists serve` in one run, the same client, at 500 and
//   5,000 VTODOs: PUT one by one, list all, the not-completed query, a sync after one change.
var arguments = Array(CommandLine.arguments.dropFirst())
let mode = arguments.first.map {
  ["store", "http", "shopping", "growth", "engines", "instances", "search", "caldav"].contains($0)
    ? arguments.removeFirst() : "store"
}
if mode == "caldav" {
  try runCalDAVBenchmark(CalDAVOptions(arguments))
  exit(0)
}
let options = Options(arguments)
switch mode ?? "store" {
case "http": try runHTTPBenchmark(options)
case "shopping": try runShoppingBenchmark(options)
case "growth": try runGrowthBenchmark(options)
case "engines": try runEnginesBenchmark(options)
case "instances": try runInstancesBenchmark(options)
case "search": try runSearchBenchmark(options)
default: try runStoreBenchmark(options)
}
