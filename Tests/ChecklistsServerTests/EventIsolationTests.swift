import ChecklistsCore
import ChecklistsServer
import ChecklistsStore
import Foundation
import Testing

/// `/api/v1/events` over a real socket: for every kind of change, a user without access to
/// what it names receives nothing, and one with access receives exactly it; the same on
/// replay after `Last-Event-ID`.
@Suite("Isolation: the event stream tells each user only what they may read")
struct EventIsolationTests {
  /// An open event stream, read event by event.
  final class Stream {
    let connection: RawHTTPConnection
    private var consumed = 0

    init(_ server: TestServer, bearer: String, lastEventID: Int64? = nil) throws {
      connection = try RawHTTPConnection(port: server.server.port)
      var request =
        "GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.server.port)\r\n"
        + "Authorization: Bearer \(bearer)\r\nAccept: text/event-stream\r\n"
      if let lastEventID { request += "Last-Event-ID: \(lastEventID)\r\n" }
      connection.send(request + "\r\n")
      let head = connection.read(until: Date().addingTimeInterval(120)) {
        $0.contains("retry: 1000")
      }
      #expect(head.hasPrefix("HTTP/1.1 200"), "\(head)")
    }

    /// Everything received so far.
    var text: String { connection.read(until: Date()) { _ in true } }

