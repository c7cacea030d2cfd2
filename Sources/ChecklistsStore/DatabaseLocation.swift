import Foundation

/// Where the database file lives: `--db`, then `CHECKLISTS_DB`, then the XDG data folder.
public enum DatabaseLocation {
  /// The file name inside the data folder.
  public static let fileName = "checklists.sqlite"

  /// Resolves the database path.
  /// - Parameters:
  ///   - explicit: The `--db` option, if given.
  ///   - environment: The process environment.
  /// - Returns: `explicit`, else `$CHECKLISTS_DB`, else `$XDG_DATA_HOME/checklists/…`, else
  ///   `~/.local/share/checklists/checklists.sqlite`.
  public static func resolve(explicit: String?, environment: [String: String]) -> String {
    if let explicit, !explicit.isEmpty { return expandingTilde(explicit, environment) }
    if let path = environment["CHECKLISTS_DB"], !path.isEmpty {
      return expandingTilde(path, environment)
    }
    let dataHome: String
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      dataHome = xdg
    } else {
      dataHome = home(environment) + "/.local/share"
    }
    return dataHome + "/checklists/" + fileName
  }

  private static func home(_ environment: [String: String]) -> String {
    environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
  }

  private static func expandingTilde(_ path: String, _ environment: [String: String]) -> String {
    guard path == "~" || path.hasPrefix("~/") else { return path }
    return home(environment) + path.dropFirst()
  }
}
