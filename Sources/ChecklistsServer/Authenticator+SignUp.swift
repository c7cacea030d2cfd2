import ChecklistsCore
import ChecklistsStore
import Foundation
import HTTPServer

extension Authenticator {
  /// Runs a sign-up through an invite link under the throttle signing in has (the same counts
  /// per name and per address, in the database): while the name or the address waits, 429
  /// with `Retry-After`. A link that names no invite or no longer works, and a name that is
  /// taken, count as failures, so neither links nor names can be tried at speed.
  /// - Throws: ``APIError`` 429 while throttled; what `attempt` throws.
  func throttlingSignUp<T>(
    _ request: HTTPRequest, userName: String, _ attempt: () throws -> T
  ) throws -> T {
    let address = clientAddress(request)
    let now = directory.now()
    if let wait = try throttle.waitBeforeAttempt(userName: userName, address: address, at: now) {
      let seconds = Int(wait.rounded(.up))
      throw APIError(
        status: 429,
        detail: "Too many sign-up attempts; try again in \(seconds) "
          + (seconds == 1 ? "second." : "seconds."),
        headers: ["Retry-After": String(seconds)])
    }
    do {
      return try attempt()
    } catch let error as APIError where error.status == 410 {
      try throttle.recordFailure(userName: userName, address: address, at: now)
      throw error
    } catch let error as ChecklistsError where [.notFound, .conflict].contains(error.code) {
      try throttle.recordFailure(userName: userName, address: address, at: now)
      throw error
    }
  }
}
