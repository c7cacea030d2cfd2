import Foundation

/// A `checklists` command line sent to a server (`POST /api/v1/cli`) by a CLI that signed in
/// with `checklists login`: the server runs it as the token's user, on its own database.
///
/// The server has no access to the client's disk and the client none to the server's: the
/// client sends the bytes of the files the command reads, and the server sends back the bytes
/// of the files it writes. `Data` travels as base64.
public struct RemoteCommand: Codable, Sendable, Equatable {
  /// The command line without the program name, as typed.
  public var arguments: [String]
  /// The files the command reads, by the path typed; `-` is standard input.
  public var files: [String: Data]
  /// Questions the person has answered (such as "Delete the list 'Groceries'?").
  public var answers: [String: Bool]
  /// The client's time zone identifier, for dates typed and shown ("tomorrow 9:00").
  public var timeZone: String?
  /// The client's locale identifier, for prices typed and shown.
  public var locale: String?
  /// Whether the client's standard output is a terminal rather than a pipe or a file.
  public var outputIsTerminal: Bool

  public init(
    arguments: [String], files: [String: Data] = [:], answers: [String: Bool] = [:],
    timeZone: String? = nil, locale: String? = nil, outputIsTerminal: Bool = false
  ) {
    self.arguments = arguments
    self.files = files
    self.answers = answers
    self.timeZone = timeZone
    self.locale = locale
    self.outputIsTerminal = outputIsTerminal
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    arguments = try container.decode([String].self, forKey: .arguments)
    files = try container.decodeIfPresent([String: Data].self, forKey: .files) ?? [:]
    answers = try container.decodeIfPresent([String: Bool].self, forKey: .answers) ?? [:]
    timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone)
    locale = try container.decodeIfPresent(String.self, forKey: .locale)
    outputIsTerminal =
      try container.decodeIfPresent(Bool.self, forKey: .outputIsTerminal) ?? false
  }
}

/// How a ``RemoteCommand`` ended: what it printed, the files it wrote, its exit code, or the
/// question it needs answered before it can go on.
public struct RemoteCommandResult: Codable, Sendable, Equatable {
  /// The exit code: 0 success, 1 failure, 64 usage error.
  public var exitCode: Int32
  /// What the command wrote to standard output.
  public var standardOutput: Data
  /// What the command wrote to standard error.
  public var standardError: Data
  /// The files the command wrote, by the path typed.
  public var files: [String: Data]
  /// A question the command stopped at, having changed nothing: the client asks the person and
  /// sends the command again with the answer.
  public var question: String?

  public init(
    exitCode: Int32, standardOutput: Data = Data(), standardError: Data = Data(),
    files: [String: Data] = [:], question: String? = nil
  ) {
    self.exitCode = exitCode
    self.standardOutput = standardOutput
    self.standardError = standardError
    self.files = files
    self.question = question
  }
}
