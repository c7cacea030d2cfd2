import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore
import Foundation
import HTTPServer

extension ChecklistsAPI {
  struct ImportBody: Encodable {
    var listsCreated, listsUpdated, itemsAdded, itemsUpdated, itemsUnchanged: Int
    var itemsRemoved, itemsSkipped: Int
    var summary: String
  }

  /// `POST /api/v1/import?mode=merge|replace`: the body is the file itself.
  func importFile(_ request: HTTPRequest) throws -> HTTPResponse {
    let modeName = request.queryValue("mode") ?? ImportMode.merge.rawValue
    guard let mode = ImportMode(rawValue: modeName) else {
      throw APIError.unprocessable("Unknown import mode '\(modeName)'; use 'merge' or 'replace'.")
    }
    let lists = try ChecklistsFile.read(Data(request.body))
    let templates = try ChecklistsBackup.templates(in: Data(request.body)).map {
      try $0.template(ownerID: service.owner.id)
    }
    let report = try service.importChecklists(lists, mode: mode)
    if !templates.isEmpty { try templateService().importTemplates(templates) }
    didWrite()
    return try .json(
      ImportBody(
        listsCreated: report.listsCreated, listsUpdated: report.listsUpdated,
        itemsAdded: report.itemsAdded, itemsUpdated: report.itemsUpdated,
        itemsUnchanged: report.itemsUnchanged, itemsRemoved: report.itemsRemoved,
        itemsSkipped: report.itemsSkipped, summary: report.summary(mode: mode)))
  }

  /// `GET /api/v1/export?format=json|ios-plist`: a download.
  func exportFile(_ request: HTTPRequest) throws -> HTTPResponse {
    let formatName = request.queryValue("format") ?? ChecklistsFileFormat.json.rawValue
    guard let format = ChecklistsFileFormat(rawValue: formatName) else {
      throw APIError.unprocessable(
        "Unknown export format '\(formatName)'; use 'json' or 'ios-plist'.")
    }
    let templates = format == .json ? try templateService().templates() : []
    let data = try ChecklistsFile.write(
      service.exportChecklists(), templates: templates, as: format, now: service.now())
    let (type, name) =
      format == .json
      ? ("application/json", "checklists-backup.json")
      : ("application/x-plist", "Checklists.plist")
    return HTTPResponse(
      status: 200,
      headers: ["Content-Type": type, "Content-Disposition": "attachment; filename=\"\(name)\""],
      body: Array(data))
  }

  /// The user's templates, which the JSON backup carries (issue 14).
  private func templateService() throws -> TemplateService {
    guard let database = service.store as? any ChecklistsDatabase else {
      throw APIError(status: 500, detail: "The server's store keeps no templates.")
    }
    return TemplateService(store: database, user: service.owner, now: service.now)
  }
}
