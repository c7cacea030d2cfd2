import ChecklistsStore
import Dispatch
import Synchronization

/// `GET /readyz`'s check: whether a read on the database answers within a deadline.
///
/// The read runs on a thread of its own so that a database that hangs cannot hold the request
/// past the deadline; while one read is still out, later checks wait on it rather than start
/// another, so a hung database costs one thread however often a load balancer asks.
final class ReadinessProbe: Sendable {
  /// One read in flight and what it found: nil while it runs, then nil or the problem.
  private final class Run: Sendable {
    let done = DispatchGroup()
    let problem = Mutex<String??>(nil)
  }

  private let store: any ChecklistsDatabase
  private let deadline: Duration
  private let running = Mutex<Run?>(nil)

  /// A probe of `store` that gives a read `deadline` to answer.
  init(store: any ChecklistsDatabase, deadline: Duration = .seconds(2)) {
    self.store = store
    self.deadline = deadline
  }

  /// Reads the database once (or waits on the read already out).
  /// - Returns: nil when the read answered in time, else why the server is not ready.
  func problem() -> String? {
    let (run, starts) = running.withLock { running -> (Run, Bool) in
      if let run = running { return (run, false) }
      let run = Run()
      run.done.enter()
      running = run
      return (run, true)
    }
    if starts {
      DispatchQueue.global().async { [self] in
        let problem: String?
        do {
          _ = try store.lastChangeSequence()
          problem = nil
        } catch {
          problem = "The database does not answer: \(error)"
        }
        run.problem.withLock { $0 = .some(problem) }
        running.withLock { if $0 === run { $0 = nil } }
        run.done.leave()
      }
    }
    let milliseconds =
      Int(deadline.components.seconds * 1000)
      + Int(deadline.components.attoseconds / 1_000_000_000_000_000)
    guard run.done.wait(timeout: .now() + .milliseconds(milliseconds)) == .success else {
      return "The database did not answer a read within \(deadline.components.seconds) s."
    }
    return run.problem.withLock { $0 } ?? "The database read ended without an answer."
  }
}