    /// The change events after the last call, up to the one about `marker` (a list of the
    /// stream's own user, created last): (kind, collectionID, itemID) each.
    func events(until marker: UUID) -> [[String]] {
      let id = marker.uuidString
      let text = connection.read(until: Date().addingTimeInterval(120)) { text in
        guard let found = text.range(of: id, options: .backwards) else { return false }
        return text[found.upperBound...].contains("\n\n")
      }
      let all = text.components(separatedBy: "\n\n").compactMap { block -> [String]? in
        guard block.contains("event: change"),
          let line = block.split(separator: "\n").first(where: { $0.hasPrefix("data: ") }),
          let object = try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8))
            as? [String: Any]
        else { return nil }
        return [
          object["kind"] as? String ?? "?", object["collectionID"] as? String ?? "-",
          object["itemID"] as? String ?? "-",
        ]
      }
      let fresh = Array(all.dropFirst(consumed))
      guard let end = fresh.firstIndex(where: { $0[1] == id }) else {
        Issue.record("the stream never got the marker \(id)")
        return fresh
      }
      consumed += end + 1
      return Array(fresh[..<end])
    }
  }

  /// Alice's lists: some shared with Bob, some private; Carol has nothing of hers.
  struct Setting {
    let home: Household
    let alice: User
    let sharedChecklist: Checklist
    let privateChecklist: Checklist
    let sharedShopping: ShoppingList
    let privateShopping: ShoppingList
    let cake: ShoppingItem  // on the shared shopping list
    let secret: ShoppingItem  // on the private one only
    let tokens: [String: String]

    init() async throws {
      home = try await Household()
      try home.accounts.addUser(named: "carol", password: "carols-password-1")
      alice = try home.accounts.existingUser("alice")
      let lists = try home.lists("alice")
      sharedChecklist = try lists.createList(named: "Trip")
      privateChecklist = try lists.createList(named: "Diary")
      let shopping = try home.shopping("alice")
      sharedShopping = try shopping.createList(named: "Party")
      privateShopping = try shopping.createList(named: "Surprise")
      cake = try shopping.addItem(named: "Cake")
      secret = try shopping.addItem(named: "Present for Bob")
      try shopping.put(itemID: cake.id, onList: sharedShopping.id)
      try shopping.put(itemID: secret.id, onList: privateShopping.id)
      let sharing = try home.sharing("alice")
      try sharing.share(listID: sharedChecklist.id, with: "bob", role: .editor)
      try sharing.share(listID: sharedShopping.id, with: "bob", role: .editor)
      var tokens: [String: String] = [:]
      for name in ["alice", "bob", "carol"] {
        tokens[name] = try home.accounts.createAPIToken(userName: name, name: "stream").1.value
      }
      self.tokens = tokens
      home.server.clock.advance(by: 2)
    }

    /// Makes a list of each user's own, so each stream has a point to read up to.
    func markers(_ step: Int) throws -> [String: UUID] {
      var markers: [String: UUID] = [:]
      for name in ["alice", "bob", "carol"] {
        markers[name] = try home.lists(name).createList(named: "Marker \(step)").id
      }
      return markers
    }
  }

  @Test("Every kind of change reaches exactly those who may read it, live and on replay")
  func everyKind() async throws {
    let setting = try await Setting()
    let home = setting.home
    var streams: [String: Stream] = [:]
    for name in ["alice", "bob", "carol"] {
      streams[name] = try Stream(home.server, bearer: setting.tokens[name]!)
    }
    let lists = try home.lists("alice")
    let shopping = try home.shopping("alice")
    let sharing = try home.sharing("alice")
    let (trip, diary) = (setting.sharedChecklist.id, setting.privateChecklist.id)
    let (party, surprise) = (setting.sharedShopping.id, setting.privateShopping.id)
    let (cake, secret) = (setting.cake.id.uuidString, setting.secret.id.uuidString)
    let s = { (id: UUID) in id.uuidString }
    var step = 0
    var bobSaw: [[String]] = []

    /// Reads each stream up to a marker of its own and compares what came before it.
    func expect(
      _ what: String, _ expected: [String: [[String]]],
      sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      step += 1
      let markers = try setting.markers(step)
      for name in ["alice", "bob", "carol"] {
        let seen = streams[name]!.events(until: markers[name]!)
        #expect(
          seen == expected[name] ?? [], "\(what): \(name) saw \(seen)",
          sourceLocation: sourceLocation)
        if name == "bob" { bobSaw += seen + [["listCreated", s(markers["bob"]!), "-"]] }
      }
    }

    // What was set up before the streams opened may still be on its way: read past it.
    let settled = try setting.markers(0)
    for name in ["alice", "bob", "carol"] { _ = streams[name]!.events(until: settled[name]!) }
    let start = try home.store.lastChangeSequence()

    // A checklist of Alice's shared with Bob, and a private one.
    _ = try lists.updateList(id: trip, name: "Trip 2")
    _ = try lists.updateList(id: diary, name: "Diary 2")
    try expect(
      "checklist",
      [
        "alice": [["listUpdated", s(trip), "-"], ["listUpdated", s(diary), "-"]],
        "bob": [["listUpdated", s(trip), "-"]],
      ])

    // Their items.
    let passport = try lists.addItem("Passport", to: trip).id
    let thought = try lists.addItem("Secret thought", to: diary).id
    try expect(
      "item",
      [
        "alice": [["itemAdded", s(trip), s(passport)], ["itemAdded", s(diary), s(thought)]],
        "bob": [["itemAdded", s(trip), s(passport)]],
      ])

    // A catalogue item on the shared shopping list, and one only on the private one: Bob
    // hears of the first as a change of the shared list, never of Alice's catalogue.
    try shopping.updateItem(id: setting.cake.id, name: "Chocolate cake")
    try shopping.updateItem(id: setting.secret.id, name: "Watch for Bob")
    try expect(
      "catalogue item",
      [
        "alice": [
          ["catalogueItemUpdated", s(setting.alice.id), cake],
          ["catalogueItemUpdated", s(setting.alice.id), secret],
        ],
        "bob": [["entryUpdated", s(party), cake]],
      ])

    // The shopping lists.
    _ = try shopping.renameList(id: party, to: "Party 2")
    _ = try shopping.renameList(id: surprise, to: "Surprise 2")
    try expect(
      "shopping list",
      [
        "alice": [
          ["shoppingListUpdated", s(party), "-"], ["shoppingListUpdated", s(surprise), "-"],
        ],
        "bob": [["shoppingListUpdated", s(party), "-"]],
      ])

    // Entries.
    try shopping.updateEntry(itemID: setting.cake.id, onList: party, isInCart: true)
    try shopping.updateEntry(itemID: setting.secret.id, onList: surprise, isInCart: true)
    try expect(
      "entry",
      [
        "alice": [["entryUpdated", s(party), cake], ["entryUpdated", s(surprise), secret]],
        "bob": [["entryUpdated", s(party), cake]],
      ])

    // Shares: Bob's own share changing reaches him; Carol joining the list Bob shares does
    // not (who else a list is shared with is the owner's to know), but reaches Carol.
    try sharing.share(listID: trip, with: "bob", role: .viewer)
    try sharing.share(listID: party, with: "carol", role: .viewer)
    try expect(
      "share",
      [
        "alice": [["shareUpdated", s(trip), "-"], ["shareAdded", s(party), "-"]],
        "bob": [["shareUpdated", s(trip), "-"]],
        "carol": [["shareAdded", s(party), "-"]],
      ])

    // Once shared, Carol hears of the shared list's lines as Bob does.
    try shopping.updateItem(
      id: setting.cake.id, price: .some(Price(minorUnits: 450, currency: .euro)))
    try expect(
      "catalogue item on a list shared with two",
      [
        "alice": [["catalogueItemUpdated", s(setting.alice.id), cake]],
        "bob": [["entryUpdated", s(party), cake]],
        "carol": [["entryUpdated", s(party), cake]],
      ])

    // A reconnecting Bob is sent what he missed under the same rule, as the lists are now (a
    // catalogue change reaches him through the shared lists that hold the item when it is sent).
    let replay = try Stream(home.server, bearer: setting.tokens["bob"]!, lastEventID: start)
    let lastMarker = try #require(bobSaw.last.map { UUID(uuidString: $0[1])! })
    let replayed = replay.events(until: lastMarker)
    #expect(replayed == Array(bobSaw.dropLast()), "replayed \(replayed)")
    #expect(!replay.text.contains(s(setting.alice.id)))

    // Carol's share ends: she hears of it, Bob does not. A deleted catalogue item leaves the
    // shared list with that list's own entryDeleted, and nothing of the catalogue's.
    try sharing.unshare(listID: party, with: "carol")
    _ = try shopping.deleteItem(id: setting.cake.id)
    try expect(
      "share removed, catalogue item deleted",
      [
        "alice": [
          ["shareRemoved", s(party), "-"], ["entryDeleted", s(party), cake],
          ["catalogueItemDeleted", s(setting.alice.id), cake],
        ],
        "bob": [["entryDeleted", s(party), cake]],
        "carol": [["shareRemoved", s(party), "-"]],
      ])

    // Never Alice's id, never her private things, on Bob's stream.
    let bobText = streams["bob"]!.text
    for secretID in [s(setting.alice.id), s(diary), s(surprise), secret, s(thought)] {
      #expect(!bobText.contains(secretID), "Bob's stream names \(secretID)")
    }
  }
}
