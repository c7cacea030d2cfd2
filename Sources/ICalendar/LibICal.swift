import CLibICal
import Synchronization

/// The one door to libical.
///
/// libical keeps process-wide state that is not safe to share between threads: the error
/// severity table that `icalparser_parse` itself flips while it runs
/// (`icalerror_set_error_state`), whether errors abort (`icalerror_set_errors_are_fatal`),
/// and the built-in time zone cache. Every call into libical therefore runs inside
/// ``withLibICal(_:)``, one caller at a time; parsing a VTODO takes microseconds, so the
/// lock costs far less than a request.
enum LibICal {
  /// What the lock guards besides libical's own globals.
  struct State {
    /// Whether libical's errors were made non-fatal.
    var configured = false
    /// Time zones made from VTIMEZONE texts, by text: an icaltimezone expands its rules
    /// once and keeps the result, so converting with a cached one costs microseconds where
    /// a new one costs milliseconds.
    var zones: [String: OpaquePointer] = [:]
    /// The cached texts, oldest first.
    var zoneOrder: [String] = []
  }

  /// At most this many time zones stay cached (each a few kilobytes once expanded); the
  /// oldest is freed to make room.
  static let maximumCachedZones = 64

  fileprivate static let lock = Mutex(State())

  fileprivate static func configure(_ state: inout State) {
    if !state.configured {
      // Errors are reported through X-LIC-ERROR properties and return values, never abort().
      icalerror_set_errors_are_fatal(0)
      state.configured = true
    }
  }
}

/// Runs `body` while holding the libical lock, after making libical's errors non-fatal once.
///
/// - Parameter body: Code that calls libical; it must free every libical object it makes
///   before it returns.
/// - Returns: What `body` returns.
func withLibICal<Result: Sendable, Failure: Error>(
  _ body: () throws(Failure) -> Result
) throws(Failure) -> Result {
  try LibICal.lock.withLock { (state: inout LibICal.State) throws(Failure) -> Result in
    LibICal.configure(&state)
    return try body()
  }
}

/// Runs `body` with the icaltimezone a VTIMEZONE's text defines, under the libical lock,
/// from the cache or made and cached now; nil when libical cannot read the text.
///
/// - Parameters:
///   - vtimezone: One VTIMEZONE component's text.
///   - body: Code that converts times with the zone; it must not keep the pointer.
func withLibICalZone<Result: Sendable>(
  vtimezone: String, _ body: (OpaquePointer) -> Result
) -> Result? {
  LibICal.lock.withLock { (state: inout LibICal.State) -> Result? in
    LibICal.configure(&state)
    if let zone = state.zones[vtimezone] { return body(zone) }
    guard let component = icalparser_parse_string(vtimezone) else { return nil }
    guard icalcomponent_isa(component) == ICAL_VTIMEZONE_COMPONENT, let zone = icaltimezone_new()
    else {
      icalcomponent_free(component)
      return nil
    }
    guard icaltimezone_set_component(zone, component) != 0 else {
      icalcomponent_free(component)
      icaltimezone_free(zone, 1)
      return nil
    }
    // The zone now owns the component; icaltimezone_free(zone, 1) frees both.
    if state.zoneOrder.count >= LibICal.maximumCachedZones {
      let oldest = state.zoneOrder.removeFirst()
      if let old = state.zones.removeValue(forKey: oldest) { icaltimezone_free(old, 1) }
    }
    state.zones[vtimezone] = zone
    state.zoneOrder.append(vtimezone)
    return body(zone)
  }
}
