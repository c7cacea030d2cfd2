import ChecklistsCore
import HTTPServer

extension RouteTable {
  /// The routes for checklists and their items, icons, reminders, import and export, live updates, under `/api/v1`.
  static func checklistsRoutes(_ routes: inout RouteGroup) {
    routes.group("/checklists") { routes in
      routes.api(
        "GET",
        OpenAPIOperation(
          "listChecklists", "All lists, sorted by name as Finder sorts", parameters: [.ifNoneMatch],
          responses: [
            200: .json("The lists", "ChecklistCollection", headers: ["ETag": .etag]),
            304: .notModified,
          ].problems(400))
      ) { api, request, _ in try api.listChecklists(request) }
      routes.api(
        "POST",
        OpenAPIOperation(
          "createChecklist", "Add a list", request: .json("NewChecklist"),
          responses: [
            201: .json(
              "The new list", "Checklist", headers: ["ETag": .etag, "Location": .string],
              links: .linksByID([
                "addItem", "deleteChecklist", "getChecklist", "listItems", "updateChecklist",
              ])),
            200: .replayedCreate("Checklist"),
          ].problems(400, 409, 413, 415, 422))
      ) { api, request, _ in try api.createChecklist(request) }
    }
    routes.group("/checklists/{id}", parameters: [.component("ListID")]) { routes in
      routes.api(
        "DELETE",
        OpenAPIOperation(
          "deleteChecklist", "Delete a list and its items", parameters: [.ifMatch],
          responses: [204: .empty("Deleted")].problems(400, 404, 412)), access: .listRole(.owner)
      ) { api, request, p in try api.deleteChecklist(request, p["id"]) }
      routes.api(
        "GET",
        OpenAPIOperation(
          "getChecklist", "A list with its items in order", parameters: [.ifNoneMatch],
          responses: [
            200: .json("The list and its items", "ChecklistWithItems", headers: ["ETag": .etag]),
            304: .notModified,
          ].problems(400, 404)), access: .listRole(.viewer)
      ) { api, request, p in try api.getChecklist(request, p["id"]) }
      routes.api(
        "PATCH",
        OpenAPIOperation(
          "updateChecklist", "Rename a list, change its icon or whether it hides checked items",
          parameters: [.ifMatch],
          request: .json("ChecklistChanges"),
          responses: [200: .component("Checklist")].problems(400, 404, 409, 412, 413, 415, 422)),
        access: .listRole(.owner)
      ) { api, request, p in try api.updateChecklist(request, p["id"]) }
    }
    routes.group("/checklists/{id}/uncheck-all", parameters: [.component("ListID")]) { routes in
      routes.api(
        "POST",
        OpenAPIOperation(
          "uncheckAll",
          "Take the checkmark off every item, as one change; the list as getChecklist answers it",
          parameters: [.ifMatch],
          responses: [
            200: .json("The list and its items", "ChecklistWithItems", headers: ["ETag": .etag])
          ].problems(400, 403, 404, 412)), access: .listRole(.checker)
      ) { api, request, p in try api.resetChecklist(.uncheckAll, request, p["id"]) }
    }
    routes.group("/checklists/{id}/clear-checked", parameters: [.component("ListID")]) { routes in
      routes.api(
        "POST",
        OpenAPIOperation(
          "clearChecked",
          "Delete the checked items, as one change; the list as getChecklist answers it",
          parameters: [.ifMatch],
          responses: [
            200: .json("The list and its items", "ChecklistWithItems", headers: ["ETag": .etag])
          ].problems(400, 403, 404, 412)), access: .listRole(.editor)
      ) { api, request, p in try api.resetChecklist(.clearChecked, request, p["id"]) }
    }
    routes.group("/checklists/{id}/items", parameters: [.component("ListID")]) { routes in
      routes.api(
        "GET",
        OpenAPIOperation(
          "listItems", "A list's items in order", parameters: [.ifNoneMatch],
          responses: [
            200: .json("The items", "ItemCollection", headers: ["ETag": .etag]), 304: .notModified,
          ].problems(400, 404)), access: .listRole(.viewer)
      ) { api, request, p in try api.listItems(request, p["id"]) }
      routes.api(
        "POST",
        OpenAPIOperation(
          "addItem", "Add an item at the end of a list", request: .json("NewItem"),
          responses: [
            201: .json(
              "The new item", "Item", headers: ["ETag": .etag, "Location": .string],
              links: .linksByID(["deleteItem", "getItem", "moveItem", "toggleItem", "updateItem"])),
            200: .replayedCreate("Item"),
          ].problems(400, 404, 409, 413, 415, 422)), access: .listRole(.editor)
      ) { api, request, p in try api.addItem(request, p["id"]) }
    }
    routes.group("/due") { routes in
      routes.api(
        "GET",
        OpenAPIOperation(
          "listDueItems", "Unchecked items with Remind Me whose due date has come",
          responses: [200: .json("The items, soonest first", "ItemCollection")].problems(400))
      ) { api, _, _ in try api.dueItems() }
    }
    routes.group("/events") { routes in
      routes.api(
        "GET",
        OpenAPIOperation(
          "events", "Live updates and reminders as Server-Sent Events",
          parameters: [.named("Last-Event-ID", in: "header", required: false)],
          responses: [
            200: .described(
              "An endless event stream: 'change' and 'reminder' events",
              content: ["text/event-stream": .string])
          ].problems(400))
      ) { api, request, _ in api.subscribe(request) }
    }
    routes.group("/changes") { routes in
      routes.api(
        "GET",
        OpenAPIOperation(
          "changes",
          "What changed after a cursor, in commit order: states and tombstones (docs/SYNC.md)",
          parameters: [
            .named(
              "since", in: "query", required: false,
              description:
                "A 'next' or 'cursor' this server gave out; 'now' for an empty page at the "
                + "newest cursor; absent for the oldest kept"),
            .named(
              "limit", in: "query", required: false,
              description: "How many changes, 1 to 1,000 (default 500)",
              schema: ["type": "integer", "minimum": 1, "maximum": 1000]),
            .acceptLanguage,
          ],
          responses: [
            200: .json("The changes and the cursor to read on from", "ChangePage")
          ].problems(400, 410, 422))
      ) { api, request, _ in try api.changes(request) }
    }
    routes.group("/export") { routes in
      routes.api(
        "GET",
        OpenAPIOperation(
          "exportFile", "Every list as a JSON backup or the iPhone app's Checklists.plist",
          parameters: [
            .named(
              "format", in: "query", required: false,
              schema: ["default": "json", "enum": ["json", "ios-plist"], "type": "string"])
          ],
          responses: [
            200: .described(
              "The file", headers: ["Content-Disposition": .string],
              content: ["application/json": .object, "application/x-plist": .binary])
          ].problems(400, 422))
      ) { api, request, _ in try api.exportFile(request) }
    }
    routes.group("/icons") { routes in
      routes.api(
        "GET",
        OpenAPIOperation(
          "listIcons", "The ten icons, in Choose Icon's order",
          responses: [
            200: .json(
              "The icons",
              inline: [
                "additionalProperties": false,
                "properties": [
                  "icons": ["items": ["$ref": "#/components/schemas/Icon"], "type": "array"]
                ], "required": ["icons"], "type": "object",
              ])
          ].problems(400))
      ) { _, _, _ in try .json(["icons": ChecklistIcon.allCases.map(\.rawValue)]) }
    }
    routes.group("/import") { routes in
      routes.api(
        "POST",
        OpenAPIOperation(
          "importFile",
          "Import any file checklists import reads, recognised from its contents: the Checklists.plist, a JSON backup or the Shopping List app's items file",
          parameters: [
            .named(
              "mode", in: "query", required: false,
              schema: ["default": "merge", "enum": ["merge", "replace"], "type": "string"]),
            .named(
              "list", in: "query", required: false,
              description:
                "For an items file: the shopping list for items that were on the app's list (a UUID)"
            ),
            .acceptLanguage,
          ],
          request: OpenAPIRequest(content: [
            "application/json": .object, "application/octet-stream": .binary,
            "application/x-plist": .binary,
          ]),
          responses: [200: .json("What the file was and what the import did", "DetectedImport")]
            .problems(400, 404, 413, 422)
        ), bodyLimit: .upload
      ) { api, request, _ in try api.importFile(request) }
    }
    routes.group("/items/{id}", parameters: [.component("ItemID")]) { routes in
      routes.api(
        "DELETE",
        OpenAPIOperation(
          "deleteItem", "Delete an item", parameters: [.ifMatch],
          responses: [204: .empty("Deleted")].problems(400, 404, 412)), access: .listRole(.editor)
      ) { api, request, p in try api.deleteItem(request, p["id"]) }
      routes.api(
        "GET",
        OpenAPIOperation(
          "getItem", "An item", parameters: [.ifNoneMatch],
          responses: [200: .component("Item"), 304: .notModified].problems(400, 404)),
        access: .listRole(.viewer)
      ) { api, request, p in try api.getItem(request, p["id"]) }
      routes.api(
        "PATCH",
        OpenAPIOperation(
          "updateItem",
          "Change an item's text, checkmark, due date, reminder, notes, flag, priority, parent "
            + "or repeat rule",
          parameters: [.ifMatch], request: .json("ItemChanges"),
          responses: [200: .component("Item")].problems(400, 404, 412, 413, 415, 422)),
        access: .listRole(.checker)
      ) { api, request, p in try api.updateItem(request, p["id"]) }
    }
    routes.group("/items/{id}/history", parameters: [.component("ItemID")]) { routes in
      routes.api(
        "GET",
        OpenAPIOperation(
          "itemHistory", "A repeating item's completions, newest first (at most 100)",
          responses: [200: .json("The completions", "ItemHistory")].problems(400, 404)),
        access: .listRole(.viewer)
      ) { api, request, p in try api.itemHistory(request, p["id"]) }
    }
    routes.group("/items/{id}/move", parameters: [.component("ItemID")]) { routes in
      routes.api(
        "POST",
        OpenAPIOperation(
          "moveItem", "Move an item after another (or first), or to a position",
          parameters: [.ifMatch],
          request: .json("Move"),
          responses: [200: .component("Item")].problems(400, 404, 412, 413, 415, 422)),
        access: .listRole(.editor)
      ) { api, request, p in try api.moveItem(request, p["id"]) }
    }
    routes.group("/items/{id}/toggle", parameters: [.component("ItemID")]) { routes in
      routes.api(
        "POST",
        OpenAPIOperation(
          "toggleItem", "Flip an item's checkmark, as tapping its row does", parameters: [.ifMatch],
          responses: [200: .component("Item")].problems(400, 404, 412)), access: .listRole(.checker)
      ) { api, request, p in try api.toggleItem(request, p["id"]) }
    }
  }
}
