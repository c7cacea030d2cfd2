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
    write(Data(words.text("cli.confirm.prompt", ["question": question]).utf8), error: false)
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
        throw ChecklistsError.invalid(words.text("cli.password.noInput"))
      }
      return line
    }
    let first = try readHidden(prompt)
    guard confirming else { return first }
    guard try readHidden(words.text("cli.password.again")) == first else {
      throw ChecklistsError.invalid(words.text("cli.password.differ"))
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
      throw ChecklistsError.invalid(words.text("cli.password.notTyped"))
    }
    return line
  }

  /// Reads a regular file (or standard input for `-`), checking what it is before reading a
  /// byte: a device such as `/dev/zero` would never end, a FIFO would block until someone
  /// writes to it, and a folder is not a file. Root may read any file, but not those either.
  /// - Throws: ``ChecklistsCLIError`` naming the path and what is wrong with it.
  /// At most ``maximumFileSize`` bytes are read, as the server takes at most that much of an
  /// import: `import - < /dev/zero` must end with an error, not with the machine's memory gone.
  func readFile(_ path: String) throws -> Data {
    if path == "-" {
      let data = try Self.readBounded(FileHandle.standardInput)
      guard data.count <= Self.maximumFileSize else {
        throw ChecklistsCLIError(
          description: words.text("cli.file.inputTooLarge", ["limit": Self.maximumMebibytes]))
      }
      return data
    }
    // O_NONBLOCK: opening a FIFO must not wait for a writer. It does not affect regular files.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      switch code {
      case ENOENT:
        throw ChecklistsCLIError(description: words.text("cli.file.missing", ["path": path]))
      case EACCES:
        throw ChecklistsCLIError(description: words.text("cli.file.readDenied", ["path": path]))
      default:
        throw ChecklistsCLIError(
          description: words.text(
            "cli.file.openFailed", ["path": path, "reason": String(cString: strerror(code))]))
      }
    }
    let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw ChecklistsCLIError(
        description: words.text(
          "cli.file.statFailed", ["path": path, "reason": String(cString: strerror(errno))]))
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw ChecklistsCLIError(
        description: words.text(
          "cli.file.notRegular", ["path": path, "kind": Self.kind(status.st_mode)]))
    }
    guard status.st_size <= Self.maximumFileSize else {
      throw ChecklistsCLIError(
        description: words.text(
          "cli.file.tooLarge",
          ["path": path, "size": String(status.st_size >> 20), "limit": Self.maximumMebibytes]))
    }
    do {
      let data = try Self.readBounded(file)
      guard data.count <= Self.maximumFileSize else {
        throw ChecklistsCLIError(
          description: words.text(
            "cli.file.grew", ["path": path, "limit": Self.maximumMebibytes]))
      }
      return data
    } catch let error as ChecklistsCLIError {
      throw error
    } catch {
      throw ChecklistsCLIError(
        description: words.text(
          "cli.file.readFailed", ["path": path, "reason": (error as NSError).localizedDescription]))
    }
  }

  /// The most bytes a file (or standard input) may hold: the server's limit for an import.
  static let maximumFileSize = 64 << 20

  /// ``maximumFileSize`` in MiB, as messages say it.
  static var maximumMebibytes: String { String(maximumFileSize >> 20) }

  /// Reads to the end, or to one byte past ``maximumFileSize``, whichever comes first.
  private static func readBounded(_ file: FileHandle) throws -> Data {
    var data = Data()
    while data.count <= maximumFileSize {
      guard let chunk = try file.read(upToCount: min(1 << 20, maximumFileSize + 1 - data.count)),
        !chunk.isEmpty
      else { break }
      data.append(chunk)
    }
    return data
  }

  /// What a file that is not a regular file is, in a person's words.
  static func kind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: words.text("cli.file.kind.folder")
    case S_IFCHR, S_IFBLK: words.text("cli.file.kind.device")
    case S_IFIFO: words.text("cli.file.kind.fifo")
    case S_IFSOCK: words.text("cli.file.kind.socket")
    default: words.text("cli.file.kind.other")
    }
  }

  /// Writes atomically: a reader never sees half a file, and a failure leaves the old one.
  func writeFile(_ data: Data, to path: String) throws {
    do {
      try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw ChecklistsCLIError(
        description: words.text(
          "cli.file.writeFailed", ["path": path, "reason": (error as NSError).localizedDescription]
        ))
    }
  }
}
