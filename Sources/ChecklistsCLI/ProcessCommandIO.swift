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
          description: "Standard input holds more than \(Self.maximumFileSize >> 20) MiB, the "
            + "most the command line reads.")
      }
      return data
    }
    // O_NONBLOCK: opening a FIFO must not wait for a writer. It does not affect regular files.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      switch code {
      case ENOENT: throw ChecklistsCLIError(description: "There is no file '\(path)'.")
      case EACCES:
        throw ChecklistsCLIError(description: "Cannot read '\(path)': permission denied.")
      default:
        throw ChecklistsCLIError(
          description: "Cannot open '\(path)': \(String(cString: strerror(code))).")
      }
    }
    let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw ChecklistsCLIError(
        description: "Cannot read '\(path)': \(String(cString: strerror(errno))).")
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw ChecklistsCLIError(
        description: "'\(path)' is not a regular file (it is \(Self.kind(status.st_mode))).")
    }
    guard status.st_size <= Self.maximumFileSize else {
      throw ChecklistsCLIError(
        description: "'\(path)' is \(status.st_size >> 20) MiB; the command line reads files of "
          + "up to \(Self.maximumFileSize >> 20) MiB.")
    }
    do {
      let data = try Self.readBounded(file)
      guard data.count <= Self.maximumFileSize else {
        throw ChecklistsCLIError(
          description: "'\(path)' grew past \(Self.maximumFileSize >> 20) MiB while it was read.")
      }
      return data
    } catch let error as ChecklistsCLIError {
      throw error
    } catch {
      throw ChecklistsCLIError(
        description: "Cannot read '\(path)': \((error as NSError).localizedDescription)")
    }
  }

  /// The most bytes a file (or standard input) may hold: the server's limit for an import.
  static let maximumFileSize = 64 << 20

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
    case S_IFDIR: "a folder"
    case S_IFCHR, S_IFBLK: "a device"
    case S_IFIFO: "a FIFO, a named pipe"
    case S_IFSOCK: "a socket"
    default: "not a file of data"
    }
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
