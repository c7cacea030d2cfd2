import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore
import Foundation
import HTTPServer
import Synchronization

/// The open Server-Sent Events streams, and what is sent to them: changes from the change log
/// and reminders. Each change reaches exactly those who may read what it names
/// (``EventAudience``), live and on replay.
final class EventHub: Sendable {
  /// An open stream: whose it is, which lists are shared with that user, and the last change
  /// it has been considered for, so nothing arrives twice.
  private struct Subscriber {
    let stream: HTTPEventStream
    var audience: EventAudience
    var lastSequence: Int64
    /// Whether the credential the stream was opened with still signs its user in: a token
    /// revoked, a session ended or a user removed ends the stream before anything more is sent.
    let isSignedIn: @Sendable () -> Bool
  }

  private let subscribers = Mutex<[ObjectIdentifier: Subscriber]>([:])
  // Replaying a reconnecting client's missed changes and registering its stream happen under
  // this lock, and so does every broadcast of changes: no change can fall between the replay
  // and the first broadcast. (Held across the replay's read of the change log; the watcher
  // takes it only after its own read, so the two never wait on each other in a circle.)
  private let ordering = Mutex(())
  /// Where shares and shopping lists are read, to know who may see a change (and, for the
  /// delta feed, the change log).
  let store: any ChecklistsDatabase
  /// The change log's epoch, which every cursor carries (``ChangeCursor``).
  let epoch: String

  init(store: any ChecklistsDatabase) {
    self.store = store
    self.epoch = (try? store.changeLogEpoch()) ?? ""
  }

