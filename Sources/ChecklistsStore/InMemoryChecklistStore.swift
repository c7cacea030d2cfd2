import ChecklistsCore
import Foundation
import Synchronization

/// A store that keeps everything in memory: for fast tests of the rules above the store.
///
/// A write works on a copy of the state and publishes it only when the closure returns, so it
/// is as all-or-nothing as an SQLite transaction.
public final class InMemoryChecklistStore: ChecklistStore {
  struct State: Sendable {
    var users: [UUID: User] = [:]
    var checklists: [UUID: Checklist] = [:]
    var items: [UUID: ChecklistItem] = [:]
    var order: [UUID: [UUID]] = [:]
    var changes: [Change] = []
  }

  private let state = Mutex(State())

  /// Creates an empty store.
  public init() {}

  /// Runs `body` against the current state.
  public func read<T: Sendable>(_ body: (any ChecklistStoreReader) throws -> T) throws -> T {
    let snapshot = state.withLock { $0 }
    return try body(Transaction(state: snapshot))
  }

  /// Runs `body` against a copy of the state and keeps the copy only if `body` returns.
  public func write<T: Sendable>(_ body: (any ChecklistStoreWriter) throws -> T) throws -> T {
    try state.withLock { state in
      let transaction = Transaction(state: state)
      let result = try body(transaction)
      state = transaction.state
      return result
    }
  }
}

extension InMemoryChecklistStore {
  final class Transaction: ChecklistStoreWriter {
    var state: State

    init(state: State) {
      self.state = state
    }

    // MARK: Reading

    func user(named name: String) throws -> User? {
      state.users.values.first { $0.name == name }
    }

    func checklists(ownerID: UUID) throws -> [Checklist] {
      state.checklists.values.filter { $0.ownerID == ownerID }.map(counted)
    }

    func checklist(id: UUID) throws -> Checklist? {
      state.checklists[id].map(counted)
    }

    func items(checklistID: UUID) throws -> [ChecklistItem] {
      (state.order[checklistID] ?? []).compactMap { state.items[$0] }
    }

    func item(id: UUID) throws -> ChecklistItem? {
      state.items[id]
    }

    func item(checklistID: UUID, at index: Int) throws -> ChecklistItem? {
      let order = state.order[checklistID] ?? []
      return order.indices.contains(index) ? state.items[order[index]] : nil
    }

    func changes(ownerID: UUID, after sequence: Int64, limit: Int) throws -> [Change] {
      Array(state.changes.filter { $0.ownerID == ownerID && $0.sequence > sequence }.prefix(limit))
    }

    func dueItems(ownerID: UUID, through date: Date) throws -> [ChecklistItem] {
      let lists = Set(state.checklists.values.filter { $0.ownerID == ownerID }.map(\.id))
      return state.items.values
        .filter { lists.contains($0.checklistID) && $0.shouldRemind && $0.isDue(at: date) }
        .sorted { ($0.dueDate!, $0.id.uuidString) < ($1.dueDate!, $1.id.uuidString) }
    }

    func reminders(ownerID: UUID, dueFrom start: Date, before end: Date) throws -> [ChecklistItem] {
      try dueItems(ownerID: ownerID, through: end).filter {
        $0.dueDate! >= start && $0.dueDate! < end
      }
    }

    func lastChangeSequence(ownerID: UUID) throws -> Int64 {
      state.changes.last { $0.ownerID == ownerID }?.sequence ?? 0
    }

    private func counted(_ checklist: Checklist) -> Checklist {
      var checklist = checklist
      let items = self.items(ofList: checklist.id)
      checklist.itemCount = items.count
      checklist.remainingCount = items.filter { !$0.isChecked }.count
      return checklist
    }

    private func items(ofList id: UUID) -> [ChecklistItem] {
      (state.order[id] ?? []).compactMap { state.items[$0] }
    }

    // MARK: Writing

    func insertUser(_ user: User) throws {
      state.users[user.id] = user
    }

    func insertChecklist(_ checklist: Checklist) throws {
      precondition(state.checklists[checklist.id] == nil, "duplicate list id")
      state.checklists[checklist.id] = checklist
      state.order[checklist.id] = []
    }

    func updateChecklist(_ checklist: Checklist) throws {
      guard var stored = state.checklists[checklist.id] else { return }
      stored.name = checklist.name
      stored.icon = checklist.icon
      stored.revision = checklist.revision
      stored.updatedAt = checklist.updatedAt
      state.checklists[checklist.id] = stored
    }

    func deleteChecklist(id: UUID) throws {
      for itemID in state.order[id] ?? [] { state.items[itemID] = nil }
      state.order[id] = nil
      state.checklists[id] = nil
    }

    func appendItem(_ item: ChecklistItem) throws {
      precondition(state.items[item.id] == nil, "duplicate item id")
      state.items[item.id] = item
      state.order[item.checklistID, default: []].append(item.id)
    }

    func updateItem(_ item: ChecklistItem) throws {
      guard state.items[item.id] != nil else { return }
      state.items[item.id] = item
    }

    func deleteItem(id: UUID) throws {
      guard let item = state.items.removeValue(forKey: id) else { return }
      state.order[item.checklistID]?.removeAll { $0 == id }
    }

    func moveItem(id: UUID, to index: Int) throws {
      guard let item = state.items[id], var order = state.order[item.checklistID] else { return }
      order.removeAll { $0 == id }
      order.insert(id, at: min(max(index, 0), order.count))
      state.order[item.checklistID] = order
    }

    func appendChange(_ change: Change) throws -> Int64 {
      var change = change
      change.sequence = Int64(state.changes.count + 1)
      state.changes.append(change)
      return change.sequence
    }
  }
}
