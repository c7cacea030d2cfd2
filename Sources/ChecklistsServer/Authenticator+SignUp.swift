import ChecklistsCore
import ChecklistsStore
import Foundation
import HTTPServer

extension Authenticator {
  /// Runs a sign-up through an invite link under the throttle signing in has (the same counts
  /// per name and per address, in the database): while the name or the address waits, 429
  /// with `Retry-After`. A link that names no invite or no longer works, and a name that is
  /// taken, count as failures, so neither links nor names can be tried at speed. As for a
  /// sign-in, the attempt is reserved before it runs and given back unless it failed so.
  /// - Throws: ``APIError`` 429 while throttled; what `attempt` throws.
  func throttlingSignUp<T>(
    _ request: HTTPRequest, userName: String, _ attempt: () throws -> T
  ) throws -> T {
    let address = clientAddress(request)
    let now = directory.now()
    if let wait = try throttle.reserveAttempt(userName: userName, address: address, at: now) {
      throw Self.throttled("sign-up", wait: wait)
    }
    let result: T
    do {
      result = try attempt()
    } catch let error as APIError where error.status == 410 {
      throw error
    } catch let error as ChecklistsError where [.notFound, .conflict].contains(error.code) {
      throw error
    } catch {
      try? throttle.refundAttempt(userName: userName, address: address, at: now)
      throw error
    }
    try throttle.refundAttempt(userName: userName, address: address, at: now)
    return result
  }
}
