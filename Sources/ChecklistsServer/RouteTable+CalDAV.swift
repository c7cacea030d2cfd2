import HTTPServer

extension RouteTable {
  /// CalDAV (RFC 4791) with WebDAV sync (RFC 6578), for the reminders apps people already
  /// have: discovery from `/.well-known/caldav` and `/`, a principal and a calendar home per
  /// user, each list a calendar collection of VTODOs (``CalDAVRoutes``). Left out of the
  /// OpenAPI document; signed in with HTTP Basic or a bearer token (``Route/Access/dav``).
  static func calDAVRoutes(_ routes: inout RouteGroup) {
    // RFC 6764: clients start here, whatever method they try first.
    for method in ["GET", "PROPFIND", "OPTIONS"] {
      routes.on(method, CalDAVPath.wellKnown, nil, access: .public) { _, _, _ in
        CalDAVRoutes.wellKnownRedirect
      }
    }
    // Apple's clients ask the server's root for the principal rather than follow redirects.
    routes.on("PROPFIND", "/", nil, access: .dav) { context, request, _ in
      try context.calDAV(request) { try $0.propfindRoot(request) }
    }
    for path in [
      "/", "/dav", "/dav/principals/{user}", "/dav/calendars/{user}",
      "/dav/calendars/{user}/{list}", "/dav/calendars/{user}/{list}/{object}",
    ] {
      // Capabilities hold no data: a client may ask before it signs in.
      routes.on("OPTIONS", path, nil, access: .public) { context, request, _ in
        CalDAVRoutes.options(request, table: context.gateway.table)
      }
    }
    routes.group("/dav", access: .dav) { dav in
      dav.on("PROPFIND", nil) { context, request, _ in
        try context.calDAV(request) { try $0.propfindRoot(request) }
      }
      dav.on("PROPFIND", "/principals/{user}", nil) { context, request, parameters in
        try context.calDAV(request) {
          try $0.propfindPrincipal(request, user: parameters["user"])
        }
      }
      dav.group("/calendars/{user}") { home in
        home.on("PROPFIND", nil) { context, request, parameters in
          try context.calDAV(request) { try $0.propfindHome(request, user: parameters["user"]) }
        }
        home.group("/{list}") { list in
          let collection:
            @Sendable (
              @escaping @Sendable (CalDAVRoutes, HTTPRequest, CalDAVRoutes.CollectionPath) throws
                -> HTTPResponse
            ) -> Route.Handler = { body in
              { context, request, parameters in
                try context.calDAV(request) {
                  try body(
                    $0, request,
                    try CalDAVRoutes.CollectionPath(
                      user: parameters["user"], list: parameters["list"]))
                }
              }
            }
          list.on("PROPFIND", nil, handler: collection { try $0.propfindCollection($1, $2) })
          list.on("PROPPATCH", nil, handler: collection { try $0.proppatchCollection($1, $2) })
          list.on("MKCALENDAR", nil, handler: collection { try $0.makeCollection($1, $2) })
          list.on("MKCOL", nil, handler: collection { try $0.makeCollection($1, $2) })
          list.on("DELETE", nil, handler: collection { try $0.deleteCollection($1, $2) })
          list.on("REPORT", nil, handler: collection { try $0.report($1, $2) })

          let object:
            @Sendable (
              @escaping @Sendable (CalDAVRoutes, HTTPRequest, CalDAVRoutes.ObjectPath) throws
                -> HTTPResponse
            ) -> Route.Handler = { body in
              { context, request, parameters in
                try context.calDAV(request) {
                  try body(
                    $0, request,
                    try CalDAVRoutes.ObjectPath(
                      collection: try CalDAVRoutes.CollectionPath(
                        user: parameters["user"], list: parameters["list"]),
                      name: parameters["object"]))
                }
              }
            }
          list.on("GET", "/{object}", nil, handler: object { try $0.getObject($1, $2) })
          list.on("PUT", "/{object}", nil, handler: object { try $0.putObject($1, $2) })
          list.on("DELETE", "/{object}", nil, handler: object { try $0.deleteObject($1, $2) })
          list.on("PROPFIND", "/{object}", nil, handler: object { try $0.propfindObject($1, $2) })
        }
      }
    }
  }
}