  /// Opens a stream for `GET /api/v1/events` for the user of `service`, first replaying what a
  /// reconnecting client missed (`Last-Event-ID`) of what that user may see.
  ///
  /// - Parameter isSignedIn: Whether the request's credential still signs its user in; asked
  ///   before each delivery, and the stream ends when it no longer does.
  func subscribe(
    _ request: HTTPRequest, service: ChecklistService,
    isSignedIn: @escaping @Sendable () -> Bool = { true }
  ) -> HTTPResponse {
    let stream = HTTPEventStream()
    // Tell EventSource to reconnect after one second if the connection drops.
    stream.send("retry: 1000\n\n")
    let key = ObjectIdentifier(stream)
    let userID = service.owner.id
    ordering.withLock { _ in
      let audience = EventAudience(userID: userID, sharedLists: sharedLists(of: userID))
      // Without Last-Event-ID, whatever the watcher broadcasts next goes out: a change made
      // between the page's load and this subscription still reaches it.
      var last: Int64 = 0
      // An event id is a cursor (``ChangeCursor``); a plain sequence, as ids were before, too.
      if let lastEventID = request.headers["Last-Event-ID"].flatMap({
        ChangeCursor($0, acceptingSequences: true).flatMap { [epoch] in
          $0.isFrom(epoch) ? $0.sequence : nil
        }
      }) {
        // The user's log and those of lists shared with them, and the catalogues of those who
        // share a shopping list with them: more than they may see, sorted out as live.
        let missed = (try? service.changes(after: lastEventID, limit: 10_000)) ?? []
        let lists = listsShowing(missed)
        let events = missed.flatMap {
          audience.events(for: $0, showingOn: lists[$0.sequence] ?? [])
        }
        if !events.isEmpty { stream.send(events.map { Self.message($0, epoch: epoch) }.joined()) }
        last = max(lastEventID, missed.last?.sequence ?? lastEventID)
      }
      let subscriber = Subscriber(
        stream: stream, audience: audience, lastSequence: last, isSignedIn: isSignedIn)
      subscribers.withLock { $0[key] = subscriber }
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

  /// Sends changes (anyone's, in order) to every open stream, each as its user may see it
  /// (``EventAudience``).
  func broadcast(_ changes: [Change]) {
    guard !changes.isEmpty else { return }
    ordering.withLock { _ in
      // Read what the rule needs before taking the subscribers' lock: the lists that show a
      // catalogue change, and the shares of users whose shares changed (from here on they
      // see what they may see now).
      let listening = subscribers.withLock { Set($0.values.map(\.audience.userID)) }
      // Only someone other than the owner can need a catalogue change re-addressed.
      let lists = listsShowing(changes.filter { !listening.subtracting([$0.ownerID]).isEmpty })
      let sharingChanged = Set(changes.filter { $0.scope == .sharing }.map(\.ownerID))
      var shares: [UUID: Set<UUID>] = [:]
      for userID in sharingChanged.intersection(listening) {
        shares[userID] = sharedLists(of: userID)
      }
      let deliveries = subscribers.withLock { subscribers in
        subscribers.keys.compactMap { key -> Delivery? in
          var subscriber = subscribers[key]!
          if let shared = shares[subscriber.audience.userID] {
            subscriber.audience.sharedLists = shared
          }
          let fresh = changes.filter { $0.sequence > subscriber.lastSequence }.flatMap {
            subscriber.audience.events(for: $0, showingOn: lists[$0.sequence] ?? [])
          }
          subscriber.lastSequence = max(subscriber.lastSequence, changes.last!.sequence)
          subscribers[key] = subscriber
          guard !fresh.isEmpty else { return nil }
          return Delivery(
            key: key, stream: subscriber.stream,
            text: fresh.map { Self.message($0, epoch: epoch) }.joined(),
            isSignedIn: subscriber.isSignedIn)
        }
      }
      deliver(deliveries)
    }
  }

  /// Text for one open stream, and whether its user is still signed in.
  private struct Delivery {
    let key: ObjectIdentifier
    let stream: HTTPEventStream
    let text: String
    let isSignedIn: @Sendable () -> Bool
  }

  /// Sends each text to its stream, outside the subscribers' lock; a stream whose user is no
  /// longer signed in is ended instead, and forgotten.
  private func deliver(_ deliveries: [Delivery]) {
    for delivery in deliveries where !delivery.stream.isClosed {
      if delivery.isSignedIn() {
        delivery.stream.send(delivery.text)
      } else {
        _ = subscribers.withLock { $0.removeValue(forKey: delivery.key) }
        delivery.stream.finish()
      }
    }
  }

  /// The ids of the lists shared with a user; none when the store cannot say.
  func sharedLists(of userID: UUID) -> Set<UUID> {
    (try? store.sharedListIDs(userID: userID)) ?? []
  }

  /// For each catalogue change that can show on shared shopping lists, by sequence: the
  /// shared lists that hold its item now (all the owner's shared lists for a whole-catalogue
  /// change). A list's own changes tell of entries added and removed meanwhile.
  func listsShowing(_ changes: [Change]) -> [Int64: [SharedShoppingList]] {
    var lists: [Int64: [SharedShoppingList]] = [:]
    for change in changes where EventAudience.showsOnLists(change) {
      let found =
        change.itemID.map { try? store.sharedShoppingLists(holding: $0) }
        ?? (try? store.sharedShoppingLists(ownerID: change.ownerID))
      lists[change.sequence] = found ?? []
    }
    return lists
  }

  /// Sends a reminder to the streams of everyone who sees its list.
  func broadcastReminder(_ item: ChecklistItem, in list: Checklist) {
    let payload = ReminderEvent(
      itemID: item.id, checklistID: list.id, checklist: list.name, text: item.text,
      dueDate: item.dueDate.map(ISOTimestamp.milliseconds))
    let text = "event: reminder\ndata: \(Self.json(payload))\n\n"
    let open = subscribers.withLock { subscribers in
      subscribers.filter {
        $0.value.audience.userID == list.ownerID || $0.value.audience.sharedLists.contains(list.id)
      }.map {
        Delivery(key: $0.key, stream: $0.value.stream, text: text, isSignedIn: $0.value.isSignedIn)
      }
    }
    deliver(open)
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
  /// catalogue, sent to its owner only) the owner; `checklistID` repeats it for checklist
  /// changes only, as the web app reads it. `cursor` is the event's id, the same cursor as the
  /// delta feed's (`GET /api/v1/changes?since=`); `sequence` stays for older clients.
  struct ChangeEvent: Encodable {
    var cursor: String
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

  static func message(_ change: Change, epoch: String) -> String {
    let cursor = ChangeCursor(sequence: change.sequence, epoch: epoch).text
    let payload = ChangeEvent(
      cursor: cursor, sequence: change.sequence, kind: change.kind.rawValue,
      scope: change.scope.rawValue,
      collectionID: change.collectionID,
      checklistID: change.scope == .checklist ? change.collectionID : nil,
      itemID: change.itemID, revision: change.revision)
    return "id: \(cursor)\nevent: change\ndata: \(json(payload))\n\n"
  }

  private static func json(_ value: some Encodable) -> String {
    String(
      decoding: (try? ChecklistsJSONEncoding.encode(value, pretty: false)) ?? Data("{}".utf8),
      as: UTF8.self)
  }
}
