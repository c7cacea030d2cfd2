import CSodium

/// libsodium, initialised once before first use (`sodium_init` is safe to call again).
enum Sodium {
  /// Makes sure libsodium is ready; call before any other function of it.
  static func ready() {
    _ = initialised
  }

  private static let initialised: Bool = {
    // 0: initialised now, 1: already, -1: failure (no entropy source), which is fatal for us.
    guard sodium_init() >= 0 else { fatalError("libsodium could not be initialised") }
    return true
  }()
}
