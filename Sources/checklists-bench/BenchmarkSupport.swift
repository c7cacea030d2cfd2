import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore
import Foundation

struct Options {
  var largeListSize = 100_000
  var toggles = 2_000
  var seconds = 10
  var connections = 64
  /// Server threads for `http`; nil for `checklists serve`'s default.
  var threads: Int?
  var catalogueSize = 10_000
  var repetitions = 200
  /// Whether `--repetitions` was given (the growth rows run 15 times unless it was).
  var repetitionsGiven = false
  var keep = false
  var listCount = 10_000
  var checklistsBinary: String?
  /// `engines`, `instances`: the PostgreSQL server to make a scratch database on.
  var postgres: String?
  /// `instances`: `postgres` (the default) or `sqlite`.
  var engine: String?

  init(_ arguments: [String]) {
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--items": largeListSize = iterator.next().flatMap(Int.init) ?? largeListSize
      case "--toggles": toggles = iterator.next().flatMap(Int.init) ?? toggles
      case "--seconds": seconds = iterator.next().flatMap(Int.init) ?? seconds
      case "--connections": connections = iterator.next().flatMap(Int.init) ?? connections
      case "--threads": threads = iterator.next().flatMap(Int.init).map { max(1, $0) }
      case "--catalogue": catalogueSize = iterator.next().flatMap(Int.init) ?? catalogueSize
      case "--repetitions":
        repetitions = iterator.next().flatMap(Int.init) ?? repetitions
        repetitionsGiven = true
      case "--keep": keep = true
      case "--lists": listCount = iterator.next().flatMap(Int.init) ?? listCount
      case "--checklists": checklistsBinary = iterator.next()
      case "--postgres": postgres = iterator.next()
      case "--engine": engine = iterator.next()
      default:
        FileHandle.standardError.write(
          Data(
            ("usage: checklists-bench [store] [--items N] [--toggles N]\n"
              + "       checklists-bench http [--seconds N] [--connections N] [--threads N]\n"
              + "       checklists-bench shopping [--catalogue N] [--repetitions N] [--keep]\n"
              + "       checklists-bench growth [--items N] [--lists N] [--repetitions N]"
              + " [--checklists PATH]\n"
              + "       checklists-bench engines [--repetitions N] [--postgres URL]\n"
              + "       checklists-bench instances [--engine postgres|sqlite] [--postgres URL]"
              + " [--repetitions N] [--seconds N] [--connections N] [--checklists PATH]\n")
              .utf8))
        exit(64)
      }
    }
  }
}

/// A small deterministic generator, so every run toggles the same items.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
  sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
}

func micros(_ value: Double) -> String { String(format: "%7.1f µs", value * 1e6) }

func portableList(_ name: String, size: Int) -> PortableChecklist {
  let due = Date(timeIntervalSinceReferenceDate: 800_000_000)
  return PortableChecklist(
    name: name, icon: .chores,
    items: (0..<size).map { n in
      PortableItem(
        text: "Item \(n)", isChecked: n % 3 == 0, dueDate: due, shouldRemind: n % 10 == 0)
    })
}

/// A TCP socket connected to 127.0.0.1:`port`, with `receiveTimeout` seconds for each read
/// (none when nil); the caller closes it.
/// - Throws: ``BenchmarkError`` when no socket can be made or the server does not accept.
func connectToLoopback(port: UInt16, receiveTimeout: Int? = nil) throws -> Int32 {
  let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard socket >= 0 else { throw BenchmarkError(description: "socket() failed: \(errno)") }
  if let receiveTimeout {
    var timeout = timeval(tv_sec: receiveTimeout, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = port.bigEndian
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  let connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
    }
  }
  guard connected else {
    close(socket)
    throw BenchmarkError(description: "cannot connect to port \(port)")
  }
  return socket
}
