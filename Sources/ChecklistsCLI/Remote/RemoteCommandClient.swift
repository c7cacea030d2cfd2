import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop
import Foundation

/// Sends a command line to the server `checklists login` signed in to, and plays back what it
/// did: its output, its exit code, the files it wrote (only those the command line names), and
/// any question it asks before deleting something.
struct RemoteCommandClient {
  let login: RemoteLogin
  let io: any CommandIO
  let environment: [String: String]

  /// The largest file a command sends.
  static let largestFile = 47 << 20

  /// How many questions one command may ask before the client gives up on it.
  private static let maximumQuestions = 5

  func run(
    _ arguments: [String], _ command: any RunnableCommand, _ values: ParsedValues
  ) throws -> ExitCode {
    if case .databaseOnly(let reason) = type(of: command).placement {
      throw UsageError(
        words.text("cli.remote.databaseOnly", ["server": login.server, "reason": reason]))
    }
    if let user = try values[ChecklistsCommand.userOption] {
      throw UsageError(
        words.text(
          "cli.remote.userOption",
          ["user": user, "server": login.server, "signedIn": login.user]))
    }
    var request = RemoteCommand(
      arguments: arguments, timeZone: TimeZone.current.identifier,
      locale: LocaleSetting.resolve(environment: environment).identifier,
      outputIsTerminal: io.outputIsTerminal)
    for path in command.files.reads {
      let data = try io.readFile(path)
      // The server takes 64 MiB of request, and base64 makes 3 bytes 4.
      guard data.count <= Self.largestFile else {
        throw ChecklistsCLIError(
          description: words.text(
            "cli.remote.fileTooLarge",
            [
              "file": FileArgument.name(path).capitalizedFirst,
              "size": String(data.count / (1 << 20)), "limit": String(Self.largestFile / (1 << 20)),
            ]))
      }
      request.files[path] = data
    }
    let server = RemoteServer(login)
    for _ in 0...Self.maximumQuestions {
      let result = try send(request, to: server)
      if let question = result.question {
        request.answers[question] = try io.confirm(question)
        continue
      }
      return try play(result, command)
    }
    throw ChecklistsCLIError(description: words.text("cli.remote.tooManyQuestions"))
  }

  private func send(_ request: RemoteCommand, to server: RemoteServer) throws
    -> RemoteCommandResult
  {
    let response: RemoteServer.Response
    do {
      response = try server.send("POST", "/api/v1/cli", json: JSONEncoder().encode(request))
    } catch var error as ChecklistsCLIError {
      error.description = words.text(
        "cli.remote.sendFailed",
        ["problem": error.description.trimmingCharacters(in: CharacterSet(charactersIn: "."))])
      throw error
    }
    switch response.status {
    case 200:
      guard let result = try? JSONDecoder().decode(RemoteCommandResult.self, from: response.body)
      else {
        throw ChecklistsCLIError(
          description: words.text("cli.remote.notAServer", ["server": login.server]))
      }
      return result
    case 401:
      throw ChecklistsCLIError(
        description: words.text("cli.remote.signInRevoked", ["server": login.server]))
    default:
      throw ChecklistsCLIError(
        description: words.text(
          "cli.remote.problem", ["server": login.server, "problem": response.problem]))
    }
  }

  /// Writes the files first, so a message such as "Exported … to 'backup.json'" is only shown
  /// once the file is there.
  private func play(_ result: RemoteCommandResult, _ command: any RunnableCommand) throws
    -> ExitCode
  {
    let named = Set(command.files.writes)
    for path in result.files.keys.sorted() {
      // A server can only write what this command line names: never a file of its choosing.
      guard named.contains(path) else {
        throw ChecklistsCLIError(
          description: words.text(
            "cli.remote.unexpectedFile", ["server": login.server, "path": path]))
      }
    }
    for (path, data) in result.files.sorted(by: { $0.key < $1.key }) {
      try io.writeFile(data, to: path)
    }
    io.write(result.standardOutput, error: false)
    io.write(result.standardError, error: true)
    return ExitCode(rawValue: result.exitCode) ?? .failure
  }
}
