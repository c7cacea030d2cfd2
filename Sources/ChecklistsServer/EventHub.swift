import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore
import Foundation
import HTTPServer
import Synchronization

/// The open Server-Sent Events streams, and what is sent to them: changes from the change log
/// and reminders.
final class EventHub: Sendable {
  private let streams = Mutex<[ObjectIdentifier: HTTPEventStream]>([:])
  private let service: ChecklistService

  init(service: ChecklistService) {
    self.service = service
  }

  /// How many pages are listening.
  var subscriberCount: Int { streams.withLock { $0.count } }

  /// Opens a stream for `GET /api/v1/events`, first replaying what a reconnecting client missed
  /// (`Last-Event-ID`).
  func subscribe(_ request: HTTPRequest) -> HTTPResponse {
    let stream = HTTPEventStream()
    // Tell EventSource to reconnect after one second if the connection drops.
    stream.send("retry: 1000\n\n")
    if let last = request.headers["Last-Event-ID"].flatMap({ Int64($0) }),
      let missed = try? service.changes(after: last, limit: 10_000)
    {
      for change in missed { stream.send(Self.message(change)) }
    }
    let key = ObjectIdentifier(stream)
    streams.withLock { $0[key] = stream }
    stream.onClose { [weak self] in
      _ = self?.streams.withLock { $0.removeValue(forKey: key) }
    }
    return HTTPResponse(
      status: 200,
      headers: [
        "Content-Type": "text/event-stream", "Cache-Control": "no-store",
        "X-Accel-Buffering": "no",
      ],
      stream: stream)
  }

  /// Sends changes to every open stream.
  func broadcast(_ changes: [Change]) {
    guard !changes.isEmpty else { return }
    send(changes.map(Self.message).joined())
  }

  /// Sends a reminder to every open stream.
  func broadcastReminder(_ item: ChecklistItem, in list: Checklist) {
    let payload = ReminderEvent(
      itemID: item.id, checklistID: list.id, checklist: list.name, text: item.text,
      dueDate: item.dueDate.map(ISOTimestamp.milliseconds))
    send("event: reminder\ndata: \(Self.json(payload))\n\n")
  }

  /// A comment line that keeps proxies and browsers from closing idle streams.
  func keepAlive() {
    send(": keep-alive\n\n")
  }

  /// Ends every stream, for shutdown.
  func closeAll() {
    let open = streams.withLock { streams in
      defer { streams.removeAll() }
      return Array(streams.values)
    }
    for stream in open { stream.finish() }
  }

  private func send(_ text: String) {
    // Copy out under the lock; never call into the streams while holding it.
    let open = streams.withLock { Array($0.values) }
    for stream in open where !stream.isClosed { stream.send(text) }
  }

  struct ChangeEvent: Encodable {
    var sequence: Int64
    var kind: String
    var checklistID: UUID
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
      sequence: change.sequence, kind: change.kind.rawValue, checklistID: change.checklistID,
      itemID: change.itemID, revision: change.revision)
    return "id: \(change.sequence)\nevent: change\ndata: \(json(payload))\n\n"
  }

  private static func json(_ value: some Encodable) -> String {
    String(
      decoding: (try? ChecklistsJSONEncoding.encode(value, pretty: false)) ?? Data("{}".utf8),
      as: UTF8.self)
  }
}
