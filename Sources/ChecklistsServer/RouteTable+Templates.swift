import ChecklistsCore
import HTTPServer

extension RouteTable {
  /// Templates: save a list as one, start new lists from them, under `/api/v1`.
  static func templateRoutes(_ routes: inout RouteGroup) {
    routes.group("/templates") { routes in
      routes.on(
        "GET",
        OpenAPIOperation(
          "listTemplates", "Your templates, by name",
          responses: [200: .json("The templates", "TemplateCollection")].problems(400, 401))
      ) { context, _, _ in try context.smartLists().templates() }
      routes.on(
        "POST",
        OpenAPIOperation(
          "saveTemplate", "Save a list you can see as a template",
          parameters: [timeZoneParameter], request: .json("NewTemplate"),
          responses: [
            201: .json("The new template", "Template", headers: ["Location": .string]),
            200: .json("What an earlier save with the same id made", "Template"),
          ].problems(400, 401, 404, 409, 413, 415, 422))
      ) { context, request, _ in try context.smartLists().saveTemplate(request) }
    }
    let templateID = OpenAPIParameter.named(
      "id", in: "path", required: true, description: "A template's id")
    routes.group("/templates/{id}", parameters: [templateID]) { routes in
      routes.on(
        "GET",
        OpenAPIOperation(
          "getTemplate", "A template with its items",
          responses: [200: .json("The template", "Template")].problems(400, 401, 404))
      ) { context, _, p in try context.smartLists().template(p["id"]) }
      routes.on(
        "DELETE",
        OpenAPIOperation(
          "deleteTemplate", "Delete a template (lists started from it stay)",
          responses: [204: .empty("Deleted")].problems(400, 401, 404))
      ) { context, _, p in try context.smartLists().deleteTemplate(p["id"]) }
    }
    routes.group("/templates/{id}/start", parameters: [templateID]) { routes in
      routes.on(
        "POST",
        OpenAPIOperation(
          "startTemplate",
          "Start a new list from a template: items unchecked, due dates moved to its day",
          parameters: [timeZoneParameter], request: .json("TemplateStart", required: false),
          responses: [
            201: .json(
              "The new list", "Checklist", headers: ["ETag": .etag, "Location": .string]),
            200: .replayedCreate("Checklist"),
          ].problems(400, 401, 404, 409, 413, 415, 422))
      ) { context, request, p in try context.smartLists().startTemplate(request, p["id"]) }
    }
  }
}
