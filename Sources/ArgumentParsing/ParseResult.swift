/// What a command line asked for: a command to run, or help or version text to print.
///
/// Help and version output go to standard output and the tool exits with status 0.
/// The enum is not `Sendable` because it holds an arbitrary `ParsableCommand`.
public enum ParseResult {
  /// A fully parsed and validated command, with the path of command names that led to it and
  /// every value parsed on the way, global options included (so the caller can read `--db`).
  case command(any ParsableCommand, path: [String], values: ParsedValues)

  /// The complete help text of the command that `--help` or `help` was given for.
  case helpRequested(String)

  /// The root command's version, asked for with `--version`.
  case versionRequested(String)
}
