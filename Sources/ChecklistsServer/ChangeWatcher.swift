import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore
import Foundation
import Synchronization

/// Notices every change in the database, whoever made it (this server, another server, the CLI
/// in another process), by reading the change log, and fires due reminders.
///
/// It checks every `interval`, at once when ``poke()`` is called after a write here, and at
/// once when the database says another process committed (PostgreSQL's `LISTEN`, through
/// ``ChecklistsStore/ChecklistsDatabase/observeCommittedChanges(_:)``; on SQLite the interval's
/// poll is all there is), so an open page sees a change well within a second.
///
/// Reminders are checked at the same time, in the check that first passes their minute. Every
/// instance tells its own open pages (each page is connected to one instance, so it hears a
/// reminder once), but only the instance that claims it in the database
/// (``ChecklistsStore/ChecklistsDatabase/claimReminder(itemID:dueDate:)``) fires it: logs it
/// and counts it, once however many instances watch.
final class ChangeWatcher: Sendable {
  /// The database: every user's changes and reminders.
  private let store: any ChecklistsDatabase
  private let now: @Sendable () -> Date
  private let events: EventHub
  private let interval: Duration
  private let log: @Sendable (String) -> Void
  private let state: Mutex<State>
  private let wakeUp = DispatchSemaphore(value: 0)
  private let changeHandler = Mutex<(@Sendable () -> Void)?>(nil)
  private let observation = Mutex<(any DatabaseObservation)?>(nil)
  /// Where a database that stops answering is reported, once per outage rather than per check.
  let outages: DatabaseOutageLog

  /// Called after every check, changes or not: a heartbeat for periodic chores.
  var afterCheck: (@Sendable () -> Void)? {
    get { checkHandler.withLock { $0 } }
    set { checkHandler.withLock { $0 = newValue } }
  }
  private let checkHandler = Mutex<(@Sendable () -> Void)?>(nil)

  /// Called for each reminder this instance claimed and sent (the metrics count them).
  var onReminderSent: (@Sendable () -> Void)? {
    get { reminderHandler.withLock { $0 } }
    set { reminderHandler.withLock { $0 = newValue } }
  }
  private let reminderHandler = Mutex<(@Sendable () -> Void)?>(nil)

  /// Called for each reminder this instance claimed, with the item and its list: where Web
  /// Push takes it (``ReminderPusher``, which returns at once).
  var onReminderClaimed: (@Sendable (ChecklistItem, Checklist) -> Void)? {
    get { claimHandler.withLock { $0 } }
    set { claimHandler.withLock { $0 = newValue } }
  }
  private let claimHandler = Mutex<(@Sendable (ChecklistItem, Checklist) -> Void)?>(nil)

  /// Called when the change log has grown, before the changes are broadcast.
  var onChange: (@Sendable () -> Void)? {
    get { changeHandler.withLock { $0 } }
    set { changeHandler.withLock { $0 = newValue } }
  }

  private struct State {
    var lastSequence: Int64
    var lastReminderCheck: Date
    var isRunning = true
    var lastKeepAlive: Date
    /// Whether the last check failed for want of the database.
    var isFailing = false
  }

  init(
    store: any ChecklistsDatabase, now: @escaping @Sendable () -> Date, events: EventHub,
    interval: Duration = .milliseconds(250), log: @escaping @Sendable (String) -> Void,
    outages: DatabaseOutageLog? = nil
  ) throws {
    self.store = store
    self.now = now
    self.events = events
    self.interval = interval
    self.log = log
    self.outages = outages ?? DatabaseOutageLog(now: now, log: log)
    let last = try store.lastChangeSequence()
    let now = now()
    state = Mutex(State(lastSequence: last, lastReminderCheck: now, lastKeepAlive: now))
  }

  /// Starts checking on a thread of its own, woken by the database's commit notices when it
  /// sends them.
  func start() {
    let thread = Thread { [self] in run() }
    thread.name = "checklists change watcher"
    thread.start()
    let wakeUp = wakeUp
    let notices = store.observeCommittedChanges { wakeUp.signal() }
    observation.withLock { $0 = notices }
  }

  /// Checks now instead of at the next tick.
  func poke() {
    wakeUp.signal()
  }

  /// Stops the thread after its current check.
  func stop() {
    observation.withLock { observation in
      observation?.cancel()
      observation = nil
    }
    state.withLock { $0.isRunning = false }
    wakeUp.signal()
  }

  private func run() {
    let milliseconds =
      Int(interval.components.seconds * 1000)
      + Int(interval.components.attoseconds / 1_000_000_000_000_000)
    while state.withLock({ $0.isRunning }) {
      check()
      _ = wakeUp.wait(timeout: .now() + .milliseconds(milliseconds))
    }
  }

  /// One round: new changes, due reminders, and a keep-alive every 15 seconds.
  ///
  /// Rounds run one at a time: besides the watcher's thread, a client in the same process
  /// (``ChecklistsServer/checkForChanges()``) may ask for one, and two at once would both
  /// broadcast the same changes and reminders.
  func check() {
    checking.withLock { _ in checkOnce() }
  }

  /// Held for a whole round, calls out included: it orders rounds and guards no state.
  private let checking = Mutex(())

  private func checkOnce() {
    do {
      let after = state.withLock { $0.lastSequence }
      let changes = try store.allChanges(after: after, limit: 1_000)
      if let last = changes.last {
        state.withLock { $0.lastSequence = last.sequence }
        onChange?()
        events.broadcast(changes)
      }
      try fireReminders()
      let now = now()
      let keepAlive = state.withLock { state in
        guard now.timeIntervalSince(state.lastKeepAlive) >= 15 else { return false }
        state.lastKeepAlive = now
        return true
      }
      if keepAlive { events.keepAlive() }
      let recovered = state.withLock { state in
        defer { state.isFailing = false }
        return state.isFailing
      }
      if recovered { log("database answering again") }
    } catch let error as ChecklistsError where error.code == .storage {
      state.withLock { $0.isFailing = true }
      outages.report(error.description)
    } catch {
      log("change watcher: \(error)")
    }
    afterCheck?()
  }

  /// Fires reminders whose minute falls after the last check and at or before now.
  private func fireReminders() throws {
    let now = now()
    let since = state.withLock { $0.lastReminderCheck }
    guard now > since else { return }
    // A reminder fires at the start of its due minute m: fire those with since < m <= now,
    // that is with a due date in [minute after `since`, minute after `now`).
    let start = Self.minute(after: since)
    let end = Self.minute(after: now)
    if end > start {
      for (list, item) in try store.reminders(dueFrom: start, before: end) {
        guard let dueDate = item.dueDate else { continue }
        let claimed = try store.claimReminder(itemID: item.id, dueDate: dueDate)
        // This instance's pages hear it whoever claimed it: they hear no other instance.
        events.broadcastReminder(item, in: list)
        guard claimed else { continue }
        let due = ISOTimestamp.milliseconds(dueDate)
        log("Reminder: \(item.text) (list '\(list.name)', due \(due))")
        reminderHandler.withLock { $0 }?()
        claimHandler.withLock { $0 }?(item, list)
      }
    }
    state.withLock { $0.lastReminderCheck = now }
  }

  /// The start of the minute after the one `date` is in.
  static func minute(after date: Date) -> Date {
    let seconds = date.timeIntervalSinceReferenceDate
    return Date(timeIntervalSinceReferenceDate: ((seconds / 60).rounded(.down) + 1) * 60)
  }
}
