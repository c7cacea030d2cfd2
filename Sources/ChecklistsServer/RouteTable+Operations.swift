import HTTPServer

extension RouteTable {
  /// What load balancers and monitoring ask: `/healthz` (the process serves), `/readyz` (its
  /// database answers) and `/metrics` (Prometheus' text format, behind a token). None needs a
  /// session and none is cached.
  static func operationsRoutes(_ routes: inout RouteGroup) {
    let text = ["text/plain": OpenAPISchema.string]
    routes.on(
      "GET", "/healthz",
      OpenAPIOperation(
        "health", "Whether the process serves requests (for load balancers)",
        responses: [200: .described("It serves: the text `ok`.", content: text)])
    ) { _, _, _ in
      HTTPResponse(
        status: 200,
        headers: ["Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"],
        text: "ok\n")
    }
    routes.on(
      "GET", "/readyz",
      OpenAPIOperation(
        "readiness", "Whether the server can answer: a read on its database answers within 2 s",
        responses: [200: .described("Ready: the text `ready`.", content: text)].problems(503))
    ) { context, request, _ in
      if let problem = context.gateway.readiness.problem() {
        return context.gateway.faults.databaseFault(problem, in: request).problem.response
      }
      return HTTPResponse(
        status: 200,
        headers: ["Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"],
        text: "ready\n")
    }
    routes.on(
      "GET", "/metrics",
      OpenAPIOperation(
        "metrics",
        "Counters in Prometheus' text format 0.0.4; only with 'serve --metrics-token', as a "
          + "bearer token",
        responses: [
          200: .described(
            "Requests by route, method and status; latencies; open event streams; database "
              + "time; reminders sent.",
            content: ["text/plain; version=0.0.4": .string])
        ].problems(401, 404))
    ) { context, request, _ in
      try context.gateway.metrics.response(for: request)
    }
  }
}
