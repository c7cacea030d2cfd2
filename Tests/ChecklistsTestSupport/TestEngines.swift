import Foundation

/// The SQL engines a test run covers: both, unless `CHECKLISTS_TEST_ENGINES` (a comma-separated
/// list, as `scripts/test-fast` sets it to `sqlite`) names some. An unknown name stops the run
/// rather than quietly testing less.
public enum TestEngines {
  /// The engines' names: `sqlite` and `postgres`.
  public static let known = ["sqlite", "postgres"]

  /// The engines this run tests, in the order `known` lists them.
  public static let names: [String] = {
    guard let listed = ProcessInfo.processInfo.environment["CHECKLISTS_TEST_ENGINES"] else {
      return known
    }
    let names = listed.split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    for name in names where !known.contains(name) {
      preconditionFailure(
        "CHECKLISTS_TEST_ENGINES names '\(name)'; the engines are sqlite and postgres.")
    }
    return known.filter(names.contains)
  }()

  /// Whether this run tests PostgreSQL; the suites that need a server run only then.
  public static var includesPostgreSQL: Bool { names.contains("postgres") }
}
