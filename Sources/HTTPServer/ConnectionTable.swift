#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The connections a server holds and the rules that admit, refuse and evict them, so that
/// slow or greedy clients cannot keep others out:
///
/// - One client address may hold at most `maxPerAddress` connections; more are refused.
/// - When `maxConnections` are held, a newcomer takes the place of the connection that has
///   waited longest for its request to arrive (an idle keep-alive connection, or a client
///   sending its header or body slowly). Connections whose request is being answered, and
///   event streams, are never evicted; when every connection is such a one, the newcomer
///   is refused.
/// - A request must arrive within the request deadline (the watchdog enforces it for the
///   header; the body's pieces are checked as they arrive).
///
/// A refused connection is answered `503` when its request arrives and then closed; it does
/// not count against the limits meanwhile, but only ``maxRefusedWaiting`` may wait for their
/// answer at once: past that, a refused newcomer is shut down unanswered, so that one address
/// opening thousands of connections cannot fill libmicrohttpd's own table either.
///
/// The table is a value kept under the server's lock; its methods make no calls but
/// `shutdown(2)` on sockets of connections it still holds.
struct ConnectionTable {
  /// Where a connection is in its current request.
  enum Phase {
    /// Waiting for (the rest of) a request header, including idle between requests.
    case awaitingRequest
    /// Receiving a request body.
    case receivingBody
    /// Its request is being answered, or it is an event stream.
    case answering
  }

  /// How the limits treat a connection.
  enum Standing: Equatable {
    /// It counts against the limits.
    case admitted
    /// It waits for its request, to answer it 503 with this sentence.
    case refused(String)
    /// Its socket was shut down; libmicrohttpd will close it.
    case shutDown
  }

  /// A connection the server holds.
  struct Entry {
    /// The socket; valid while the entry exists, because libmicrohttpd reports a connection
    /// closed before it closes its socket.
    let socket: Int32
    let address: ClientAddress?
    var phase: Phase = .awaitingRequest
    /// When the connection began waiting for its current or next request; the request
    /// deadline counts from here.
    var waitingSince: ContinuousClock.Instant
    var standing: Standing
    /// A duplicate of the socket to linger on once libmicrohttpd closes the connection (a
    /// response went out before its request was read), or -1.
    var lingeringDuplicate: Int32 = -1
    /// Whether the server refused a request on it; no further request on it is handled.
    var answeredRefusal = false

    /// Why the connection is refused, as a sentence for the 503 response; nil if it is not.
    var refusal: String? {
      if case .refused(let sentence) = standing { return sentence }
      return nil
    }
  }

  let maxConnections: Int
  let maxPerAddress: Int
  /// How many refused connections may wait for their answer at once.
  let maxRefusedWaiting: Int
  private(set) var entries: [UInt: Entry] = [:]
  private var perAddress: [ClientAddress: Int] = [:]
  private var admitted = 0
  private var refusedWaiting = 0

  init(maxConnections: Int, maxPerAddress: Int) {
    self.maxConnections = maxConnections
    self.maxPerAddress = maxPerAddress
    self.maxRefusedWaiting = Self.refusedRoom(maxConnections: maxConnections)
  }

  /// The connections libmicrohttpd should accept for a table with `maxConnections`: those
  /// admitted, those refused and waiting for their answer, and as many again for connections
  /// shut down that libmicrohttpd has not closed yet. Past it libmicrohttpd closes newcomers
  /// without a word.
  static func daemonLimit(maxConnections: Int) -> Int {
    maxConnections + 2 * refusedRoom(maxConnections: maxConnections)
  }

  private static func refusedRoom(maxConnections: Int) -> Int {
    max(32, maxConnections / 8)
  }

  /// Records a new connection, refusing or making room for it under the limits.
  ///
  /// - Returns: The refusal sentence, or nil when the connection was admitted.
  /// - Complexity: O(1), or O(*n*) in the connections held when a place must be freed.
  @discardableResult
  mutating func open(
    _ key: UInt, socket: Int32, address: ClientAddress?, now: ContinuousClock.Instant
  ) -> String? {
    var refusal: String?
    if maxPerAddress > 0, let address, perAddress[address, default: 0] >= maxPerAddress {
      refusal =
        "Too many connections from \(address): at most \(maxPerAddress) at once. "
        + "Close some, or wait for them to finish."
    } else if admitted >= maxConnections, !evictLongestWaiting() {
      refusal =
        "The server is serving as many connections as it can (\(maxConnections)). "
        + "Try again shortly."
    }
    let standing: Standing
    if let refusal {
      standing = refusedWaiting < maxRefusedWaiting ? .refused(refusal) : .shutDown
    } else {
      standing = .admitted
    }
    entries[key] = Entry(socket: socket, address: address, waitingSince: now, standing: standing)
    switch standing {
    case .admitted: count(address, by: 1)
    case .refused: refusedWaiting += 1
    case .shutDown: shutDownSocket(socket)
    }
    return refusal
  }

