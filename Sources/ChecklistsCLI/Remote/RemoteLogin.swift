import ChecklistsCore
import Foundation

/// Where `checklists login` left the command line: the server, who signed in, and the API
/// token that stands for them. Kept in `$XDG_CONFIG_HOME/checklists/login.json` (else
/// `~/.config/checklists/login.json`), readable by its owner only: the token is as good as
/// the password until `checklists logout` revokes it.
struct RemoteLogin: Codable, Equatable {
  /// The server's address, such as `https://lists.example.org`, without a trailing slash.
  var server: String
  /// The signed-in user.
  var user: String
  /// The API token (`ckl_…`).
  var token: String
  /// The token's name on the server, as `checklists token list` shows it.
  var tokenName: String

  /// The file for an environment.
  static func path(environment: [String: String]) -> String {
    let base =
      environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
    return base + "/checklists/login.json"
  }

  /// The login of this environment, or nil when the command line is not signed in.
  /// - Throws: When the file exists but cannot be read: better to stop than to act on the
  ///   local database while the person thinks they act on the server.
  static func load(environment: [String: String]) throws -> RemoteLogin? {
    let path = path(environment: environment)
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    guard let data = FileManager.default.contents(atPath: path),
      let login = try? JSONDecoder().decode(RemoteLogin.self, from: data)
    else {
      throw ChecklistsCLIError(description: words.text("cli.login.unreadable", ["path": path]))
    }
    return login
  }

  /// Saves the login where only its owner can read it, replacing any other.
  ///
  /// The file is created with mode 600 from its first byte (not created, then restricted),
  /// in a folder restricted to its owner each time, and renamed into place, so a reader never
  /// sees half a file.
  func save(environment: [String: String]) throws {
    let path = Self.path(environment: environment)
    let folder = (path as NSString).deletingLastPathComponent
    let failure = { (step: String) in
      ChecklistsCLIError(
        description: words.text(
          step, ["path": path, "reason": String(cString: strerror(errno))]))
    }
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw ChecklistsCLIError(
        description: words.text(
          "cli.login.saveFailed", ["path": path, "reason": (error as NSError).localizedDescription])
      )
    }
    guard chmod(folder, 0o700) == 0 else { throw failure("cli.login.saveFailed.restrict") }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let bytes = Array(try encoder.encode(self))
    let temporary = folder + "/.login-\(UUID().uuidString).json"
    let file = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard file >= 0 else { throw failure("cli.login.saveFailed.create") }
    let written = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
    let synced = fsync(file) == 0
    close(file)
    guard written == bytes.count, synced, rename(temporary, path) == 0 else {
      let error = failure("cli.login.saveFailed.write")
      unlink(temporary)
      throw error
    }
  }

  /// Forgets the login of this environment.
  static func remove(environment: [String: String]) throws {
    let path = path(environment: environment)
    guard FileManager.default.fileExists(atPath: path) else { return }
    do {
      try FileManager.default.removeItem(atPath: path)
    } catch {
      throw ChecklistsCLIError(
        description: words.text(
          "cli.login.deleteFailed",
          ["path": path, "reason": (error as NSError).localizedDescription]))
    }
  }
}
