import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import Foundation
import Testing

@Suite("Live updates and reminders over Server-Sent Events")
struct LiveUpdateTests {
  /// Opens `/api/v1/events` and waits for the stream to start.
  static func openEvents(_ server: TestServer, lastEventID: Int64? = nil) throws
    -> RawHTTPConnection
  {
    let connection = try RawHTTPConnection(port: server.server.port)
    var request =
      "GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.server.port)\r\nAccept: text/event-stream\r\n"
    if let lastEventID { request += "Last-Event-ID: \(lastEventID)\r\n" }
    connection.send(request + "\r\n")
    let head = connection.read(until: Date().addingTimeInterval(120)) { $0.contains("retry: 1000") }
    #expect(head.hasPrefix("HTTP/1.1 200"))
    #expect(head.lowercased().contains("content-type: text/event-stream"))
    return connection
  }

  @Test("A change made through the API reaches an open stream at once")
  func apiChange() async throws {
    let server = try TestServer()
    let events = try Self.openEvents(server)
    _ = try await server.request("POST", "/api/v1/checklists", json: ["name": "Trips"])
    // How fast is measured by the benchmark, not here: a loaded CI machine must not flake.
    let text = events.read(until: Date().addingTimeInterval(120)) { $0.contains("listCreated") }
    #expect(text.contains("event: change\ndata: {"))
    #expect(text.contains("\"kind\":\"listCreated\""))
  }

  @Test("A change made by another process on the same file arrives without a reload")
  func otherProcess() throws {
    let server = try TestServer()
    let events = try Self.openEvents(server)
    let cli = try server.otherProcess()
    let list = try cli.checklists()[0]
    let item = try cli.addItem("From the CLI", to: list.id)
    let text = events.read(until: Date().addingTimeInterval(120)) {
      $0.contains(item.id.uuidString)
    }
    #expect(text.contains("\"kind\":\"itemAdded\""))
    #expect(text.contains("\"itemID\":\"\(item.id.uuidString)\""))
  }

  @Test("A reconnecting page gets what it missed (Last-Event-ID)")
  func replay() throws {
    let server = try TestServer()
    let service = server.service
    let list = try service.checklists()[0]
    let before = try service.changes(after: 0).last!.sequence
    let milk = try service.addItem("Milk", to: list.id)
    try service.toggle(itemID: milk.id)
    let events = try Self.openEvents(server, lastEventID: before)
    let text = events.read(until: Date().addingTimeInterval(120)) { $0.contains("itemUpdated") }
    // A numeric Last-Event-ID (as ids were) still works; events now carry cursors.
    #expect(text.contains("id: \(Self.cursor(before + 1, server))\nevent: change"))
    #expect(text.contains("\"kind\":\"itemAdded\""))
    #expect(text.contains("\"kind\":\"itemUpdated\""))
  }

  @Test("After a replay, later changes arrive once each")
  func replayThenLive() async throws {
    let server = try TestServer()
    let service = server.service
    let list = try service.checklists()[0]
    let before = try service.changes(after: 0).last!.sequence
    try service.addItem("Missed", to: list.id)
    let events = try Self.openEvents(server, lastEventID: before)
    _ = try await server.request(
      "POST", "/api/v1/checklists/\(list.id.uuidString)/items", json: ["text": "Live"])
    let text = events.read(until: Date().addingTimeInterval(120)) {
      $0.contains("id: \(Self.cursor(before + 2, server))\n")
    }
    #expect(text.components(separatedBy: "id: \(Self.cursor(before + 1, server))\n").count == 2)
    #expect(text.components(separatedBy: "id: \(Self.cursor(before + 2, server))\n").count == 2)
  }

  /// The cursor an event with this sequence has as its id.
  static func cursor(_ sequence: Int64, _ server: TestServer) -> String {
    let epoch = (try? SQLChecklistStore(sqlitePath: server.databasePath).changeLogEpoch()) ?? ""
    return "c" + String(sequence, radix: 36) + "." + epoch
  }

  @Test("A reminder fires at its minute; editing reschedules it and deleting cancels it")
  func reminders() throws {
    // 1_800_000_000 is 2027-01-15T08:00:00Z, on a minute boundary.
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let server = try TestServer(start: start)
    let service = server.service
    let list = try service.createList(named: "Errands")
    let call = try service.addItem(
      "Call the dentist", to: list.id, dueDate: start.addingTimeInterval(90), shouldRemind: true)
    let moved = try service.addItem(
      "Moved", to: list.id, dueDate: start.addingTimeInterval(90), shouldRemind: true)
    let deleted = try service.addItem(
      "Deleted", to: list.id, dueDate: start.addingTimeInterval(90), shouldRemind: true)
    try service.updateItem(id: moved.id, ItemChanges(dueDate: .some(start.addingTimeInterval(600))))
    try service.deleteItem(id: deleted.id)
    let events = try Self.openEvents(server)

    server.clock.advance(by: 59)  // 08:00:59, before the reminder's minute (08:01)
    var text = events.read(until: Date().addingTimeInterval(0.5)) { $0.contains("event: reminder") }
    #expect(!text.contains("event: reminder"))

    server.clock.advance(by: 2)  // 08:01:01
    text = events.read(until: Date().addingTimeInterval(120)) { $0.contains("event: reminder") }
    #expect(text.contains("event: reminder\ndata: {"))
    #expect(text.contains("\"text\":\"Call the dentist\""))
    #expect(text.contains("\"itemID\":\"\(call.id.uuidString)\""))
    #expect(!text.contains("\"text\":\"Deleted\""))
    #expect(!text.contains("\"text\":\"Moved\""))

    server.clock.advance(by: 600)  // past 08:10, the moved reminder's minute
    text = events.read(until: Date().addingTimeInterval(120)) { $0.contains("\"text\":\"Moved\"") }
    #expect(text.contains("\"text\":\"Moved\""))
    #expect(text.components(separatedBy: "Call the dentist").count == 2)  // fired once
  }
}
