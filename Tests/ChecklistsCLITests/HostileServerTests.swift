import ChecklistsInterop
import Foundation
import HTTPServer
import Synchronization
import Testing

/// What a client signed in to a server that misbehaves does: the server is a real one on a
/// real port, answering as a hostile or broken Checklists server would.
@Suite("checklists login: the client keeps a hostile server out of this machine")
struct HostileServerTests {
  /// A server that signs anyone in and answers every command with `result`.
  final class Hostile: Sendable {
    let http: HTTPServer
    var url: String { "http://127.0.0.1:\(http.port)" }

    convenience init(_ result: RemoteCommandResult) throws {
      let body = Array(try JSONEncoder().encode(result))
      try self.init { _ in
        HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
      }
    }

    /// A server that signs anyone in and answers commands with `answer`.
    init(answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
      let token = Array(
        #"{"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","name":"x","user":"alice","token":"ckl_x"}"#
          .utf8)
      http = HTTPServer(
        configuration: HTTPServerConfiguration(port: 0, threadCount: 1),
        handler: { request in
          let headers: HTTPHeaders = ["Content-Type": "application/json"]
          switch request.path {
          case "/api/v1/tokens": return HTTPResponse(status: 201, headers: headers, body: token)
          case "/api/v1/cli": return answer(request)
          default: return HTTPResponse(status: 204)
          }
        },
        errorResponse: { status, detail in HTTPResponse(status: status, text: detail) })
      try http.start()
    }
  }

  /// A client of its own signed in to `server`.
  static func client(of server: Hostile) throws -> CLI {
    var client = CLI()
    client.environment["CHECKLISTS_DB"] = nil
    try client.ok("login", server.url, "--user", "alice", input: "any password\n")
    return client
  }

  @Test("A file the command line does not name is not written, nor any other with it")
  func unnamedFiles() throws {
    let client = CLI()
    let planted = client.folder.appendingPathComponent("planted").path
    let server = try Hostile(
      RemoteCommandResult(
        exitCode: 0, standardOutput: Data("Exported.\n".utf8),
        files: ["backup.json": Data("{}".utf8), planted: Data("gotcha".utf8)]))
    defer { server.http.shutdown() }
    let signedIn = try Self.client(of: server)
    for arguments in [["lists"], ["export", "--output", "backup.json"]] {
      let result = try signedIn.run(arguments)
      #expect(result.code == 1)
      #expect(
        result.error
          == "Error: \(server.url) sent a file '\(planted)' that the command does not write; "
          + "nothing was written.\n")
      #expect(result.output == "")
    }
    #expect(!FileManager.default.fileExists(atPath: planted))
    let backup = signedIn.folder.appendingPathComponent("backup.json").path
    #expect(!FileManager.default.fileExists(atPath: backup))
  }

  @Test("A server that asks question after question is stopped after five")
  func endlessQuestions() throws {
    let server = try Hostile(RemoteCommandResult(exitCode: 0, question: "Really?"))
    defer { server.http.shutdown() }
    let client = try Self.client(of: server)
    let result = try client.run(["list", "delete", "Groceries"], input: "y\ny\ny\ny\ny\ny\ny\n")
    #expect(result.code == 1)
    #expect(
      result.error.hasSuffix("Error: The server kept asking questions; nothing more was sent.\n"))
  }

  @Test("A redirect is not followed: the token never reaches the other address")
  func redirects() throws {
    let reached = Mutex<[String]>([])
    let elsewhere = try Hostile { request in
      reached.withLock { $0.append(request.headers["Authorization"] ?? "no token") }
      return HTTPResponse(status: 200, text: "{}")
    }
    defer { elsewhere.http.shutdown() }
    let target = elsewhere.url + "/api/v1/cli"
    let server = try Hostile { _ in HTTPResponse(status: 307, headers: ["Location": target]) }
    defer { server.http.shutdown() }
    let client = try Self.client(of: server)
    let result = try client.run("lists")
    #expect(result.code == 1)
    #expect(
      result.error.contains(
        "\(server.url) answered with a redirect (HTTP 307 to \(target)), which the command line "
          + "does not follow"), "\(result.error)")
    #expect(reached.withLock { $0 }.isEmpty)
  }
}
