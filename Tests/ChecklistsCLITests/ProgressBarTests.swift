import Foundation
import Synchronization
import Testing

@testable import ChecklistsCLI

/// The progress bar copies and imports show: what a person sees on the terminal, with the
/// clock and the terminal given by the test.
@Suite("Progress bar")
struct ProgressBarTests {
  /// A bar on a pretend terminal whose clock the test moves.
  final class Terminal: Sendable {
    let clock = Mutex(Duration.zero)
    let written = Mutex("")

    func bar(isTerminal: Bool = true, label: String = "Copying") -> ProgressBar {
      ProgressBar(
        label: label, isTerminal: isTerminal, width: 80, delay: .seconds(1),
        elapsed: { self.clock.withLock { $0 } },
        output: { text in self.written.withLock { $0 += text } })
    }

    func advance(_ duration: Duration) { clock.withLock { $0 += duration } }
    var text: String { written.withLock { $0 } }
  }

  @Test("Nothing shows during the first second; then the bar, the percentage and the rows")
  func showsAfterASecond() {
    let terminal = Terminal()
    let bar = terminal.bar()
    bar.update(done: 0, total: 27_000)
    terminal.advance(.milliseconds(900))
    bar.update(done: 12_000, total: 27_000)
    #expect(terminal.text == "")

    terminal.advance(.milliseconds(200))
    bar.update(done: 12_150, total: 27_000)
    #expect(
      terminal.text
        == "\rCopying [================>                    ]   45%  12,150 of 27,000 rows")
    // Redrawn at most ten times a second.
    terminal.advance(.milliseconds(50))
    bar.update(done: 13_000, total: 27_000)
    #expect(!terminal.text.contains("13,000"))
    terminal.advance(.milliseconds(60))
    bar.update(done: 27_000, total: 27_000)
    #expect(
      terminal.text.hasSuffix(
        "\rCopying [=====================================]  100%  27,000 of 27,000 rows"))

    // Finishing erases the line, so what the command prints next starts clean.
    bar.finish()
    #expect(terminal.text.hasSuffix("\r" + String(repeating: " ", count: 79) + "\r"))
  }

  @Test("Work done within a second, or not on a terminal, prints nothing at all")
  func quietWhenQuickOrPiped() {
    let quick = Terminal()
    let bar = quick.bar()
    bar.update(done: 10, total: 10)
    bar.finish()
    #expect(quick.text == "")

    let piped = Terminal()
    let pipedBar = piped.bar(isTerminal: false)
    piped.advance(.seconds(5))
    pipedBar.update(done: 5, total: 10)
    pipedBar.finish()
    #expect(piped.text == "")
  }

  @Test("An import, which cannot say how far it is, gets a bar that moves on its own")
  func indeterminate() throws {
    let terminal = Terminal()
    let bar = terminal.bar(label: "Importing 3 lists, 20,000 items")
    let result = bar.whileRunning { () -> Int in
      terminal.advance(.milliseconds(2_500))
      // The ticker looks every 100 ms: wait (bounded) until it has drawn.
      for _ in 0..<200 where terminal.text.isEmpty {
        Thread.sleep(forTimeInterval: 0.02)
      }
      return 42
    }
    #expect(result == 42)
    let lines = terminal.text.components(separatedBy: "\r").filter { !$0.isEmpty }
    #expect(lines.first?.hasPrefix("Importing 3 lists, 20,000 items [") == true, "\(lines)")
    #expect(lines.first?.hasSuffix("]  2 s") == true, "\(lines)")
    #expect(lines.last?.trimmingCharacters(in: .whitespaces) == "", "erased at the end")
  }

  @Test("Large numbers are grouped in thousands")
  func grouping() {
    #expect(ProgressBar.grouped(0) == "0")
    #expect(ProgressBar.grouped(999) == "999")
    #expect(ProgressBar.grouped(1_000) == "1,000")
    #expect(ProgressBar.grouped(1_234_567) == "1,234,567")
  }
}
