import ChecklistsCore
import ChecklistsInterop
import Foundation

/// The words and files of a command a server runs for a client (``RemoteCommand``): output is
/// kept to send back, files are only those the client sent, and a question not yet answered
/// stops the command so the client can ask it.
final class HostedCommandIO: CommandIO {
  /// A question the client has not answered yet.
  struct Unanswered: Error {
    var question: String
  }

  private let command: RemoteCommand
  private(set) var standardOutput = Data()
  private(set) var standardError = Data()
  private(set) var writtenFiles: [String: Data] = [:]

  init(_ command: RemoteCommand) {
    self.command = command
  }

  func write(_ data: Data, error: Bool) {
    if error { standardError.append(data) } else { standardOutput.append(data) }
  }

  var outputIsTerminal: Bool { command.outputIsTerminal }

  func confirm(_ question: String) throws -> Bool {
    guard let answer = command.answers[question] else { throw Unanswered(question: question) }
    return answer
  }

  func readPassword(prompt: String, confirming: Bool) throws -> String {
    throw ChecklistsCLIError(description: words.text("cli.hosted.noPasswords"))
  }

  func readFile(_ path: String) throws -> Data {
    guard let data = command.files[path] else {
      throw ChecklistsCLIError(
        description: words.text(
          "cli.hosted.fileNotSent", ["file": FileArgument.name(path).capitalizedFirst]))
    }
    return data
  }

  func writeFile(_ data: Data, to path: String) throws {
    writtenFiles[path] = data
  }
}
