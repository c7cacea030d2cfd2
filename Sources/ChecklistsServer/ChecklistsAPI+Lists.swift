import ChecklistsCore
import ChecklistsInterop
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
    let (lists, sequence) = try service.checklistsWithVersion()
    let etag = EntityTag.sequence(sequence)
    if request.isNotModified(etag) { return .notModified(etag) }
    return try .json(ListsBody(checklists: lists.map { ChecklistJSON($0) }), etag: etag)
  }

  func createChecklist(_ request: HTTPRequest) throws -> HTTPResponse {
    let body = try RequestBody(request, allowed: ["name", "icon"])
    let name = try body.requiredString("name")
    let icon = try body.string("icon").map(Self.icon) ?? .userDefault
    let list = try service.createList(named: name, icon: icon)
    didWrite()
    var response = try HTTPResponse.json(
      ChecklistJSON(list), status: 201, etag: .revision(list.revision))
    response.headers["Location"] = "/api/v1/checklists/\(list.id.uuidString)"
    return response
  }

  func getChecklist(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let (list, items) = try service.checklistWithItems(id: id(segment, "list"))
    let etag = EntityTag.revision(list.revision)
    if request.isNotModified(etag) { return .notModified(etag) }
    let now = service.now()
    return try .json(
      ListBody(
        checklist: ChecklistJSON(list), items: items.map { ChecklistItemJSON($0, now: now) }),
      etag: etag)
  }

  func listItems(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let (list, items) = try service.checklistWithItems(id: id(segment, "list"))
    let etag = EntityTag.revision(list.revision)
    if request.isNotModified(etag) { return .notModified(etag) }
    let now = service.now()
    return try .json(ItemsBody(items: items.map { ChecklistItemJSON($0, now: now) }), etag: etag)
  }

  func updateChecklist(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let listID = try id(segment, "list")
    let body = try RequestBody(request, allowed: ["name", "icon"])
    let name = try body.string("name")
    let icon = try body.string("icon").map(Self.icon)
    let expected = try request.expectedRevision { try service.checklist(id: listID).revision }
    let list = try service.updateList(
      id: listID, name: name, icon: icon, expectedRevision: expected)
    didWrite()
    return try .json(ChecklistJSON(list), etag: .revision(list.revision))
  }

  func deleteChecklist(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let listID = try id(segment, "list")
    let expected = try request.expectedRevision { try service.checklist(id: listID).revision }
    try service.deleteList(id: listID, expectedRevision: expected)
    didWrite()
    return .noContent
  }

  static func icon(_ name: String) throws -> ChecklistIcon {
    guard let icon = ChecklistIcon(named: name) else {
      throw APIError.unprocessable(
        "Unknown icon '\(name)'; the icons are "
          + ChecklistIcon.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ") + ".")
    }
    return icon
  }
}
