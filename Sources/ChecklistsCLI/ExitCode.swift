import ArgumentParsing
import ChecklistsCore

/// How `checklists` ends: 0 success, 1 failure, 64 usage error (sysexits' EX_USAGE).
public enum ExitCode: Int32, Sendable {
  case success = 0
  case failure = 1
  case usage = 64

  /// The one place errors map to exit codes.
  static func forError(_ error: any Error) -> ExitCode {
    error is UsageError ? .usage : .failure
  }
}
