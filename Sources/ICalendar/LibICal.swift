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
  fileprivate static let lock = Mutex(false)
}

/// Runs `body` while holding the libical lock, after making libical's errors non-fatal once.
///
/// - Parameter body: Code that calls libical; it must free every libical object it makes
///   before it returns.
/// - Returns: What `body` returns.
func withLibICal<Result: Sendable, Failure: Error>(
  _ body: () throws(Failure) -> Result
) throws(Failure) -> Result {
  try LibICal.lock.withLock { (configured: inout Bool) throws(Failure) -> Result in
    if !configured {
      // Errors are reported through X-LIC-ERROR properties and return values, never abort().
      icalerror_set_errors_are_fatal(0)
      configured = true
    }
    return try body()
  }
}
