import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsServer
import ChecklistsStore
import Foundation
import HTTPServer
import Synchronization
import Testing
import WebPush

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A push service on 127.0.0.1 that records every POST: 201, or 410 under `/gone/`.
private final class PushService: Sendable {
  struct Push: Sendable {
    var path: String
    var headers: [String: String]
    var body: [UInt8]
  }

  private final class Inbox: Sendable {
    let pushes = Mutex<[Push]>([])
  }

  private let inbox = Inbox()
  let server: HTTPServer

  init() throws {
    let inbox = inbox
    server = HTTPServer(
      configuration: HTTPServerConfiguration(port: 0),
      handler: { request in
        var headers: [String: String] = [:]
        for name in ["Authorization", "Content-Encoding", "TTL", "Urgency", "Content-Type"] {
          headers[name] = request.headers[name]
        }
        inbox.pushes.withLock {
          $0.append(Push(path: request.path, headers: headers, body: request.body))
        }
        return HTTPResponse(status: request.path.hasPrefix("/gone/") ? 410 : 201)
      },
      errorResponse: { status, detail in HTTPResponse(status: status, text: detail) })
    try server.start()
  }

  var origin: String { "http://127.0.0.1:\(server.port)" }

  func pushes(_ path: String) -> [Push] {
    inbox.pushes.withLock { $0.filter { $0.path == path } }
  }

  /// Waits (boundedly) until `path` has received `count` pushes.
  func waitFor(_ path: String, count: Int = 1) async throws -> [Push] {
    for _ in 0..<200 where pushes(path).count < count {
      try await Task.sleep(for: .milliseconds(50))
    }
    return pushes(path)
  }
}

/// A browser's side of a subscription: keys made here.
private struct Browser {
  let endpoint: String
  let key: P256KeyPair
  let auth: [UInt8]

  init(_ endpoint: String) throws {
    self.endpoint = endpoint
    key = try P256KeyPair()
    auth = (0..<16).map { _ in UInt8.random(in: 0...255) }
  }

  var subscription: [String: Any] {
    [
      "endpoint": endpoint,
      "keys": ["p256dh": key.publicKey.base64URL, "auth": Base64URL.encode(auth)],
      "expirationTime": NSNull(),
    ]
  }
}

/// A real server on a real SQLite file whose pushes may go to `allowing` (plain HTTP).
private final class PushTestServer: Sendable {
  let server: ChecklistsServer
  let clock: ManualClock
  let service: ChecklistService
  let store: SQLChecklistStore

