import ChecklistsCore
import HTTPServer

extension RouteTable {
  /// The `tz` query parameter of the smart lists.
  static let timeZoneParameter = OpenAPIParameter.named(
    "tz", in: "query", required: false,
    description: "Where 'today' is: an IANA time zone such as Europe/Berlin (default: the "
      + "server's)")

  /// The smart lists (Today, Scheduled, Overdue, Flagged, All) and search, under `/api/v1`.
  static func smartListRoutes(_ routes: inout RouteGroup) {
    routes.group("/smart-lists") { routes in
      routes.on(
        "GET",
        OpenAPIOperation(
          "listSmartLists",
          "Today, Scheduled, Overdue, Flagged and All with their counts, across every list you "
            + "own or is shared with you",
          parameters: [timeZoneParameter],
          responses: [200: .json("The smart lists", "SmartListCounts")].problems(400, 401, 422))
      ) { context, request, _ in try context.smartLists().counts(request) }
    }
    routes.group(
      "/smart-lists/{kind}",
      parameters: [
        .named(
          "kind", in: "path", required: true,
          description: "today, scheduled, overdue, flagged or all",
          schema: ["enum": ["today", "scheduled", "overdue", "flagged", "all"], "type": "string"])
      ]
    ) { routes in
      routes.on(
        "GET",
        OpenAPIOperation(
          "getSmartList",
          "A smart list's unchecked items: by due date (Today, Scheduled, Overdue) or by list",
          parameters: [timeZoneParameter],
          responses: [200: .json("The items", "SmartListItems")].problems(400, 401, 404, 422))
      ) { context, request, p in try context.smartLists().items(request, p["kind"]) }
    }
    routes.group("/search") { routes in
      routes.on(
        "GET",
        OpenAPIOperation(
          "search",
          "Items of every list you see and your catalogue whose words start with each word of "
            + "the query, ignoring case and accents",
          parameters: [
            .named("q", in: "query", required: true, description: "The words to look for")
          ],
          responses: [200: .json("What was found, by list", "SearchResult")].problems(
            400, 401, 422))
      ) { context, request, _ in try context.smartLists().search(request) }
    }
  }
}
