import Foundation

/// Input and output for work that must stay quiet and touch nothing, such as reading names for
/// shell completion: it prints nothing, asks nothing, and reads and writes no files.
final class SilentCommandIO: CommandIO {
  /// Why anything but printing is refused.
  struct Refused: Error {}

  func write(_ data: Data, error: Bool) {}
  var outputIsTerminal: Bool { false }
  func confirm(_ question: String) throws -> Bool { throw Refused() }
  func readPassword(prompt: String, confirming: Bool) throws -> String { throw Refused() }
  func readFile(_ path: String) throws -> Data { throw Refused() }
  func writeFile(_ data: Data, to path: String) throws { throw Refused() }
}
