import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsServer
import ChecklistsStore
import Foundation
import Synchronization
import Testing

/// `GET /api/v1/changes` on a real server: what changed after a cursor, as states and
/// tombstones, page by page, each user only what they may read.
@Suite("Delta feed: GET /api/v1/changes")
struct ChangeFeedTests {
  /// A household with an API token per user, to read the feed as each.
  struct Home {
    let home: Household
    let tokens: [String: String]

    init() async throws {
      home = try await Household()
      try home.accounts.addUser(named: "carol", password: "carols-password-1")
      var tokens: [String: String] = [:]
      for name in ["alice", "bob", "carol"] {
        tokens[name] = try home.accounts.createAPIToken(userName: name, name: "feed").1.value
      }
      self.tokens = tokens
    }

    /// One page: the status and the body's JSON.
    func feed(_ user: String, since: String? = nil, limit: Int? = nil, query: String? = nil)
      async throws -> (status: Int, body: [String: Any])
    {
      var parameters: [String] = []
      if let since { parameters.append("since=\(since)") }
      if let limit { parameters.append("limit=\(limit)") }
      if let query { parameters.append(query) }
      let path =
        "/api/v1/changes" + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
      let response = try await home.server.get(
        path, headers: ["Authorization": "Bearer \(tokens[user]!)"])
      return (response.status, try response.json())
    }

    /// The cursor at the end of the feed now.
    func head(_ user: String) async throws -> String {
      var cursor: String? = nil
      for _ in 0..<100 {
        let (status, body) = try await feed(user, since: cursor, limit: 1_000)
        #expect(status == 200, "\(body)")
        cursor = try #require(body["next"] as? String)
        if body["more"] as? Bool == false { return cursor! }
      }
      Issue.record("the feed never ended")
      return cursor!
    }

    /// Every entry after `since`, page by page, and how many pages it took.
    func entries(_ user: String, since: String, limit: Int = 500) async throws -> (
      [[String: Any]], pages: Int
    ) {
      var cursor = since
      var entries: [[String: Any]] = []
      for page in 1...1_000 {
        let (status, body) = try await feed(user, since: cursor, limit: limit)
        #expect(status == 200, "\(body)")
        entries += try #require(body["changes"] as? [[String: Any]])
        cursor = try #require(body["next"] as? String)
        if body["more"] as? Bool == false { return (entries, page) }
      }
      Issue.record("the feed never ended")
      return (entries, 1_000)
    }
  }

  /// `kind id` for each entry, with `deleted` for tombstones.
  static func summary(_ entries: [[String: Any]]) -> [String] {
    entries.map {
      "\($0["kind"] as? String ?? "?") \($0["id"] as? String ?? "?")"
        + ($0["deleted"] as? Bool == true ? " deleted" : "")
    }
  }

