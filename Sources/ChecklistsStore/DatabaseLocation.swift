import Foundation

/// Where the database is: `--database` (or `--db`), then `$CHECKLISTS_DATABASE_URL`, then
/// `$CHECKLISTS_DB`, then the file in the XDG data folder. A PostgreSQL URL or connection
/// string is passed on as it is; anything else is an SQLite file's path.
public enum DatabaseLocation {
  /// The environment variables that name a database, the first set one winning.
  public static let environmentVariables = ["CHECKLISTS_DATABASE_URL", "CHECKLISTS_DB"]

  /// The file name inside the data folder.
  public static let fileName = "checklists.sqlite"

  /// The database named by the environment (an empty variable names none), if any.
  public static func fromEnvironment(_ environment: [String: String]) -> String? {
    environmentVariables.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
  }

  /// Resolves the database: a file's path or a PostgreSQL connection string.
  /// - Parameters:
  ///   - explicit: The `--database` (`--db`) option, if given.
  ///   - environment: The process environment.
  /// - Returns: `explicit`, else `$CHECKLISTS_DATABASE_URL`, else `$CHECKLISTS_DB`, else
  ///   `$XDG_DATA_HOME/checklists/…`, else `~/.local/share/checklists/checklists.sqlite`.
  public static func resolve(explicit: String?, environment: [String: String]) -> String {
    if let explicit, !explicit.isEmpty { return expandingTilde(explicit, environment) }
    if let named = fromEnvironment(environment) { return expandingTilde(named, environment) }
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
