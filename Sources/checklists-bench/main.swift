import Foundation

// Prints figures, never asserts (docs/PERFORMANCE.md):
// - store: toggling in a 10-item and a 100,000-item list in the same run, and their ratio;
//   importing a 100,000-item Checklists.plist.
// - http: the API under load against the same HTTP stack serving a fixed 200-byte response,
//   and how fast a change reaches an open event stream.
var arguments = Array(CommandLine.arguments.dropFirst())
let mode = arguments.first.map {
  ["store", "http"].contains($0) ? arguments.removeFirst() : "store"
}
let options = Options(arguments)
switch mode ?? "store" {
case "http": try runHTTPBenchmark(options)
default: try runStoreBenchmark(options)
}
