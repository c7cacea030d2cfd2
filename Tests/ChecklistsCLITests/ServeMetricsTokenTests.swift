import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("checklists serve --metrics-token, run as a program")
struct ServeMetricsTokenTests {
  /// The status of `GET /metrics` with `token` as a bearer token (none: no header).
  static func metricsStatus(_ url: String, token: String?) async throws -> Int {
    var request = URLRequest(url: URL(string: url + "/metrics")!)
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    let (_, response) = try await URLSession.shared.data(for: request)
    return try #require(response as? HTTPURLResponse).statusCode
  }

  @Test("The option or $CHECKLISTS_METRICS_TOKEN turns /metrics on behind that token; neither: 404")
  func tokenFromOptionOrEnvironment() async throws {
    var cli = CLI()
    for (extra, environment, token) in [
      (["--metrics-token", "from-option"], nil, "from-option"),
      ([], "from-environment", "from-environment"),
      (["--metrics-token", "option-wins"], "from-environment", "option-wins"),
    ] {
      cli.environment["CHECKLISTS_METRICS_TOKEN"] = environment
      let (process, _, url) = try ServeCommandTests.start(cli, extra)
      defer {
        process.terminate()
        process.waitUntilExit()
      }
      #expect(try await Self.metricsStatus(url, token: token) == 200, "\(extra) \(token)")
      #expect(try await Self.metricsStatus(url, token: token + "x") == 401)
      #expect(try await Self.metricsStatus(url, token: nil) == 401)
    }
    cli.environment["CHECKLISTS_METRICS_TOKEN"] = nil
    let (process, _, url) = try ServeCommandTests.start(cli)
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    #expect(try await Self.metricsStatus(url, token: "anything") == 404)
    #expect(try await Self.metricsStatus(url, token: nil) == 404)
  }

  @Test("An empty token or one with spaces is a usage error")
  func badToken() throws {
    for token in ["", "two words"] {
      let result = try CLI().run("serve", "--port", "0", "--metrics-token", token)
      #expect(result.code == 64)
      #expect(result.error.hasPrefix("Error: --metrics-token takes a token without spaces"))
    }
  }
}
