import ChecklistsCore
import Foundation
import HTTPServer

extension Authenticator {
  /// Runs a password check (a sign-in, a command line's login) under the rules every one
  /// follows: there must be accounts, an account or address that failed too often waits
  /// (429 with `Retry-After`), and a failure counts against both.
  /// - Throws: ``APIError`` 409 without accounts, 429 while throttled; what `attempt` throws.
  func checkingPassword<T>(
    _ request: HTTPRequest, userName: String, _ attempt: () throws -> T
  ) throws -> T {
    guard try signInRequired() else {
      throw APIError(
        status: 409,
        detail: "This server has no accounts, so there is nothing to sign in to; "
          + "add one with 'checklists user add <name>'.")
    }
    let address = clientAddress(request)
    let now = directory.now()
    if let wait = try throttle.waitBeforeAttempt(userName: userName, address: address, at: now) {
      let seconds = Int(wait.rounded(.up))
      throw APIError(
        status: 429,
        detail: "Too many sign-in attempts; try again in \(seconds) "
          + (seconds == 1 ? "second." : "seconds."),
        headers: ["Retry-After": String(seconds)])
    }
    do {
      let result = try attempt()
      try throttle.recordSuccess(userName: userName)
      return result
    } catch let error as ChecklistsError where error.code == .unauthorized {
      try throttle.recordFailure(userName: userName, address: address, at: now)
      throw error
    }
  }
}
