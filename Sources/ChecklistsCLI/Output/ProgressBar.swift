import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A one-line progress bar on standard error for work that takes a while: shown only when
/// standard error is this process's terminal and the work has gone on for more than a second
/// (a quick command prints nothing extra), redrawn at most ten times a second, and erased
/// when the work ends, so what the command prints afterwards starts on a clean line.
///
/// Never shown for a command a server runs for `checklists login` (its output goes back to the
/// client in one piece) nor into a pipe or a file.
final class ProgressBar: Sendable {
  /// What the bar tells: a label, and how far along, when that is known.
  private struct State {
    var label: String
    var done = 0
    var total: Int?
    var lastDrawn: Duration?
    var shown = false
  }

  private let state: Mutex<State>
  private let isShown: Bool
  private let delay: Duration
  private let width: Int
  private let elapsed: @Sendable () -> Duration
  private let output: @Sendable (String) -> Void

  /// A bar for a command run here: on standard error when it is a terminal.
  /// - Parameter label: What is being done, such as "Copying".
  convenience init(_ context: CommandContext, label: String) {
    let start = ContinuousClock.now
    let terminal = context.io is ProcessCommandIO && isatty(STDERR_FILENO) != 0
    self.init(
      label: label, isTerminal: terminal, width: Self.terminalWidth(), delay: .seconds(1),
      elapsed: { ContinuousClock.now - start },
      output: { text in
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
      })
  }

  /// A bar with its surroundings given: for tests.
  init(
    label: String, isTerminal: Bool, width: Int, delay: Duration,
    elapsed: @escaping @Sendable () -> Duration, output: @escaping @Sendable (String) -> Void
  ) {
    state = Mutex(State(label: label))
    isShown = isTerminal
    self.delay = delay
    self.width = max(width, 40)
    self.elapsed = elapsed
    self.output = output
  }

  /// Says how far along the work is, redrawing the bar when it is due.
  func update(done: Int, total: Int) {
    draw {
      $0.done = done
      $0.total = total
    }
  }

  /// Redraws an indeterminate bar (the work does not say how far it is) when it is due.
  func tick() {
    draw { _ in }
  }

  /// Erases the bar if it was shown.
  func finish() {
    let shown = state.withLock { state in
      defer { state.shown = false }
      return state.shown
    }
    if shown { output("\r" + String(repeating: " ", count: width - 1) + "\r") }
  }

  /// Runs `body` with an indeterminate bar that moves on its own (for work that cannot say
  /// how far it is), shown once `body` has run for more than the delay.
  func whileRunning<T>(_ body: () throws -> T) rethrows -> T {
    guard isShown else { return try body() }
    let stop = DispatchSemaphore(value: 0)
    let stopped = DispatchSemaphore(value: 0)
    let ticker = Thread { [self] in
      while stop.wait(timeout: .now() + .milliseconds(100)) == .timedOut { tick() }
      stopped.signal()
    }
    ticker.start()
    defer {
      stop.signal()
      stopped.wait()
      finish()
    }
    return try body()
  }

  private func draw(_ change: (inout State) -> Void) {
    let now = elapsed()
    let line: String? = state.withLock { state in
      change(&state)
      guard isShown, now >= delay else { return nil }
      if let last = state.lastDrawn, now - last < .milliseconds(100) { return nil }
      state.lastDrawn = now
      state.shown = true
      return Self.line(
        label: state.label, done: state.done, total: state.total, elapsed: now, width: width)
    }
    if let line { output("\r" + line) }
  }

  // MARK: - Drawing

  /// The bar as a line of at most `width - 1` characters:
  /// `Copying [=========>          ]  45%  12,345 of 27,000 rows`, or with no total a block
  /// that sweeps back and forth and the seconds gone by.
  static func line(label: String, done: Int, total: Int?, elapsed: Duration, width: Int)
    -> String
  {
    let barWidth = max(10, min(40, width - label.count - 36))
    var bar = Array(repeating: Character(" "), count: barWidth)
    let tail: String
    if let total, total > 0 {
      let fraction = min(1, Double(done) / Double(total))
      let filled = Int(fraction * Double(barWidth))
      for index in 0..<filled { bar[index] = "=" }
      if filled < barWidth { bar[filled] = ">" }
      let percent = String(Int(fraction * 100))
      tail =
        String(repeating: " ", count: 3 - min(3, percent.count)) + percent + "%  "
        + words.text(
          "cli.progress.rows", ["done": grouped(done), "total": grouped(total)], count: total)
    } else {
      // A block of four that goes across and back once every four seconds or so.
      let steps = Int(elapsed / .milliseconds(100))
      let span = barWidth - 4
      let position = span == 0 ? 0 : (steps / span) % 2 == 0 ? steps % span : span - steps % span
      for index in position..<(position + 4) { bar[index] = "=" }
      tail = words.text("cli.progress.seconds", ["seconds": String(Int(elapsed / .seconds(1)))])
    }
    let text = "\(label) [\(String(bar))]  \(tail)"
    return String(text.prefix(width - 1))
  }

  /// 12345 as "12,345".
  static func grouped(_ number: Int) -> String {
    let digits = Array(String(number.magnitude))
    var text = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return (number < 0 ? "-" : "") + text
  }

  /// The terminal's width in columns, or 80 when it does not say.
  private static func terminalWidth() -> Int {
    var size = winsize()
    guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }
}
