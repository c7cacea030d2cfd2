import HTTPServer

extension RouteTable {
  /// The first day's routes, under `/api/v1`: the catalogue's starter set and the user's
  /// settings (the currency).
  static func settingsRoutes(_ routes: inout RouteGroup) {
    routes.group("/catalogue/starter") { routes in
      routes.api(
        "GET",
        OpenAPIOperation(
          "getStarterSet",
          "Common groceries with their categories, in the request's language, for a new catalogue",
          parameters: [.acceptLanguage],
          responses: [
            200: .json("The starter set, each marked when the catalogue has it", "StarterSet")
          ].problems(400))
      ) { api, request, _ in try api.getStarterSet(request) }
      routes.api(
        "POST",
        OpenAPIOperation(
          "addStarterSet",
          "Add groceries of the starter set that the catalogue lacks, without prices (idempotent by name)",
          parameters: [.acceptLanguage], request: .json("StarterChoice"),
          responses: [200: .json("The items added", "StarterAdded")].problems(400, 413, 415, 422)
        )
      ) { api, request, _ in try api.addStarterSet(request) }
    }
    routes.group("/settings") { routes in
      routes.api(
        "GET",
        OpenAPIOperation(
          "getSettings", "The user's settings: the catalogue's currency, and those to choose from",
          responses: [200: .json("The settings", "Settings")].problems(400))
      ) { api, request, _ in try api.getSettings(request) }
      routes.api(
        "PATCH",
        OpenAPIOperation(
          "updateSettings",
          "Change the catalogue's currency; prices keep their amounts, and take the new currency with relabelPrices",
          request: .json("SettingsChanges"),
          responses: [200: .json("The settings", "Settings")].problems(400, 413, 415, 422))
      ) { api, request, _ in try api.updateSettings(request) }
    }
  }
}
