import ChecklistsCore
import ChecklistsInterop
import ChecklistsMessages
import ChecklistsStore
import Foundation
import HTTPServer

extension ChecklistsAPI {
  struct ImportBody: Encodable {
    var listsCreated, listsUpdated, itemsAdded, itemsUpdated, itemsUnchanged: Int
    var itemsRemoved, itemsSkipped: Int
    var summary: String
  }

  /// What `POST /api/v1/import` recognised and what importing it did.
  struct DetectedImportBody<Report: Encodable>: Encodable {
    var kind: ImportFileKind
    var report: Report
  }

  /// `POST /api/v1/import?mode=merge|replace&list={listID}`: the body is the file itself,
  /// any file `checklists import` reads: checklists (a Checklists.plist or a JSON backup) or
  /// the Shopping List app's `items` file, recognised from its contents.
  func importFile(_ request: HTTPRequest) throws -> HTTPResponse {
    let modeName = request.queryValue("mode") ?? ImportMode.merge.rawValue
    guard let mode = ImportMode(rawValue: modeName) else {
      throw APIError.unprocessable(
        MessageText("server.api.unknownImportMode", ["modeName": "\(modeName)"]))
    }
    let data = Data(request.body)
    let kind = ImportFileKind.detect(data)
    switch kind {
    case .iCalendar?: throw APIError.unprocessable(ImportFileKind.iCalendarRefusal)
    case .shopping?:
      if mode == .replace {
        throw APIError.unprocessable(
          MessageText("server.api.modeReplaceChecklists"))
      }
      let report = try importShoppingItems(data, request: request)
      return try .json(DetectedImportBody(kind: .shopping, report: report))
    case .checklists?, .backup?, nil:
      if request.queryValue("list") != nil {
        throw APIError.unprocessable(
          MessageText("server.api.queryParameterList"))
      }
      let report = try importChecklists(data, mode: mode)
      return try .json(DetectedImportBody(kind: kind ?? .checklists, report: report))
    }
  }

  /// Imports a Checklists.plist or a JSON backup (with its templates) in one go.
  private func importChecklists(_ data: Data, mode: ImportMode) throws -> ImportBody {
    let lists = try ChecklistsFile.read(data)
    let templates = try ChecklistsBackup.templates(in: data).map {
      try $0.template(ownerID: service.owner.id)
    }
    let report = try service.importChecklists(lists, mode: mode)
    if !templates.isEmpty { try templateService().importTemplates(templates) }
    didWrite()
    return ImportBody(
      listsCreated: report.listsCreated, listsUpdated: report.listsUpdated,
      itemsAdded: report.itemsAdded, itemsUpdated: report.itemsUpdated,
      itemsUnchanged: report.itemsUnchanged, itemsRemoved: report.itemsRemoved,
      itemsSkipped: report.itemsSkipped, summary: report.summary(mode: mode))
  }

  /// Imports the Shopping List app's `items` file into the catalogue, in one transaction:
  /// items that were on the app's list go on `?list=` (default: "Shopping List"). New items
  /// get their category from the grocery table in the request's language.
  /// - Throws: 422 naming the first item whose price can't be a price; nothing is written.
  func importShoppingItems(_ data: Data, request: HTTPRequest) throws -> ShoppingImportReport {
    let listID = try request.queryValue("list").map { try id($0, "shopping list") }
    let items = try ShoppingListItemsFile.decode(data)
    let currency = shopping.currency
    let portable = try items.enumerated().map { index, item in
      guard let price = Price(rounding: item.price, currency: currency) else {
        throw APIError.unprocessable(
          MessageText(
            "server.api.importBadPrice",
            ["number": String(index + 1), "name": item.name, "price": "\(item.price)"]))
      }
      return PortableShoppingItem(
        id: item.id, name: item.name, price: price, isOnShoppingList: item.isOnShoppingList)
    }
    let list = try listID.map { try shopping.list(id: $0) } ?? importList()
    let report = try localizedShopping(request).importItems(portable, onList: list.id)
    didWrite()
    return report
  }

  /// `GET /api/v1/export?format=json|ios-plist`: a download.
  func exportFile(_ request: HTTPRequest) throws -> HTTPResponse {
    let formatName = request.queryValue("format") ?? ChecklistsFileFormat.json.rawValue
    guard let format = ChecklistsFileFormat(rawValue: formatName) else {
      throw APIError.unprocessable(
        MessageText("server.api.unknownExportFormat", ["formatName": "\(formatName)"]))
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
      throw APIError(
        status: 500, detail: MessageCatalogue.english.text("server.api.noTemplateStore"))
    }
    return TemplateService(store: database, user: service.owner, now: service.now)
  }
}