  @Test("Created, updated and deleted things appear once each, with their state or a tombstone")
  func statesAndTombstones() async throws {
    let setting = try await Home()
    let alice = try setting.home.lists("alice")
    let shopping = try setting.home.shopping("alice")
    let start = try await setting.head("alice")
    let list = try alice.createList(named: "Groceries")
    let milk = try alice.addItem("Milk", to: list.id)
    let bread = try alice.addItem("Bread", to: list.id)
    _ = try alice.toggle(itemID: milk.id)
    let gone = try alice.addItem("Gone", to: list.id)
    _ = try alice.deleteItem(id: gone.id)
    _ = try alice.moveItem(id: bread.id, to: 0)
    let party = try shopping.createList(named: "Party")
    let cake = try shopping.addItem(named: "Cake")
    try shopping.put(itemID: cake.id, onList: party.id)
    let old = try alice.createList(named: "Old")
    _ = try alice.deleteList(id: old.id)

    let (entries, _) = try await setting.entries("alice", since: start)
    let s = { (id: UUID) in id.uuidString }
    // Several changes of one thing come once, at the latest: Milk's toggle, Gone's deletion,
    // Bread's move, Old's deletion.
    #expect(
      Self.summary(entries) == [
        "checklist \(s(list.id))", "item \(s(milk.id))", "item \(s(gone.id)) deleted",
        "item \(s(bread.id))", "shoppingList \(s(party.id))", "catalogueItem \(s(cake.id))",
        "entry \(s(cake.id))", "checklist \(s(old.id)) deleted",
      ], "\(Self.summary(entries))")
    let byID = Dictionary(
      entries.map { ("\($0["kind"]!) \($0["id"]!)", $0) }, uniquingKeysWith: { a, _ in a })
    // States are what a GET answers now.
    let milkState = try #require(byID["item \(s(milk.id))"]?["state"] as? [String: Any])
    #expect(milkState["checked"] as? Bool == true)
    #expect(milkState["text"] as? String == "Milk")
    #expect(byID["item \(s(milk.id))"]?["listID"] as? String == s(list.id))
    // The moved item says where it is: first, before Milk.
    #expect(byID["item \(s(bread.id))"]?["after"] is NSNull)
    #expect(byID["item \(s(milk.id))"]?["after"] as? String == s(bread.id))
    let listState = try #require(byID["checklist \(s(list.id))"]?["state"] as? [String: Any])
    #expect((listState["checklist"] as? [String: Any])?["name"] as? String == "Groceries")
    #expect(
      (listState["items"] as? [[String: Any]])?.map { $0["text"] as? String } == [
        "Bread", "Milk",
      ])
    let tombstone = try #require(byID["item \(s(gone.id))"])
    #expect(tombstone["state"] == nil)
    #expect(tombstone["listID"] as? String == s(list.id))
    let entry = try #require(byID["entry \(s(cake.id))"])
    #expect(entry["listID"] as? String == s(party.id))
    #expect((entry["state"] as? [String: Any])?["quantity"] as? Int == 1)
    // Every entry has a cursor, and they run in commit order.
    let cursors = entries.compactMap { $0["cursor"] as? String }
    #expect(cursors.count == entries.count)
    #expect(Set(cursors).count == cursors.count)
  }

  @Test(
    "since=now is an empty page at the newest cursor: later changes follow it, earlier ones do not")
  func sinceNow() async throws {
    let setting = try await Home()
    let alice = try setting.home.lists("alice")
    let before = try alice.createList(named: "Before")
    _ = try alice.addItem("Old", to: before.id)
    let (status, now) = try await setting.feed("alice", since: "now")
    #expect(status == 200, "\(now)")
    #expect((now["changes"] as? [Any])?.isEmpty == true, "\(now)")
    #expect(now["more"] as? Bool == false)
    let cursor = try #require(now["next"] as? String)
    // The same cursor the feed reaches by reading to its end.
    #expect(cursor == (try await setting.head("alice")))
    let after = try alice.addItem("New", to: before.id)
    let (entries, _) = try await setting.entries("alice", since: cursor)
    #expect(Self.summary(entries) == ["item \(after.id.uuidString)"], "\(Self.summary(entries))")
  }

  @Test("Paging with a small limit returns every change exactly once, then 'more' is false")
  func paging() async throws {
    let setting = try await Home()
    let alice = try setting.home.lists("alice")
    let start = try await setting.head("alice")
    let list = try alice.createList(named: "Many")
    var added: [UUID] = []
    for number in 1...23 { added.append(try alice.addItem("Item \(number)", to: list.id).id) }
    let (entries, pages) = try await setting.entries("alice", since: start, limit: 5)
    let items = entries.filter { $0["kind"] as? String == "item" }.compactMap {
      $0["id"] as? String
    }
    #expect(items == added.map(\.uuidString))
    #expect(entries.count == 24)
    #expect(pages == 5)
    // At the end, the feed answers nothing new and the same cursor.
    let end = try await setting.head("alice")
    let (status, body) = try await setting.feed("alice", since: end)
    #expect(status == 200)
    #expect((body["changes"] as? [Any])?.isEmpty == true)
    #expect(body["next"] as? String == end)
    #expect(body["more"] as? Bool == false)
  }

  @Test("A sharee reads the shared lists' changes and none of the owner's private ones")
  func isolation() async throws {
    let setting = try await Home()
    let home = setting.home
    let alice = try home.lists("alice")
    let shopping = try home.shopping("alice")
    let starts = [
      "alice": try await setting.head("alice"), "bob": try await setting.head("bob"),
      "carol": try await setting.head("carol"),
    ]
    let trip = try alice.createList(named: "Trip")
    let diary = try alice.createList(named: "Diary")
    let tent = try alice.addItem("Tent", to: trip.id)
    let secret = try alice.addItem("Secret", to: diary.id)
    let party = try shopping.createList(named: "Party")
    let surprise = try shopping.createList(named: "Surprise")
    let cake = try shopping.addItem(named: "Cake")
    let present = try shopping.addItem(named: "Present for Bob")
    try shopping.put(itemID: cake.id, onList: party.id)
    try shopping.put(itemID: present.id, onList: surprise.id)
    let sharing = try home.sharing("alice")
    try sharing.share(listID: trip.id, with: "bob", role: .editor)
    try sharing.share(listID: party.id, with: "bob", role: .editor)
    let boots = try alice.addItem("Boots", to: trip.id)
    _ = try shopping.updateItem(id: cake.id, price: .some(nil), unit: "slice")
    _ = try shopping.updateItem(id: present.id, unit: "box")
    _ = try alice.toggle(itemID: secret.id)

    let s = { (id: UUID) in id.uuidString }
    let bobEntries = try await setting.entries("bob", since: starts["bob"]!).0
    let bob = Set(Self.summary(bobEntries))
    // Bob hears of Trip and Party when they are shared (the whole list, so nothing before is
    // missed), of their changes (the new item), and of the catalogue item as Party's entry.
    #expect(
      bob.isSuperset(of: [
        "share \(s(trip.id))", "checklist \(s(trip.id))", "share \(s(party.id))",
        "shoppingList \(s(party.id))", "item \(s(boots.id))", "entry \(s(cake.id))",
      ]), "\(bob)")
    let cakeLine = bobEntries.last { $0["kind"] as? String == "entry" }?["state"] as? [String: Any]
    #expect((cakeLine?["item"] as? [String: Any])?["unit"] as? String == "slice")
    let aliceID = try home.accounts.existingUser("alice").id
    for hidden in [diary.id, secret.id, surprise.id, present.id, aliceID] {
      #expect(!bob.contains { $0.contains(s(hidden)) }, "bob saw \(hidden): \(bob)")
    }
    #expect(!bob.contains { $0.hasPrefix("catalogueItem") }, "\(bob)")
    _ = tent
    let carol = try await setting.entries("carol", since: starts["carol"]!).0
    #expect(carol.isEmpty, "\(Self.summary(carol))")
    let aliceSaw = Self.summary(try await setting.entries("alice", since: starts["alice"]!).0)
    #expect(aliceSaw.contains("item \(s(secret.id))"))
    #expect(aliceSaw.contains("catalogueItem \(s(present.id))"))
    #expect(aliceSaw.contains("share \(s(trip.id))"))

    // Unsharing: Bob gets a tombstone of the share, and nothing of Trip after that.
    let before = try await setting.head("bob")
    try sharing.unshare(listID: trip.id, with: "bob")
    _ = try alice.addItem("After", to: trip.id)
    let after = Self.summary(try await setting.entries("bob", since: before).0)
    #expect(after == ["share \(s(trip.id)) deleted"])
  }

  @Test("A cursor older than the kept log gets 410 Gone, which says to reload in full")
  func pruned() async throws {
    let setting = try await Home()
    let alice = try setting.home.lists("alice")
    let old = try await setting.head("alice")
    try setting.home.store.setChangeLogRetention(5)
    let list = try alice.createList(named: "Churn")
    for number in 1...30 { try alice.addItem("Item \(number)", to: list.id) }
    let (status, body) = try await setting.feed("alice", since: old)
    #expect(status == 410)
    #expect((body["detail"] as? String)?.contains("reload everything in full") == true, "\(body)")
    #expect(body["title"] as? String == "Gone")
    // Without a cursor the feed starts at the oldest change kept: the last few.
    let (fresh, freshBody) = try await setting.feed("alice")
    #expect(fresh == 200)
    let kept = try #require(freshBody["changes"] as? [[String: Any]])
    // (Each write prunes a bounded batch, so the log may briefly hold a few more.)
    #expect((1...69).contains(kept.count), "\(kept.count)")
    #expect(kept.last?["state"].flatMap { ($0 as? [String: Any])?["text"] as? String } == "Item 30")
    // A cursor from a different log (ahead of this one) is refused the same way.
    let (ahead, _) = try await setting.feed("alice", since: "c" + String(999_999, radix: 36))
    #expect(ahead == 410)
  }

  @Test(
    "Bad parameters are refused, naming the parameter",
    arguments: [
      ("since=12", 400, "'since'"), ("since=cZZ", 400, "'since'"), ("since=", 400, "'since'"),
      ("limit=0", 422, "'limit'"), ("limit=1001", 422, "'limit'"), ("limit=ten", 422, "'limit'"),
      ("limit=-1", 422, "'limit'"),
    ])
  func badParameters(query: String, status: Int, names: String) async throws {
    let setting = try await Home()
    let (answer, body) = try await setting.feed("alice", query: query)
    #expect(answer == status, "\(query): \(body)")
    #expect((body["detail"] as? String)?.contains(names) == true, "\(body)")
  }

  @Test("Events carry the feed's cursors, and Last-Event-ID accepts them")
  func eventCursors() async throws {
    let setting = try await Home()
    let alice = try setting.home.lists("alice")
    let list = try alice.createList(named: "Live")
    let start = try await setting.head("alice")
    let milk = try alice.addItem("Milk", to: list.id)
    let (entries, _) = try await setting.entries("alice", since: start)
    let cursor = try #require(entries.first?["cursor"] as? String)
    let bread = try alice.addItem("Bread", to: list.id)
    // Replaying after the cursor of Milk sends Bread only, with the next cursor as its id.
    let connection = try RawHTTPConnection(port: setting.home.server.server.port)
    connection.send(
      "GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1:\(setting.home.server.server.port)\r\n"
        + "Authorization: Bearer \(setting.tokens["alice"]!)\r\nLast-Event-ID: \(cursor)\r\n\r\n")
    let text = connection.read(until: Date().addingTimeInterval(120)) {
      $0.contains(bread.id.uuidString)
    }
    #expect(!text.contains(milk.id.uuidString))
    let (after, _) = try await setting.entries("alice", since: cursor)
    let breadCursor = try #require(after.first?["cursor"] as? String)
    #expect(text.contains("id: \(breadCursor)\nevent: change"), "\(text)")
    #expect(text.contains("\"cursor\":\"\(breadCursor)\""))
  }

  @Test(
    "Concurrent writers, over HTTP and from another process, while a reader pages: each change read once"
  )
  func concurrentWriters() async throws {
    let setting = try await Home()
    let server = setting.home.server
    let list = try setting.home.lists("alice").createList(named: "Busy")
    let start = try await setting.head("alice")
    let (writers, perWriter) = (4, 15)
    let other = try ChecklistService(
      store: SQLChecklistStore(sqlitePath: server.databasePath),
      owner: setting.home.accounts.existingUser("alice"), now: server.clock.now)
    let written = Written()
    // A second connection writes from a thread, as the CLI in another process does.
    let thread = Thread {
      for number in 1...perWriter {
        if let item = try? other.addItem("Process \(number)", to: list.id) {
          written.ids.withLock { $0.append(item.id.uuidString) }
        }
      }
    }
    thread.start()
    // Meanwhile: HTTP writers, and a reader paging the feed as it grows.
    var read: [String] = []
    var cursor = start
    try await withThrowingTaskGroup(of: [String].self) { group in
      let token = setting.tokens["alice"]!
      for writer in 1...writers {
        group.addTask {
          var ids: [String] = []
          for number in 1...perWriter {
            let response = try await server.request(
              "POST", "/api/v1/checklists/\(list.id.uuidString)/items",
              json: ["text": "Writer \(writer) item \(number)"],
              headers: ["Authorization": "Bearer \(token)"])
            if let id = try? response.json()["id"] as? String { ids.append(id) }
          }
          return ids
        }
      }
      for _ in 0..<40 {
        let (status, body) = try await setting.feed("alice", since: cursor, limit: 3)
        #expect(status == 200)
        read += (body["changes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        cursor = body["next"] as? String ?? cursor
      }
      for try await ids in group { written.ids.withLock { $0 += ids } }
    }
    for _ in 0..<1_000 where written.ids.withLock({ $0.count }) < (writers + 1) * perWriter {
      try await Task.sleep(for: .milliseconds(20))
    }
    let (rest, _) = try await setting.entries("alice", since: cursor, limit: 7)
    read += rest.compactMap { $0["id"] as? String }
    let all = written.ids.withLock { $0 }
    #expect(all.count == (writers + 1) * perWriter)
    #expect(read.sorted() == all.sorted(), "read \(read.count) of \(all.count)")
  }

  /// The ids of items written, from several threads.
  final class Written: Sendable {
    let ids = Mutex<[String]>([])
  }
}
