import ChecklistsCore
import ChecklistsInterop
import ChecklistsMessages
import ChecklistsStore
import Foundation
import HTTPServer

/// Runs a ``ChecklistsInterop/RemoteCommand`` for its user: the server side of
/// `checklists login`.
///
/// The command line lives in the CLI module, which depends on this one, so the server is
/// handed the way to run it (``ChecklistsServer/Configuration/commandRunner``).
public typealias RemoteCommandRunner =
  @Sendable (RemoteCommand, UserServices, AccountService) -> RemoteCommandResult

/// `POST /api/v1/cli`: a command line sent by `checklists` after `checklists login`.
struct CommandRoute: Sendable {
  let runner: RemoteCommandRunner?
  let accounts: AccountService

  func handle(_ request: HTTPRequest, services: UserServices) throws -> HTTPResponse {
    guard request.method == "POST" else {
      throw APIError.methodNotAllowed(request.method, allowed: ["POST"])
    }
    guard let runner else {
      throw APIError(status: 404, detail: MessageCatalogue.english.text("server.api.serverDoesRun"))
    }
    _ = try RequestBody(request, schema: RemoteCommand.schema)
    let command: RemoteCommand
    do {
      command = try JSONDecoder().decode(RemoteCommand.self, from: Data(request.body))
    } catch let error as DecodingError {
      throw APIError.unprocessable(Self.describe(error))
    }
    var response = try HTTPResponse.json(runner(command, services, accounts))
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  /// Which field is wrong, for a body that is JSON but not a command.
  private static func describe(_ error: DecodingError) -> String {
    let (path, problem): ([any CodingKey], String) =
      switch error {
      case .keyNotFound(let key, let context): (context.codingPath + [key], "is missing")
      case .typeMismatch(_, let context), .valueNotFound(_, let context):
        (context.codingPath, "has the wrong type")
      case .dataCorrupted(let context): (context.codingPath, "is not valid (files are base64)")
      @unknown default: ([], "is not valid")
      }
    let field = path.map(\.stringValue).joined(separator: ".")
    return "'\(field.isEmpty ? "body" : field)' \(problem): a command is "
      + "{\"arguments\": [strings], \"files\": {path: base64}, \"answers\": {question: bool}}."
  }
}
