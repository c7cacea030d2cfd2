import ChecklistsCore
import ChecklistsInterop
import ChecklistsMessages
import Foundation
import HTTPServer

extension ChecklistsAPI {
  struct ListsBody: Encodable { var checklists: [ChecklistJSON] }
  struct ListBody: Encodable {
    var checklist: ChecklistJSON
    var items: [ChecklistItemJSON]
  }
  struct ItemsBody: Encodable { var items: [ChecklistItemJSON] }

  func listChecklists(_ request: HTTPRequest) throws -> HTTPResponse {
    try cached(request, .checklists) {
      let (lists, sequence) = try service.checklistsWithVersion()
      let body = ListsBody(checklists: lists.map { ChecklistJSON($0) })
      return (body, .sequence(sequence), nil)
    }
  }

  /// `POST /api/v1/checklists {name, icon?, id?}`: 201 with the new list, or 200 with the list
  /// a replayed create (the same `id` and content) made before.
  func createChecklist(_ request: HTTPRequest) throws -> HTTPResponse {
    let body = try RequestBody(request, schema: RequestSchemas.newChecklist)
    let clientID = try body.clientID()
    let name = try body.requiredString("name")
    let icon = try body.string("icon").map(Self.icon) ?? .userDefault
    let (list, isNew) =
      if let hidesChecked = try body.bool("hideChecked") {
        try service.createList(id: clientID, named: name, icon: icon, hidesChecked: hidesChecked)
      } else {
        try service.createList(id: clientID, named: name, icon: icon)
      }
    if isNew { didWrite() }
    var response = try HTTPResponse.json(
      ChecklistJSON(list), status: isNew ? 201 : 200, etag: .revision(list.revision))
    response.headers["Location"] = "/api/v1/checklists/\(list.id.uuidString)"
    return response
  }

  func getChecklist(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let listID = try id(segment, "list")
    return try cached(request, .checklist(listID)) {
      let (list, items, now) = try listWithItems(listID)
      return Self.listBody(list, items, now: now)
    }
  }

  /// `GET /api/v1/checklists/{id}`'s body, its ETag, and when it goes stale by itself.
  private static func listBody(_ list: Checklist, _ items: [ChecklistItem], now: Date) -> (
    body: ListBody, etag: EntityTag, validUntil: Date?
  ) {
    let body = ListBody(
      checklist: ChecklistJSON(list), items: items.map { ChecklistItemJSON($0, now: now) })
    let next = nextReminder(items, after: now)
    return (body, .revision(list.revision, pendingReminder: next), next)
  }

  /// `POST /api/v1/checklists/{id}/uncheck-all` or `…/clear-checked`: the list as
  /// `GET /api/v1/checklists/{id}` answers it after the reset, with its ETag. A list reset
  /// already is answered as it is, and nothing is written.
  func resetChecklist(_ reset: ChecklistReset, _ request: HTTPRequest, _ segment: String)
    throws -> HTTPResponse
  {
    let listID = try id(segment, "list")
    let expected = try request.expectedRevision { try service.checklist(id: listID).revision }
    let result = try service.reset(reset, listID: listID, expectedRevision: expected)
    if result.changedCount > 0 { didWrite() }
    let (body, etag, _) = Self.listBody(result.list, result.items, now: service.now())
    return try .json(body, etag: etag)
  }

  func listItems(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let listID = try id(segment, "list")
    return try cached(request, .items(listID)) {
      let (list, items, now) = try listWithItems(listID)
      let body = ItemsBody(items: items.map { ChecklistItemJSON($0, now: now) })
      let next = Self.nextReminder(items, after: now)
      return (body, .revision(list.revision, pendingReminder: next), next)
    }
  }

  private func listWithItems(_ id: UUID) throws -> (Checklist, [ChecklistItem], Date) {
    let (list, items) = try service.checklistWithItems(id: id)
    return (list, items, service.now())
  }

  /// When a body showing these items goes stale by itself: at the first pending reminder.
  private static func nextReminder(_ items: [ChecklistItem], after now: Date) -> Date? {
    items.compactMap { $0.reminderDate(after: now) }.min()
  }

  /// Answers a GET from the cache (304 when the client's ETag is current), or reads, encodes
  /// and stores it.
  func cached(
    _ request: HTTPRequest, _ key: ResponseCache.Key,
    read: () throws -> (body: some Encodable, etag: EntityTag, validUntil: Date?)
  ) throws -> HTTPResponse {
    if let entry = cache.entry(for: key, userID: service.owner.id, now: service.now()) {
      if request.isNotModified(entry.etag) { return .notModified(entry.etag) }
      return .json(bytes: entry.body, etag: entry.etag)
    }
    let generation = cache.generation
    let (value, etag, validUntil) = try read()
    if request.isNotModified(etag) { return .notModified(etag) }
    let body = Array(try ChecklistsJSONEncoding.encode(value, pretty: false))
    cache.store(
      ResponseCache.Entry(generation: generation, body: body, etag: etag, validUntil: validUntil),
      for: key, userID: service.owner.id)
    return .json(bytes: body, etag: etag)
  }

  func updateChecklist(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let listID = try id(segment, "list")
    let body = try RequestBody(request, schema: RequestSchemas.checklistChanges)
    // The content is checked before the precondition (RFC 9110, 13.2.1): a bad name is 422
    // even when If-Match is stale.
    let name = try body.string("name").map(Checklist.validatedName)
    let icon = try body.string("icon").map(Self.icon)
    let hidesChecked = try body.bool("hideChecked")
    let expected = try request.expectedRevision { try service.checklist(id: listID).revision }
    let list = try merging(request) {
      try service.updateList(
        id: listID, name: name, icon: icon, hidesChecked: hidesChecked,
        expectedRevision: expected)
    }
    didWrite()
    return try .json(ChecklistJSON(list), etag: .revision(list.revision))
  }

  /// Deletes a list; one that is not there (already deleted, or never the user's) is 404.
  func deleteChecklist(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let listID = try id(segment, "list")
    let expected = try ChecklistsError.deleting("list", id: listID) {
      try request.expectedRevision { try service.checklist(id: listID).revision }
    }
    try service.deleteList(id: listID, expectedRevision: expected)
    didWrite()
    return .noContent
  }

  static func icon(_ name: String) throws -> ChecklistIcon {
    guard let icon = ChecklistIcon(named: name) else {
      throw APIError.unprocessable(
        MessageText(
          "server.api.unknownIcon",
          [
            "name": name,
            "icons": ChecklistIcon.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "),
          ]))
    }
    return icon
  }
}
