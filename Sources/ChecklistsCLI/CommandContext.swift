import ChecklistsCore
import ChecklistsStore
import Foundation

/// What a command runs with: where the database is, the clock, the time zone, and the
/// terminal's input and output.
final class CommandContext {
  /// The process environment.
  let environment: [String: String]
  /// The database file.
  let databasePath: String
  /// The current time.
  let now: @Sendable () -> Date
  /// The zone dates are read and shown in.
  let timeZone: TimeZone
  private var openedService: ChecklistService?

  init(
    environment: [String: String], databasePath: String,
    now: @escaping @Sendable () -> Date = Date.init, timeZone: TimeZone = .current
  ) {
    self.environment = environment
    self.databasePath = databasePath
    self.now = now
    self.timeZone = timeZone
  }

  /// The local user's lists, opening (and on first use creating) the database.
  func service() throws -> ChecklistService {
    if let openedService { return openedService }
    let service = try ChecklistService.openLocal(
      store: SQLiteChecklistStore(path: databasePath), now: now)
    openedService = service
    return service
  }

  /// Reads dates as typed here and now.
  var dateParser: FriendlyDateParser { FriendlyDateParser(now: now(), timeZone: timeZone) }

  /// Shows dates in the local zone.
  var dateDisplay: DateDisplay { DateDisplay(timeZone: timeZone) }

  // MARK: - Terminal

  /// Writes a line to standard output.
  func print(_ text: String = "") {
    Swift.print(text)
  }

  /// Writes bytes to standard output as they are.
  func write(_ data: Data) {
    fflush(nil)
    FileHandle.standardOutput.write(data)
  }

  /// Writes a line to standard error.
  func printError(_ text: String) {
    fflush(nil)
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }

  /// Whether standard output is a terminal rather than a pipe or a file.
  var outputIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }

  /// Asks a yes/no question on the terminal; anything but "y" or "yes" (or end of input) is no.
  func confirm(_ question: String) -> Bool {
    Swift.print(question + " [y/N] ", terminator: "")
    fflush(nil)
    guard let answer = readLine() else {
      Swift.print()
      return false
    }
    return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
  }
}