  init(allowing origin: String, path: String? = nil) throws {
    let databasePath =
      path
      ?? FileManager.default.temporaryDirectory
      .appendingPathComponent("checklists-push-\(UUID().uuidString).sqlite").path
    clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_030))
    store = try SQLChecklistStore(sqlitePath: databasePath)
    service = try ChecklistService.openLocal(store: store, now: clock.now)
    var configuration = ChecklistsServer.Configuration()
    configuration.port = 0
    configuration.threadCount = 4
    configuration.watchInterval = .milliseconds(50)
    configuration.currency = .euro
    configuration.locale = Locale(identifier: "en_US")
    configuration.pushContact = "mailto:ops@checklists.invalid"
    configuration.pushAllowedInsecureOrigins = [origin]
    server = try ChecklistsServer(
      store: store, configuration: configuration, now: clock.now, logsRequests: false,
      logOutput: FileHandle(forWritingAtPath: "/dev/null")!)
    try server.start()
  }

  deinit { server.shutdown() }

  func request(_ method: String, _ path: String, json: Any? = nil) async throws -> (
    Int, [String: Any]
  ) {
    var request = URLRequest(url: URL(string: server.url + path)!)
    request.httpMethod = method
    if let json {
      request.httpBody = try JSONSerialization.data(withJSONObject: json)
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    let (data, response) = try await TestServer.session.data(for: request)
    let status = try #require(response as? HTTPURLResponse).statusCode
    let object =
      data.isEmpty ? [:] : (try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return (status, object ?? [:])
  }
}

@Suite("Web Push: subscriptions and reminders pushed")
struct PushAPITests {
  @Test("The key is the server's, kept in the database across restarts")
  func keyIsKept() async throws {
    let pushService = try PushService()
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("checklists-push-\(UUID().uuidString).sqlite").path
    let first = try PushTestServer(allowing: pushService.origin, path: path)
    let (status, body) = try await first.request("GET", "/api/v1/push/key")
    #expect(status == 200)
    let key = try #require(body["publicKey"] as? String)
    #expect(Base64URL.decode(key)?.count == 65)
    first.server.shutdown()
    let second = try PushTestServer(allowing: pushService.origin, path: path)
    #expect(try await second.request("GET", "/api/v1/push/key").1["publicKey"] as? String == key)
  }

  @Test("Subscribing: 201 when new, 200 when known; deleting: 204")
  func subscribe() async throws {
    let pushService = try PushService()
    let server = try PushTestServer(allowing: pushService.origin)
    let phone = try Browser(pushService.origin + "/push/phone")
    var (status, body) = try await server.request(
      "POST", "/api/v1/push/subscriptions", json: phone.subscription)
    #expect(status == 201)
    #expect(body["endpoint"] as? String == phone.endpoint)
    (status, _) = try await server.request(
      "POST", "/api/v1/push/subscriptions", json: phone.subscription)
    #expect(status == 200)
    (status, _) = try await server.request(
      "POST", "/api/v1/push/subscriptions/delete", json: ["endpoint": phone.endpoint])
    #expect(status == 204)
    (status, _) = try await server.request(
      "POST", "/api/v1/push/subscriptions", json: phone.subscription)
    #expect(status == 201)
  }

  @Test(
    "Bad subscriptions are 422 naming the field",
    arguments: [
      ("endpoint", "http://127.0.0.1:1/push", "'endpoint'"),
      ("endpoint", "ftp://push.example/x", "'endpoint'"),
      ("endpoint", "not a url", "'endpoint'"),
      ("p256dh", "BCVx", "'keys.p256dh'"),
      ("p256dh", "", "'keys.p256dh'"),
      ("auth", "c2hvcnQ", "'keys.auth'"),
      ("expirationTime", "soon", "'expirationTime'"),
      ("keys", "none", "'keys'"),
      ("extra", "x", "'keys.extra'"),
    ])
  func badSubscriptions(field: String, value: String, named: String) async throws {
    let pushService = try PushService()
    let server = try PushTestServer(allowing: pushService.origin)
    var subscription = try Browser(pushService.origin + "/push/x").subscription
    var keys = subscription["keys"] as! [String: String]
    switch field {
    case "p256dh", "auth", "extra": keys[field] = value
    case "keys": subscription.removeValue(forKey: "keys")
    default: subscription[field] = value
    }
    if field != "keys" { subscription["keys"] = keys }
    let (status, body) = try await server.request(
      "POST", "/api/v1/push/subscriptions", json: subscription)
    #expect(status == 422)
    let detail = try #require(body["detail"] as? String)
    #expect(detail.contains(named), "\(detail)")
  }

  @Test("A user keeps 20 subscriptions: the 21st replaces the oldest")
  func limit() async throws {
    let pushService = try PushService()
    let server = try PushTestServer(allowing: pushService.origin)
    let browsers = try (0...20).map { try Browser(pushService.origin + "/push/\($0)") }
    for browser in browsers {
      server.clock.advance(by: 1)
      let (status, _) = try await server.request(
        "POST", "/api/v1/push/subscriptions", json: browser.subscription)
      #expect(status == 201)
    }
    // The newest is still known; the oldest was forgotten.
    #expect(
      try await server.request(
        "POST", "/api/v1/push/subscriptions", json: browsers[20].subscription
      ).0
        == 200)
    #expect(
      try await server.request("POST", "/api/v1/push/subscriptions", json: browsers[0].subscription)
        .0
        == 201)
  }

  @Test("A reminder reaches each subscription once, signed and encrypted; 410 removes one")
  func reminderIsPushed() async throws {
    let pushService = try PushService()
    let server = try PushTestServer(allowing: pushService.origin)
    let key = try #require(
      try await server.request("GET", "/api/v1/push/key").1["publicKey"] as? String)
    let phone = try Browser(pushService.origin + "/push/phone")
    let gone = try Browser(pushService.origin + "/gone/laptop")
    for browser in [phone, gone] {
      #expect(
        try await server.request("POST", "/api/v1/push/subscriptions", json: browser.subscription).0
          == 201)
    }
    let list = try server.service.createList(named: "Garden")
    let due = Date(timeIntervalSince1970: 1_800_000_060)
    let item = try server.service.addItem(
      "Water the plants", to: list.id, dueDate: due, shouldRemind: true)
    server.clock.advance(to: due.addingTimeInterval(1))
    let pushes = try await pushService.waitFor("/push/phone")
    #expect(pushes.count == 1)
    let push = try #require(pushes.first)
    #expect(push.headers["Content-Encoding"] == "aes128gcm")
    #expect(push.headers["TTL"] == "86400")
    #expect(push.headers["Urgency"] == "high")
    let authorization = try #require(push.headers["Authorization"])
    #expect(authorization.hasPrefix("vapid t="))
    #expect(authorization.hasSuffix(", k=\(key)"))
    let token = String(authorization.dropFirst("vapid t=".count).prefix { $0 != "," })
    let parts = token.split(separator: ".").map(String.init)
    #expect(parts.count == 3)
    let signature = try #require(Base64URL.decode(parts[2]))
    #expect(
      try P256PublicKey(base64URL: key).isValidSignature(
        signature, of: Array("\(parts[0]).\(parts[1])".utf8)))
    let claimBytes = try #require(Base64URL.decode(parts[1]))
    let claims = try #require(
      JSONSerialization.jsonObject(with: Data(claimBytes)) as? [String: Any])
    #expect(claims["aud"] as? String == pushService.origin)
    #expect(claims["sub"] as? String == "mailto:ops@checklists.invalid")
    let payload = try PushMessageEncryption.decrypt(
      push.body, with: phone.key, authSecret: phone.auth)
    let json = try #require(JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any])
    #expect(json["type"] as? String == "reminder")
    #expect(json["itemID"] as? String == item.id.uuidString)
    #expect(json["checklistID"] as? String == list.id.uuidString)
    #expect(json["title"] as? String == "Water the plants")
    #expect((json["body"] as? String)?.hasPrefix("Garden") == true)
    #expect(json["dueDate"] as? String == "2027-01-15T08:01:00Z")
    #expect(json["url"] as? String == "/lists/\(list.id.uuidString)")
    #expect((json["revision"] as? NSNumber)?.int64Value == item.revision)

    // The 410 made the server forget that subscription.
    _ = try await pushService.waitFor("/gone/laptop")
    for _ in 0..<100
    where try !server.store.pushSubscriptions(userIDs: [list.ownerID])
      .allSatisfy({ $0.endpoint != gone.endpoint })
    {
      try await Task.sleep(for: .milliseconds(50))
    }
    #expect(
      try server.store.pushSubscriptions(userIDs: [list.ownerID]).map(\.endpoint) == [
        phone.endpoint
      ])
    // Later checks push nothing more.
    server.clock.advance(by: 30)
    try await Task.sleep(for: .milliseconds(300))
    #expect(pushService.pushes("/push/phone").count == 1)
  }
}
