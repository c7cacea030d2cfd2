import ChecklistsCore
import Foundation

/// This process's standard streams, terminal and disk.
final class ProcessCommandIO: CommandIO {
  func write(_ data: Data, error: Bool) {
    fflush(nil)
    (error ? FileHandle.standardError : FileHandle.standardOutput).write(data)
  }

  var outputIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }

  /// Asks on the terminal; anything but "y" or "yes" (or end of input) is no.
  func confirm(_ question: String) -> Bool {
    write(Data((question + " [y/N] ").utf8), error: false)
    guard let answer = readLine() else {
      write(Data("\n".utf8), error: false)
      return false
    }
    return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
  }

  /// From a prompt with echo off when standard input is a terminal (twice when `confirming`,
  /// so a typo does not lock anyone out), else the first line of standard input. Never from
  /// the command line, where other users could see it in `ps`.
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
    write(Data(prompt.utf8), error: true)
    var original = termios()
    tcgetattr(STDIN_FILENO, &original)
    var silent = original
    silent.c_lflag &= ~tcflag_t(ECHO)
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
    defer {
      tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
      write(Data("\n".utf8), error: true)
    }
    guard let line = readLine(strippingNewline: true) else {
      throw ChecklistsError.invalid("No password was typed.")
    }
    return line
  }

  func readFile(_ path: String) throws -> Data {
    if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw ChecklistsCLIError(description: "There is no file '\(path)'.")
    }
    if isDirectory.boolValue {
      throw ChecklistsCLIError(description: "'\(path)' is a folder, not a file.")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ChecklistsCLIError(description: "Cannot read '\(path)': permission denied.")
    }
    return data
  }

  /// Writes atomically: a reader never sees half a file, and a failure leaves the old one.
  func writeFile(_ data: Data, to path: String) throws {
    do {
      try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw ChecklistsCLIError(
        description: "Cannot write '\(path)': \((error as NSError).localizedDescription)")
    }
  }
}
