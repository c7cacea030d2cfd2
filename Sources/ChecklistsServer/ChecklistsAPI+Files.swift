import ChecklistsCore
import ChecklistsInterop
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
    let report = try service.importChecklists(lists, mode: mode)
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
    let data = try ChecklistsFile.write(service.exportChecklists(), as: format, now: service.now())
    let (type, name) =
      format == .json
      ? ("application/json", "checklists-backup.json")
      : ("application/x-plist", "Checklists.plist")
    return HTTPResponse(
      status: 200,
      headers: ["Content-Type": type, "Content-Disposition": "attachment; filename=\"\(name)\""],
      body: Array(data))
  }
}
