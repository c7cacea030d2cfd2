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
      throw UsageError("You are signed in to \(login.server). \(reason)")
    }
    if let user = try values[ChecklistsCommand.userOption] {
      throw UsageError(
        "--user '\(user)' picks a user of a database file; you are signed in to "
          + "\(login.server) as \(login.user). Add --db <file> to use a database file.")
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
          description: "\(FileArgument.name(path).capitalizedFirst) is "
            + "\(data.count / (1 << 20)) MiB; a command sent to a server takes files of up to "
            + "\(Self.largestFile / (1 << 20)) MiB. Import it on the server's machine instead.")
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
    throw ChecklistsCLIError(
      description: "The server kept asking questions; nothing more was sent.")
  }

  private func send(_ request: RemoteCommand, to server: RemoteServer) throws
    -> RemoteCommandResult
  {
    let response: RemoteServer.Response
    do {
      response = try server.send("POST", "/api/v1/cli", json: JSONEncoder().encode(request))
    } catch var error as ChecklistsCLIError {
      error.description =
        error.description.trimmingCharacters(in: CharacterSet(charactersIn: "."))
        + ". Commands go to that server since 'checklists login'; --db <file> uses a database "
        + "file here, and 'checklists logout' goes back to it for good."
      throw error
    }
    switch response.status {
    case 200:
      guard let result = try? JSONDecoder().decode(RemoteCommandResult.self, from: response.body)
      else {
        throw ChecklistsCLIError(
          description: "\(login.server) did not answer as a Checklists server does.")
      }
      return result
    case 401:
      throw ChecklistsCLIError(
        description: "\(login.server) no longer accepts this command line's sign-in (its token "
          + "was revoked, or the account deleted). Sign in again with "
          + "'checklists login \(login.server)', or 'checklists logout' to use the local "
          + "database.")
    default:
      throw ChecklistsCLIError(description: "\(login.server): \(response.problem)")
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
          description: "\(login.server) sent a file '\(path)' that the command does not write; "
            + "nothing was written.")
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
