import ChecklistsCore
import ChecklistsInterop
import ChecklistsMessages
import ChecklistsStore
import Foundation
import HTTPServer

extension ChecklistsAPI {
  /// `POST /api/v1/checklists/{id}/items {text, …, id?}`: 201 with the new item, or 200 with
  /// the item a replayed create (the same `id` and content) made before.
  func addItem(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let listID = try id(segment, "list")
    let body = try RequestBody(request, schema: RequestSchemas.newItem)
    let clientID = try body.clientID()
    let text = try body.requiredString("text")
    let due = try body.due() ?? nil
    let remind = try body.bool("remind") ?? false
    let checked = try body.bool("checked") ?? false
    let details = ItemDetails(
      notes: try body.string("notes") ?? "", isFlagged: try body.bool("flagged") ?? false,
      priority: try body.priority() ?? ItemPriority.none, parentID: try body.parentID() ?? nil,
      recurrence: try body.recurrence() ?? nil)
    let (item, isNew) = try service.addItem(
      id: clientID, text, to: listID, due: due, shouldRemind: remind, isChecked: checked,
      details: details)
    if isNew { didWrite() }
    var response = try itemResponse(item, status: isNew ? 201 : 200)
    response.headers["Location"] = "/api/v1/items/\(item.id.uuidString)"
    return response
  }

  func getItem(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let item = try service.item(id: id(segment, "item"))
    let etag = Self.etag(item, now: service.now())
    if request.isNotModified(etag) {
      return .notModified(etag)
    }
    return try itemResponse(item)
  }

  func updateItem(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let itemID = try id(segment, "item")
    let body = try RequestBody(request, schema: RequestSchemas.itemChanges)
    // The content is checked before the precondition (RFC 9110, 13.2.1).
    let changes = ItemChanges(
      text: try body.string("text").map(ChecklistItem.validatedText),
      isChecked: try body.bool("checked"),
      shouldRemind: try body.bool("remind"),
      notes: try body.string("notes").map(ChecklistItem.validatedNotes),
      isFlagged: try body.bool("flagged"), priority: try body.priority(),
      parentID: try body.parentID(), recurrence: try body.recurrence(),
      checksSubtasks: try body.bool("checkSubtasks") ?? false,
      due: try body.due().map(ChecklistItem.validatedDue))
    if changes.checksSubtasks && changes.isChecked != true {
      throw APIError.unprocessable(
        MessageText("server.api.checkSubtasksNeedsChecked"))
    }
    let expected = try request.expectedRevision { try service.item(id: itemID).revision }
    let item = try merging(request) {
      try service.updateItem(id: itemID, changes, expectedRevision: expected)
    }
    didWrite()
    return try itemResponse(item)
  }

  func toggleItem(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let itemID = try id(segment, "item")
    let expected = try request.expectedRevision { try service.item(id: itemID).revision }
    let item: ChecklistItem
    if let expected {
      let current = try service.item(id: itemID)
      item = try service.updateItem(
        id: itemID, ItemChanges(isChecked: !current.isChecked), expectedRevision: expected,
        mergingFields: false)
    } else {
      item = try service.toggle(itemID: itemID)
    }
    didWrite()
    return try itemResponse(item)
  }

  /// `POST /api/v1/items/{id}/move {"after": id or null}` puts the item right after another
  /// of its list (null: first), which lands in the same place when replayed; `{"index": n}`
  /// puts it at a position, for scripts.
  func moveItem(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let itemID = try id(segment, "item")
    let body = try RequestBody(request, schema: RequestSchemas.move)
    let after = try body.nullableString("after", expected: "an item's id or null")
    let index = try body.integer("index")
    if after != nil && index != nil {
      throw APIError.unprocessable(
        MessageText("server.api.sendEitherAfter"))
    }
    if after == nil && index == nil {
      throw APIError.unprocessable(
        MessageText("server.api.fieldAfterId"))
    }
    if let index, index < 0 {
      throw APIError.unprocessable(MessageText("server.api.fieldIndexMust", ["index": "\(index)"]))
    }
    let otherID = try after.map { text in
      try text.map { text in
        guard let id = UUID.parse(text) else {
          throw APIError.unprocessable(
            MessageText("server.api.fieldAfterMust", ["text": "\(text)"]))
        }
        return id
      }
    }
    let expected = try request.expectedRevision { try service.item(id: itemID).revision }
    let item =
      if let index {
        try service.moveItem(id: itemID, to: index, expectedRevision: expected)
      } else {
        try service.moveItem(id: itemID, after: otherID!, expectedRevision: expected)
      }
    didWrite()
    return try itemResponse(item)
  }

  /// Deletes an item; one that is not there (already deleted, or never the user's) is 404.
  func deleteItem(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let itemID = try id(segment, "item")
    let expected = try ChecklistsError.deleting("item", id: itemID) {
      try request.expectedRevision { try service.item(id: itemID).revision }
    }
    try service.deleteItem(id: itemID, expectedRevision: expected)
    didWrite()
    return .noContent
  }

  /// `GET /api/v1/items/{id}/history`: a repeating item's completions, newest first.
  func itemHistory(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let entries = try service.history(itemID: id(segment, "item"))
    return try .json(ItemHistoryJSON(entries))
  }

  func dueItems() throws -> HTTPResponse {
    let now = service.now()
    let items = try service.dueItems(through: now).map { list, item in
      ChecklistItemJSON(item, checklist: list.name, now: now)
    }
    return try .json(ItemsBody(items: items))
  }

  private func itemResponse(_ item: ChecklistItem, status: Int = 200) throws -> HTTPResponse {
    let now = service.now()
    return try .json(
      ChecklistItemJSON(item, now: now), status: status, etag: Self.etag(item, now: now))
  }

  /// An item's tag: its revision, and the minute of its reminder while that is still ahead.
  static func etag(_ item: ChecklistItem, now: Date) -> EntityTag {
    .revision(item.revision, pendingReminder: item.reminderDate(after: now))
  }
}
