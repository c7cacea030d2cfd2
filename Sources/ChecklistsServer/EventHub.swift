import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore
import Foundation
import HTTPServer
import Synchronization

/// The open Server-Sent Events streams, and what is sent to them: changes from the change log
/// and reminders.
final class EventHub: Sendable {
  /// An open stream and the last change it has been sent, so nothing arrives twice.
  private struct Subscriber {
    let stream: HTTPEventStream
    var lastSequence: Int64
  }

  private let subscribers = Mutex<[ObjectIdentifier: Subscriber]>([:])
  // Replaying a reconnecting client's missed changes and registering its stream happen under
  // this lock, and so does every broadcast of changes: no change can fall between the replay
  // and the first broadcast. (Held across the replay's read of the change log; the watcher
  // takes it only after its own read, so the two never wait on each other in a circle.)
  private let ordering = Mutex(())
  private let service: ChecklistService

  init(service: ChecklistService) {
    self.service = service
  }

  /// Opens a stream for `GET /api/v1/events`, first replaying what a reconnecting client missed
  /// (`Last-Event-ID`).
  func subscribe(_ request: HTTPRequest) -> HTTPResponse {
    let stream = HTTPEventStream()
    // Tell EventSource to reconnect after one second if the connection drops.
    stream.send("retry: 1000\n\n")
    let key = ObjectIdentifier(stream)
    ordering.withLock { _ in
      var last: Int64 = 0
      if let lastEventID = request.headers["Last-Event-ID"].flatMap({ Int64($0) }) {
        last = lastEventID
        let missed = (try? service.changes(after: lastEventID, limit: 10_000)) ?? []
        if let newest = missed.last { last = newest.sequence }
        if !missed.isEmpty { stream.send(missed.map(Self.message).joined()) }
      }
      subscribers.withLock { $0[key] = Subscriber(stream: stream, lastSequence: last) }
    }
    stream.onClose { [weak self] in
      _ = self?.subscribers.withLock { $0.removeValue(forKey: key) }
    }
    return HTTPResponse(
      status: 200,
      headers: [
        "Content-Type": "text/event-stream", "Cache-Control": "no-store",
        "X-Accel-Buffering": "no",
      ],
      stream: stream)
  }

  /// Sends changes to every open stream that has not had them yet.
  func broadcast(_ changes: [Change]) {
    guard !changes.isEmpty else { return }
    ordering.withLock { _ in
      let deliveries = subscribers.withLock { subscribers in
        subscribers.keys.compactMap { key -> (HTTPEventStream, String)? in
          let fresh = changes.filter { $0.sequence > subscribers[key]!.lastSequence }
          guard let newest = fresh.last else { return nil }
          subscribers[key]!.lastSequence = newest.sequence
          return (subscribers[key]!.stream, fresh.map(Self.message).joined())
        }
      }
      for (stream, text) in deliveries where !stream.isClosed { stream.send(text) }
    }
  }

  /// Sends a reminder to every open stream.
  func broadcastReminder(_ item: ChecklistItem, in list: Checklist) {
    let payload = ReminderEvent(
      itemID: item.id, checklistID: list.id, checklist: list.name, text: item.text,
      dueDate: item.dueDate.map(ISOTimestamp.milliseconds))
    sendToAll("event: reminder\ndata: \(Self.json(payload))\n\n")
  }

  /// A comment line that keeps proxies and browsers from closing idle streams.
  func keepAlive() {
    sendToAll(": keep-alive\n\n")
  }

  /// Ends every stream, for shutdown.
  func closeAll() {
    let open = subscribers.withLock { subscribers in
      defer { subscribers.removeAll() }
      return subscribers.values.map(\.stream)
    }
    for stream in open { stream.finish() }
  }

  private func sendToAll(_ text: String) {
    // Copy out under the lock; never call into the streams while holding it.
    let open = subscribers.withLock { $0.values.map(\.stream) }
    for stream in open where !stream.isClosed { stream.send(text) }
  }

  /// A `change` event's data. `collectionID` is the checklist, the shopping list or (for the
  /// catalogue) the owner; `checklistID` repeats it for checklist changes only, as the web app
  /// reads it.
  struct ChangeEvent: Encodable {
    var sequence: Int64
    var kind: String
    var scope: String
    var collectionID: UUID
    var checklistID: UUID?
    var itemID: UUID?
    var revision: Int64
  }

  struct ReminderEvent: Encodable {
    var itemID: UUID
    var checklistID: UUID
    var checklist: String
    var text: String
    var dueDate: String?
  }

  static func message(_ change: Change) -> String {
    let payload = ChangeEvent(
      sequence: change.sequence, kind: change.kind.rawValue, scope: change.scope.rawValue,
      collectionID: change.collectionID,
      checklistID: change.scope == .checklist ? change.collectionID : nil,
      itemID: change.itemID, revision: change.revision)
    return "id: \(change.sequence)\nevent: change\ndata: \(json(payload))\n\n"
  }

  private static func json(_ value: some Encodable) -> String {
    String(
      decoding: (try? ChecklistsJSONEncoding.encode(value, pretty: false)) ?? Data("{}".utf8),
      as: UTF8.self)
  }
}
