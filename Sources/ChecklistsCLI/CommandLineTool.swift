import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore
import Foundation

/// Runs `checklists` with a command line and reports how it ended.
public enum CommandLineTool {
  static let parser = CommandParser(root: ChecklistsCommand.self)

  /// Parses `arguments`, runs the command and prints its output and errors: on the database
  /// file, or on the server `checklists login` signed in to.
  /// - Parameters:
  ///   - arguments: The command line without the program name.
  ///   - environment: The process environment (for `CHECKLISTS_DATABASE_URL`, `CHECKLISTS_DB`,
  ///     `XDG_DATA_HOME`, `HOME`).
  /// - Returns: The exit code: 0 success, 1 failure, 64 usage error.
  public static func run(_ arguments: [String], environment: [String: String]) -> ExitCode {
    let io = ProcessCommandIO()
    return parsed(arguments, io: io) { runnable, values in
      // A database named for this command (or this shell) is a choice to work locally.
      // An empty variable (`export CHECKLISTS_DB=`) names none: the default location.
      let explicitDatabase =
        try ChecklistsCommand.database(values) ?? DatabaseLocation.fromEnvironment(environment)
      if explicitDatabase == nil, type(of: runnable).placement != .here,
        let login = try RemoteLogin.load(environment: environment)
      {
        return try RemoteCommandClient(login: login, io: io, environment: environment)
          .run(arguments, runnable, values)
      }
      let database = DatabaseLocation.resolve(explicit: explicitDatabase, environment: environment)
      try runnable.run(
        CommandContext(
          environment: environment,
          backend: .local(databasePath: database, createsFolder: explicitDatabase == nil), io: io,
          userName: try values[ChecklistsCommand.userOption] ?? environment["CHECKLISTS_USER"]))
      return .success
    }
  }

  /// Runs a command line a client sent (`POST /api/v1/cli`) as the user of `services`.
  ///
  /// It sees only what came with it: the files the client sent, the answers it gave. It
  /// cannot name a database (`--db`) or another user (`--user`), nor run what manages the
  /// server (`serve`, `user`).
  public static func runHosted(
    _ command: RemoteCommand, services: UserServices, accounts: AccountService
  ) -> RemoteCommandResult {
    let io = HostedCommandIO(command)
    var question: String?
    let code = parsed(command.arguments, io: io, hidingInternals: true) { runnable, values in
      for option in ChecklistsCommand.localOptions where try values[option] != nil {
        throw UsageError(words.text("cli.hosted.localOption", ["option": "--" + option.name]))
      }
      switch type(of: runnable).placement {
      case .anywhere: break
      case .here:
        throw UsageError(
          words.text(
            "cli.hosted.runsHere", ["command": values.commandPath.joined(separator: " ")]))
      case .databaseOnly(let reason): throw UsageError(reason)
      }
      var timeZone = TimeZone.gmt
      if let identifier = command.timeZone {
        guard let zone = TimeZone(identifier: identifier) else {
          throw UsageError(words.text("cli.hosted.unknownTimeZone", ["zone": identifier]))
        }
        timeZone = zone
      }
      let context = CommandContext(
        environment: [:], backend: .hosted(services, accounts), io: io,
        now: services.checklists.now, timeZone: timeZone,
        locale: command.locale.map(Locale.init(identifier:)) ?? Locale(identifier: "en_US_POSIX"))
      do {
        try runnable.run(context)
      } catch let unanswered as HostedCommandIO.Unanswered {
        question = unanswered.question
      }
      return .success
    }
    return RemoteCommandResult(
      exitCode: code.rawValue, standardOutput: io.standardOutput,
      standardError: io.standardError, files: question == nil ? io.writtenFiles : [:],
      question: question)
  }

  /// Parses a command line, shows help, and runs a command through `body`, turning errors
  /// into messages on standard error and exit codes.
  /// - Parameter hidingInternals: For a client: an error that is not about what it sent (the
  ///   database's, say) is told in general terms, and in full only on this process's standard
  ///   error (the server's log), as the API does.
  private static func parsed(
    _ arguments: [String], io: any CommandIO, hidingInternals: Bool = false,
    _ body: (any RunnableCommand, ParsedValues) throws -> ExitCode
  ) -> ExitCode {
    var path = ["checklists"]
    do {
      switch try parser.parse(DefaultSubcommand.complete(arguments)) {
      case .helpRequested(let text), .versionRequested(let text):
        io.write(Data((text + "\n").utf8), error: false)
        return .success
      case .command(let command, let commandPath, let values):
        path = commandPath
        guard let runnable = command as? any RunnableCommand else {
          io.write(Data((parser.helpText(for: commandPath) + "\n").utf8), error: false)
          return .success
        }
        return try body(runnable, values)
      }
    } catch var error as UsageError {
      if error.commandPath.isEmpty { error.commandPath = path }
      report(parser.errorText(for: error), io)
      return ExitCode.forError(error)
    } catch let error as ChecklistsError where hidingInternals && error.code == .storage {
      reportInternal(error, io)
      return ExitCode.forError(error)
    } catch let error as ChecklistsError {
      var text = words.text("cli.error", ["message": error.description])
      // A name that did not resolve is a problem with an argument: show how to give it.
      if error.code == .notFound || error.code == .ambiguous {
        text = parser.errorText(for: UsageError(error.description, commandPath: path))
      }
      report(text, io)
      return ExitCode.forError(error)
    } catch let error as ChecklistsCLIError {
      report(words.text("cli.error", ["message": "\(error)"]), io)
      return ExitCode.forError(error)
    } catch {
      if hidingInternals {
        reportInternal(error, io)
      } else {
        report(words.text("cli.error", ["message": "\(error)"]), io)
      }
      return ExitCode.forError(error)
    }
  }

  /// Tells the client only that the server failed, and the server's log what failed.
  private static func reportInternal(_ error: any Error, _ io: any CommandIO) {
    FileHandle.standardError.write(Data("Remote command failed: \(error)\n".utf8))
    report(words.text("cli.error", ["message": words.text("cli.hosted.failed")]), io)
  }

  private static func report(_ text: String, _ io: any CommandIO) {
    io.write(Data((text + "\n").utf8), error: true)
  }
}
