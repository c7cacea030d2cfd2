import Foundation
import Testing

/// `checklists serve --public-url` and `CHECKLISTS_PUBLIC_URL`: the names the server answers.
@Suite("checklists serve answers only to its own names")
struct ServePublicURLTests {
  /// The status and body of a GET sent to the server with `Host: host`, by curl.
  static func get(_ url: String, host: String) throws -> (Int, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    process.arguments = [
      "--silent", "--max-time", "10", "-H", "Host: \(host)", "--write-out", "\n%{http_code}",
      url + "/api/v1/checklists",
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let status = Int(text.split(separator: "\n").last ?? "") ?? 0
    return (status, text)
  }

  @Test("--public-url names a host it answers; others get 421 naming the option")
  func option() throws {
    let cli = CLI()
    let (process, _, url) = try ServeCommandTests.start(
      cli, ["--public-url", "http://lists.test:1234", "--public-url", "https://other.test"])
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    #expect(try Self.get(url, host: "lists.test:1234").0 == 200)
    #expect(try Self.get(url, host: "other.test").0 == 200)
    let (status, body) = try Self.get(url, host: "evil.test:1234")
    #expect(status == 421)
    #expect(body.contains("evil.test:1234") && body.contains("--public-url"))
  }

  @Test("CHECKLISTS_PUBLIC_URL lists them when the option is not given")
  func environment() throws {
    var cli = CLI()
    cli.environment["CHECKLISTS_PUBLIC_URL"] = "http://a.test:1234, http://b.test:1234"
    let (process, _, url) = try ServeCommandTests.start(cli)
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    #expect(try Self.get(url, host: "b.test:1234").0 == 200)
    #expect(try Self.get(url, host: "c.test:1234").0 == 421)
  }

  @Test("A --public-url that is not one is a usage error")
  func badOption() throws {
    let result = try CLI().run("serve", "--port", "0", "--public-url", "lists.test")
    #expect(result.code == 64)
    #expect(result.error.contains("'lists.test' is not a public URL"))
  }

  @Test("Behind a proxy without --public-url it warns at start, naming the option")
  func proxyWithoutPublicURL() throws {
    let cli = CLI()
    try cli.ok("user", "add", "alice", input: "wonderland-42\n")
    let (process, _, url, started) = try ServeCommandTests.launch(cli, ["--behind-https-proxy"])
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    #expect(started.contains("Warning: --behind-https-proxy without --public-url"), "\(started)")
    // The proxy passes on the name browsers use: refused, and the answer says what to set.
    let (status, body) = try Self.get(url, host: "checklists.example.org")
    #expect(status == 421)
    #expect(body.contains("behind a proxy"))
    #expect(started.contains("421 Misdirected Request"))
  }
}
