import HTTPServer

extension RouteTable {
  /// The OpenAPI document, the sign-in pages and the web app's pages and files. Only the
  /// document is described in the document; the rest are declared here so that the router
  /// and the sign-in gate know them too.
  static func webRoutes(_ routes: inout RouteGroup) {
    routes.on(
      "GET", "/api/openapi.json",
      OpenAPIOperation(
        "openAPI", "This document",
        responses: [200: .json("OpenAPI 3.1", inline: ["type": "object"])].problems(400))
    ) { _, _, _ in OpenAPIDocument.response }

    // Served without a session: signing in starts here.
    for path in ["/login", "/login.js", "/login.css", "/logout", "/logout.js"] {
      routes.on("GET", path, nil) { _, request, _ in
        LoginPage.response(for: request) ?? StaticFiles.response(for: request)
      }
    }
    // An invite link's page: whoever opens it may not have an account yet.
    routes.on("GET", "/invite/{token}", nil) { _, request, _ in InvitePage.response(for: request) }
    // The app's own URLs get the app shell; a browser that must sign in goes to /login first.
    for path in [
      "/", "/lists", "/lists/{page...}", "/shopping", "/shopping/{page...}", "/smart/{page...}",
      "/search", "/templates",
    ] {
      routes.on("GET", path, nil, access: .page) { _, request, _ in
        StaticFiles.response(for: request)
      }
    }
    // The files hold no data: anyone may have them.
    for path in WebAssets.all.keys.sorted() {
      routes.on("GET", path, nil) { _, request, _ in StaticFiles.response(for: request) }
    }
  }
}
