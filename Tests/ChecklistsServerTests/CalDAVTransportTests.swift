import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsSecurity
import ChecklistsStore
import Foundation
import HTTPServer
import Testing

@testable import ChecklistsServer

@Suite("CalDAV credentials travel only over HTTPS, unless the client is on this machine")
struct CalDAVTransportTests {
  /// An authenticator for a server on 0.0.0.0 (or behind an HTTPS proxy) with alice's account.
  static func authenticator(secure: Bool) throws -> Authenticator {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("checklists-transport-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let store = try SQLChecklistStore(sqlitePath: folder.appendingPathComponent("db.sqlite").path)
    let accounts = AccountService(store: store, hasher: PasswordHasher(strength: .minimum))
    try accounts.addUser(named: "alice", password: "wonderland-42")
    return Authenticator(
      accounts: accounts,
      directory: UserDirectory(store: store, currency: .euro, now: Date.init),
      isLoopback: false, secureCookies: secure, behindProxy: secure,
      origins: ServerOrigins(publicURLs: [], listenHost: "0.0.0.0", port: 8080, secure: secure))
  }

  static func request(from address: String) -> HTTPRequest {
    HTTPRequest(
      method: "PROPFIND", path: "/dav/",
      headers: ["Authorization": CalDAVTestClient.basic("alice", "wonderland-42")],
      remoteAddress: address)
  }

  @Test("Plain HTTP from another machine is refused (403) before the password is looked at")
  func plainHTTPRefused() throws {
    let authenticator = try Self.authenticator(secure: false)
    #expect(throws: APIError.self) {
      try authenticator.identifyDAV(Self.request(from: "192.0.2.7"))
    }
    do {
      _ = try authenticator.identifyDAV(Self.request(from: "192.0.2.7"))
    } catch let error as APIError {
      #expect(error.status == 403)
      #expect(error.detail.contains("HTTPS"))
    }
    // The same request from this machine signs in.
    #expect(try authenticator.identifyDAV(Self.request(from: "127.0.0.1")).user.name == "alice")
  }

  @Test("Behind an HTTPS proxy the proxy's clients may sign in")
  func behindProxy() throws {
    let authenticator = try Self.authenticator(secure: true)
    #expect(try authenticator.identifyDAV(Self.request(from: "192.0.2.7")).user.name == "alice")
  }
}