  /// Forgets a connection libmicrohttpd is closing.
  ///
  /// - Returns: The entry, to see whether it lingers (its duplicate is then the caller's).
  mutating func close(_ key: UInt) -> Entry? {
    guard let entry = entries.removeValue(forKey: key) else { return nil }
    release(entry)
    return entry
  }

  /// Moves a connection to another phase; `awaitingRequest` restarts its request clock.
  mutating func setPhase(_ phase: Phase, of key: UInt, now: ContinuousClock.Instant) {
    guard entries[key] != nil else { return }
    entries[key]!.phase = phase
    if phase == .awaitingRequest { entries[key]!.waitingSince = now }
  }

  /// Gives a connection whose close should linger the duplicate of its socket to linger on.
  ///
  /// - Returns: Whether the connection took it; if not, the caller closes it.
  mutating func setLingeringDuplicate(_ duplicate: Int32, of key: UInt) -> Bool {
    guard entries[key] != nil, entries[key]!.lingeringDuplicate < 0 else { return false }
    entries[key]!.lingeringDuplicate = duplicate
    return true
  }

  /// Notes that the server refused a request on a connection.
  mutating func markRefused(_ key: UInt) {
    entries[key]?.answeredRefusal = true
  }

  /// Shuts a connection down if the server refused a request on it before.
  ///
  /// - Returns: Whether it did.
  mutating func shutDownIfRefused(_ key: UInt) -> Bool {
    guard entries[key]?.answeredRefusal == true else { return false }
    shutDown(key)
    return true
  }

  /// Shuts down connections whose request header is not complete by its deadline:
  /// `deadline` after they began waiting, or `refusedDeadline` for refused ones.
  mutating func shutDownOverdue(
    now: ContinuousClock.Instant, deadline: Duration, refusedDeadline: Duration
  ) {
    for (key, entry) in entries where entry.phase == .awaitingRequest {
      let allowed: Duration
      switch entry.standing {
      case .admitted: allowed = deadline
      case .refused: allowed = refusedDeadline
      case .shutDown: continue
      }
      if entry.waitingSince + allowed <= now { shutDown(key) }
    }
  }

  /// Shuts down the admitted connection that has waited longest for its request.
  ///
  /// - Returns: Whether there was one.
  private mutating func evictLongestWaiting() -> Bool {
    var oldest: (key: UInt, since: ContinuousClock.Instant)?
    for (key, entry) in entries where entry.standing == .admitted && entry.phase != .answering {
      if oldest == nil || entry.waitingSince < oldest!.since {
        oldest = (key, entry.waitingSince)
      }
    }
    guard let oldest else { return false }
    shutDown(oldest.key)
    return true
  }

  /// Shuts a connection's socket down, so that libmicrohttpd closes it on its next look, and
  /// stops counting it.
  private mutating func shutDown(_ key: UInt) {
    guard let entry = entries[key], entry.standing != .shutDown else { return }
    shutDownSocket(entry.socket)
    release(entry)
    entries[key]!.standing = .shutDown
  }

  private func shutDownSocket(_ socket: Int32) {
    if socket >= 0 { _ = shutdown(socket, Int32(SHUT_RDWR)) }
  }

  /// Stops counting a connection that was admitted or refused.
  private mutating func release(_ entry: Entry) {
    switch entry.standing {
    case .admitted: count(entry.address, by: -1)
    case .refused: refusedWaiting -= 1
    case .shutDown: break
    }
  }

  private mutating func count(_ address: ClientAddress?, by change: Int) {
    admitted += change
    guard maxPerAddress > 0, let address else { return }
    let total = perAddress[address, default: 0] + change
    perAddress[address] = total > 0 ? total : nil
  }
}
