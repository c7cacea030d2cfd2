import ChecklistsCore
import ChecklistsStore
import Foundation

extension CommandContext {
  /// The accounts of the database.
  func accounts() throws -> AccountService {
    AccountService(store: try SQLiteChecklistStore(path: databasePath), now: now)
  }

  /// Reads a password: from a prompt with echo off when standard input is a terminal (twice
  /// when `confirming`, so a typo does not lock anyone out), else the first line of standard
  /// input. Never from the command line, where other users could see it in `ps`.
  /// - Throws: `invalidInput` when the two entries differ or nothing could be read.
  func readPassword(prompt: String, confirming: Bool) throws -> String {
    guard isatty(STDIN_FILENO) != 0 else {
      guard let line = readLine(strippingNewline: true) else {
        throw ChecklistsError.invalid("No password on standard input.")
      }
      return line
    }
    let first = try readHidden(prompt)
    guard confirming else { return first }
    guard try readHidden("Again, to confirm: ") == first else {
      throw ChecklistsError.invalid("The two passwords differ; nothing was changed.")
    }
    return first
  }

  private func readHidden(_ prompt: String) throws -> String {
    printError(prompt, terminator: "")
    var original = termios()
    tcgetattr(STDIN_FILENO, &original)
    var silent = original
    silent.c_lflag &= ~tcflag_t(ECHO)
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
    defer {
      tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
      printError("")
    }
    guard let line = readLine(strippingNewline: true) else {
      throw ChecklistsError.invalid("No password was typed.")
    }
    return line
  }

  /// Writes to standard error without a line end, for prompts that must not mix with output.
  func printError(_ text: String, terminator: String) {
    fflush(nil)
    FileHandle.standardError.write(Data((text + terminator).utf8))
  }
}
