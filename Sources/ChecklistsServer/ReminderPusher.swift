import ChecklistsCore
import ChecklistsInterop
import ChecklistsMessages
import ChecklistsStore
import Foundation
import Synchronization
import WebPush

/// Sends each reminder this instance fired (``ChangeWatcher`` claims it first, so once across
/// instances) to every push subscription of every user who can see the item: the list's owner
/// and those it is shared with.
///
/// The watcher only queues a reminder; a thread of its own reads the subscriptions, encrypts
/// and posts, so a slow push service delays no check and no request. The queue is bounded:
/// past ``capacity`` waiting reminders, new ones are logged and dropped. A subscription the
/// push service says is gone (404, 410) is deleted; any other failure is logged, once until
/// that endpoint works again, and not retried.
final class ReminderPusher: Sendable {
  /// The most reminders waiting to be pushed.
  static let capacity = 1_000
  /// How long a push service may keep a reminder for a phone that is offline: a day.
  static let timeToLive = 86_400

  private let store: any ChecklistsDatabase
  private let log: @Sendable (String) -> Void
  private let state = Mutex(State())
  private let wakeUp = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)

  private struct State {
    var queue: [(Checklist, ChecklistItem)] = []
    var sender: PushSender?
    var isRunning = false
    /// Endpoints whose last push failed, so that a dead one is logged once, not per reminder.
    var failing: Set<String> = []
    var sent = 0
  }

  init(store: any ChecklistsDatabase, log: @escaping @Sendable (String) -> Void) {
    self.store = store
    self.log = log
  }

  /// Starts the sending thread.
  func start(sender: PushSender) {
    state.withLock { state in
      state.sender = sender
      state.isRunning = true
    }
    let thread = Thread { [self] in run() }
    thread.name = "checklists reminder pusher"
    thread.start()
  }

  /// Stops after the push in progress; reminders still queued are dropped.
  func stop() {
    let wasRunning = state.withLock { state in
      defer { state.isRunning = false }
      return state.isRunning
    }
    guard wasRunning else { return }
    wakeUp.signal()
    _ = finished.wait(timeout: .now() + 15)
  }

  /// Queues a reminder that fired; returns at once.
  func enqueue(_ item: ChecklistItem, in list: Checklist) {
    let queued = state.withLock { state in
      guard state.isRunning, state.queue.count < Self.capacity else { return false }
      state.queue.append((list, item))
      return true
    }
    if queued {
      wakeUp.signal()
    } else {
      log("Push: reminder '\(item.text)' not pushed: \(Self.capacity) reminders are waiting")
    }
  }

  /// How many pushes push services have taken, since start.
  var sentCount: Int { state.withLock { $0.sent } }

  private func run() {
    defer { finished.signal() }
    while true {
      let next = state.withLock { state -> (Checklist, ChecklistItem)?? in
        guard state.isRunning else { return .none }
        return .some(state.queue.isEmpty ? nil : state.queue.removeFirst())
      }
      guard let next else { return }
      guard let (list, item) = next else {
        wakeUp.wait()
        continue
      }
      guard let sender = state.withLock({ $0.sender }) else { continue }
      push(item, in: list, with: sender)
    }
  }

  private func push(_ item: ChecklistItem, in list: Checklist, with sender: PushSender) {
    let subscriptions: [PushSubscription]
    do {
      let listID = list.id
      let members = try store.read { tx in try tx.shares(collectionID: listID).map(\.userID) }
      subscriptions = try store.pushSubscriptions(userIDs: [list.ownerID] + members)
    } catch {
      log("Push: reminder '\(item.text)' not pushed: \(error)")
      return
    }
    guard !subscriptions.isEmpty else { return }
    let payload = Self.payload(item, in: list)
    for subscription in subscriptions {
      let delivery: PushSender.Delivery
      do {
        let recipient = try PushSender.Recipient(
          endpoint: subscription.endpoint, p256dh: subscription.p256dh, auth: subscription.auth)
        delivery = sender.send(
          payload, to: recipient, ttl: Self.timeToLive, urgency: .high)
      } catch {
        delivery = .failed("\(error)")
      }
      record(delivery, for: subscription)
    }
  }

  private func record(_ delivery: PushSender.Delivery, for subscription: PushSubscription) {
    let endpoint = subscription.endpoint
    switch delivery {
    case .delivered:
      state.withLock { state in
        state.failing.remove(endpoint)
        state.sent += 1
      }
    case .gone(let status):
      state.withLock { _ = $0.failing.remove(endpoint) }
      do {
        try store.deletePushSubscription(endpoint: endpoint, userID: nil)
        log("Push: subscription \(Self.shortName(endpoint)) is gone (HTTP \(status)); removed")
      } catch {
        log("Push: subscription \(Self.shortName(endpoint)) is gone but not removed: \(error)")
      }
    case .failed(let reason):
      let first = state.withLock { $0.failing.insert(endpoint).inserted }
      if first { log("Push to \(Self.shortName(endpoint)) failed: \(reason)") }
    }
  }

  /// The push's JSON, which the web app's service worker shows as a notification.
  static func payload(_ item: ChecklistItem, in list: Checklist) -> [UInt8] {
    struct Payload: Encodable {
      var type = "reminder"
      var itemID: UUID
      var checklistID: UUID
      var title: String
      var body: String
      var dueDate: String?
      var url: String
      var revision: Int64
    }
    var body = list.name
    if let due = item.dueDate {
      let formatter = DateFormatter()
      formatter.dateStyle = .none
      formatter.timeStyle = .short
      body = MessageCatalogue.english.text(
        "server.reminder.body", ["list": list.name, "time": formatter.string(from: due)])
    }
    let payload = Payload(
      itemID: item.id, checklistID: list.id, title: item.text, body: body,
      dueDate: item.dueDate.map { ISOTimestamp.milliseconds($0) },
      url: "/lists/\(list.id.uuidString)", revision: item.revision)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return Array((try? encoder.encode(payload)) ?? Data())
  }

  /// An endpoint as a log shows it: its origin, not the secret path that addresses a browser.
  static func shortName(_ endpoint: String) -> String {
    URL(string: endpoint).flatMap(PushEndpoint.origin(of:)) ?? "(an endpoint)"
  }
}
