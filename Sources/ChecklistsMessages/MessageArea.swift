/// A part of the catalogue, kept in a file of its own per language so that each reader loads
/// only what it shows: the web app is served `web` alone.
///
/// A key starts with its area's name (`web.sidebar.newList`, `errors.list.unknown`), so a key
/// says which file it is in.
public enum MessageArea: String, CaseIterable, Sendable {
  /// What the rules word for every reader, the web app included: a repeat's description
  /// ("Every week on Monday"), counts and subtitles, dates said as people say them.
  case common
  /// The problems the rules name (``ChecklistsError`` messages): shown by the CLI, the API's
  /// problem `detail`, and through it the web app.
  case errors
  /// The server's own pages (sign-in, invitations), push and reminder texts, and the API's
  /// problem titles and details that are not rule errors.
  case server
  /// The command line's human output and help.
  case cli
  /// The web app's screens, served to it as `/messages/<language>.json` with `common`.
  case web

  /// The areas the web app is served.
  public static let served: [MessageArea] = [.common, .web]

  /// The area a key belongs to, from its first component.
  public init?(key: String) {
    guard let prefix = key.split(separator: ".", maxSplits: 1).first else { return nil }
    self.init(rawValue: String(prefix))
  }
}
