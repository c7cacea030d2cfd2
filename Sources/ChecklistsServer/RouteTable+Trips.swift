import HTTPServer

extension RouteTable {
  /// The `list` query parameter of the trip routes.
  private static let tripListParameter = OpenAPIParameter.named(
    "list", in: "query", required: false,
    description: "Only this shopping list's trips (a UUID); default: every list you see",
    schema: ["format": "uuid", "type": "string"])

  /// Finished trips, spending per month, the CSV export and price history, under `/api/v1`.
  static func tripRoutes(_ routes: inout RouteGroup) {
    routes.group("/trips") { routes in
      routes.api(
        "GET",
        OpenAPIOperation(
          "listTrips",
          "Finished trips of your shopping lists and those shared with you, newest first",
          parameters: [
            tripListParameter,
            .named(
              "before", in: "query", required: false,
              description:
                "Only trips finished before this instant (the last trip's finishedAt, for the next page)",
              schema: ["format": "date-time", "type": "string"]),
            .named(
              "limit", in: "query", required: false, description: "At most this many trips",
              schema: ["default": 20, "maximum": 100, "minimum": 1, "type": "integer"]),
            .acceptLanguage,
          ],
          responses: [200: .json("The trips", "TripCollection")].problems(400, 404, 422))
      ) { api, request, _ in try api.listTrips(request) }
    }
    routes.group("/trips/spending") { routes in
      routes.api(
        "GET",
        OpenAPIOperation(
          "getSpending", "What the trips cost per calendar month, one total per currency",
          parameters: [
            .named(
              "months", in: "query", required: false,
              description: "How many months, up to and with this one",
              schema: ["default": 12, "maximum": 120, "minimum": 1, "type": "integer"]),
            .named(
              "tz", in: "query", required: false,
              description:
                "Where months begin and end: an IANA time zone such as Europe/Berlin (default: the server's)"
            ),
            tripListParameter, .acceptLanguage,
          ],
          responses: [200: .json("Every month, oldest first", "MonthlySpending")].problems(
            400, 404, 422))
      ) { api, request, _ in try api.getSpending(request) }
    }
    routes.group("/trips/export.csv") { routes in
      routes.api(
        "GET",
        OpenAPIOperation(
          "exportTrips",
          "Every trip as CSV for a spreadsheet: one row per line, oldest first (RFC 4180)",
          parameters: [
            tripListParameter,
            .named(
              "tz", in: "query", required: false,
              description:
                "Where the dates are read: an IANA time zone such as Europe/Berlin (default: the server's)"
            ),
          ],
          responses: [
            200: .described(
              "date, list, shop, item, quantity, unit price, cost, currency; a cell that would start with = + - @ starts with '",
              headers: ["Content-Disposition": .string], content: ["text/csv": .string])
          ].problems(400, 404, 422))
      ) { api, request, _ in try api.exportTrips(request) }
    }
    routes.group(
      "/trips/{tripID}",
      parameters: [.named("tripID", in: "path", required: true, description: "A trip's id (UUID)")]
    ) { routes in
      routes.api(
        "GET",
        OpenAPIOperation(
          "getTrip", "A finished trip with its lines and totals", parameters: [.acceptLanguage],
          responses: [200: .json("The trip", "Trip")].problems(400, 404))
      ) { api, request, p in try api.getTrip(request, p["tripID"]) }
    }
    routes.group("/catalogue/{itemID}/prices", parameters: [.component("CatalogueItemID")]) {
      routes in
      routes.api(
        "GET",
        OpenAPIOperation(
          "getPriceHistory", "Every price a catalogue item has had, oldest first",
          parameters: [.acceptLanguage],
          responses: [200: .json("The item and its prices", "PriceHistory")].problems(400, 404))
      ) { api, request, p in try api.getPriceHistory(request, p["itemID"]) }
    }
  }
}
