import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension DatabaseBackup {
  /// A file a copy that was killed left behind (`kill -9`, a crash, a power cut: its own
  /// clean-up never ran), removed by a later copy.
  public struct Leftover: Sendable, Equatable {
    /// The file's path.
    public var path: String
    /// The process that wrote it, which is gone.
    public var process: pid_t
  }

  /// Removes the half-written copies that killed backups to `destination` left beside it:
  /// `<destination>.partial-<pid>` and its `-journal` (and `-wal`, `-shm`), when process
  /// `<pid>` no longer runs. A copy that another process is still making is left alone.
  /// - Returns: The files removed.
  public static func removeLeftovers(ofCopyTo destination: String) -> [Leftover] {
    let name = (destination as NSString).lastPathComponent
    return removeLeftovers(in: folder(of: destination)) { file in
      process(in: file, after: name + ".partial-")
    }
  }

  /// Removes every file in `folder` that `owner` says a process wrote (by returning its id),
  /// when that process no longer runs.
  /// - Parameters:
  ///   - folder: Where to look; not its subfolders.
  ///   - owner: The id of the process that wrote a file of this name, or nil for a file that
  ///     is no leftover.
  /// - Returns: The files removed, in name order.
  public static func removeLeftovers(
    in folder: String, owner: (String) -> pid_t?
  ) -> [Leftover] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    var removed: [Leftover] = []
    for name in names.sorted() {
      guard let process = owner(name), !isRunning(process) else { continue }
      let path = (folder as NSString).appendingPathComponent(name)
      var status = stat()
      guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
      if unlink(path) == 0 { removed.append(Leftover(path: path, process: process)) }
    }
    return removed
  }

  /// The process id in a file's name `<prefix><pid>` or `<prefix><pid>-journal` (`-wal`,
  /// `-shm`): the names a copy into `<prefix><pid>` leaves.
  /// - Returns: The id, or nil for any other name.
  public static func process(in file: String, after prefix: String) -> pid_t? {
    guard file.hasPrefix(prefix) else { return nil }
    var rest = file.dropFirst(prefix.count)
    for suffix in ["-journal", "-wal", "-shm"] where rest.hasSuffix(suffix) {
      rest = rest.dropLast(suffix.count)
      break
    }
    guard !rest.isEmpty, rest.count <= 10, rest.allSatisfy(\.isASCII), rest.allSatisfy(\.isNumber),
      let id = pid_t(rest), id > 0
    else { return nil }
    return id
  }

  /// Whether process `id` runs: this one, or one that `kill(id, 0)` finds (a process of
  /// another user is refused with `EPERM`, so it runs too).
  public static func isRunning(_ id: pid_t) -> Bool {
    if id == getpid() { return true }
    return kill(id, 0) == 0 || errno == EPERM
  }

  static func folder(of path: String) -> String {
    let folder = (path as NSString).deletingLastPathComponent
    return folder.isEmpty ? "." : folder
  }
}
