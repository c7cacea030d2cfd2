import ChecklistsCore
import ChecklistsInterop
import ChecklistsMessages
import ChecklistsStore
import Foundation
import HTTPServer

extension ChecklistsAPI.SmartLists {
  func templates() throws -> HTTPResponse {
    struct Body: Encodable { var templates: [TemplateJSON] }
    return try .json(
      Body(templates: try templateService.templates().map { TemplateJSON($0, withItems: false) }))
  }

  func template(_ segment: String) throws -> HTTPResponse {
    try .json(TemplateJSON(try templateService.template(id: templateID(segment)), withItems: true))
  }

  func saveTemplate(_ request: HTTPRequest) throws -> HTTPResponse {
    let body = try RequestBody(request, schema: RequestSchemas.newTemplate)
    // Every field's type is checked before the list's id is read.
    let (clientID, name) = (try body.clientID(), try body.string("name"))
    let listText = try body.requiredString("checklistID")
    guard let listID = UUID.parse(listText) else {
      throw APIError.unprocessable(
        MessageText("server.api.fieldChecklistidMust", ["listText": "\(listText)"]))
    }
    let (template, isNew) = try templateService.saveTemplate(
      fromList: listID, name: name, id: clientID,
      timeZone: try Self.timeZone(request))
    var response = try HTTPResponse.json(
      TemplateJSON(template, withItems: true), status: isNew ? 201 : 200)
    response.headers["Location"] = "/api/v1/templates/\(template.id.uuidString)"
    return response
  }

  func deleteTemplate(_ segment: String) throws -> HTTPResponse {
    try templateService.deleteTemplate(id: templateID(segment))
    return HTTPResponse(status: 204)
  }

  func startTemplate(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let id = try templateID(segment)
    let zone = try Self.timeZone(request)
    // The body may be left out: a list named as the template, starting today.
    let body =
      request.body.isEmpty ? nil : try RequestBody(request, schema: RequestSchemas.templateStart)
    let startDate = try body?.string("startDate").map { try Self.startDate($0, in: zone) }
    let (list, _, isNew) = try templateService.startList(
      fromTemplate: id, name: try body?.string("name"), on: startDate,
      listID: try body?.clientID(), timeZone: zone)
    if isNew { didWrite() }
    var response = try HTTPResponse.json(
      ChecklistJSON(list), status: isNew ? 201 : 200, etag: .revision(list.revision))
    response.headers["Location"] = "/api/v1/checklists/\(list.id.uuidString)"
    return response
  }

  private func templateID(_ segment: String) throws -> UUID {
    guard let id = UUID.parse(segment) else {
      throw APIError.notFound(MessageText("server.api.noTemplateId", ["segment": "\(segment)"]))
    }
    return id
  }

  /// A day as `startDate` gives it: an ISO 8601 date (that day in `zone`) or date and time.
  /// - Throws: 422 naming the value.
  static func startDate(_ text: String, in zone: TimeZone) throws -> Date {
    if let date = ISOTimestamp.parse(text) { return date }
    let parts = text.split(separator: "-", omittingEmptySubsequences: false).compactMap {
      Int($0)
    }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    if text.count == 10, parts.count == 3,
      let date = calendar.date(
        from: DateComponents(year: parts[0], month: parts[1], day: parts[2])),
      calendar.component(.day, from: date) == parts[2]
    {
      return date
    }
    throw APIError.unprocessable(
      MessageText("server.api.fieldStartdateMust", ["text": "\(text)"]))
  }
}
