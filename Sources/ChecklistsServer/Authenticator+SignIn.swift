import ChecklistsCore
import ChecklistsMessages
import Foundation
import HTTPServer

extension Authenticator {
  /// Runs a password check (a sign-in, a command line's login, CalDAV's Basic) under the
  /// rules every one follows: there must be accounts, an account or address that failed too
  /// often waits (429 with `Retry-After`), and a failure counts against both.
  ///
  /// The attempt is reserved (counted as a failure) before `attempt` checks the password, in
  /// the same database step as the check that it may go ahead, and given back when the
  /// password was right or was never judged: so parallel guesses, on one instance or many,
  /// get no more tries than guesses one after another.
  /// - Throws: ``APIError`` 409 without accounts, 429 while throttled; what `attempt` throws.
  func checkingPassword<T>(
    _ request: HTTPRequest, userName: String, _ attempt: () throws -> T
  ) throws -> T {
    guard try signInRequired() else {
      throw APIError(
        status: 409,
        detail: MessageCatalogue.english.text("server.api.serverNoAccounts"))
    }
    let address = clientAddress(request)
    let now = directory.now()
    if let wait = try throttle.reserveAttempt(userName: userName, address: address, at: now) {
      throw Self.throttled("sign-in", wait: wait)
    }
    let result: T
    do {
      result = try attempt()
    } catch let error as ChecklistsError where error.code == .unauthorized {
      throw error  // A wrong password: the reserved attempt stays counted.
    } catch {
      try? throttle.refundAttempt(userName: userName, address: address, at: now)
      throw error
    }
    try throttle.recordSuccess(userName: userName, address: address, at: now)
    return result
  }

  /// The 429 for an attempt that must wait `wait` seconds first.
  static func throttled(_ what: String, wait: TimeInterval) -> APIError {
    let seconds = Int(wait.rounded(.up))
    return APIError(
      status: 429,
      detail: MessageCatalogue.english.text(
        "server.signIn.throttled", ["what": what], count: seconds),
      headers: ["Retry-After": String(seconds)])
  }
}
