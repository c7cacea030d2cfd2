import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a program to its end through `posix_spawn`, feeding it standard input and collecting
/// its output.
///
/// Not Foundation's `Process`: on Linux (Swift 6.3.1) `Process.run()` reads each entry of
/// `/proc/self/fd` 256 bytes at a time and now and then reads past glibc's buffer and crashes
/// the whole test run when the test process holds many descriptors, as these suites' servers
/// do (swift-corelibs-foundation#5472, fixed after 6.3.1).
enum ChildProcess {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs `executable` with `arguments` and exactly `environment`, in `directory`.
  /// - Returns: What it wrote to standard output and error, and its exit code (or, when a
  ///   signal ended it, the signal's number, as `Process.terminationStatus` says).
  static func run(
    _ executable: String, _ arguments: [String], environment: [String: String],
    directory: String, input: Data
  ) throws -> (output: Data, error: Data, status: Int32) {
    Self.ignoreBrokenPipes
    var stdinPipe: [Int32] = [-1, -1]
    var stdoutPipe: [Int32] = [-1, -1]
    var stderrPipe: [Int32] = [-1, -1]
    guard pipe(&stdinPipe) == 0, pipe(&stdoutPipe) == 0, pipe(&stderrPipe) == 0 else {
      throw Failure(description: "pipe: \(String(cString: strerror(errno)))")
    }
    // Closed on exec: only the copies made below reach the child. (Another thread's spawn
    // may inherit one before the flag is set; it is closed when that child exits.)
    for descriptor in stdinPipe + stdoutPipe + stderrPipe {
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }
    let (stdin, stdout, stderr) = (stdinPipe, stdoutPipe, stderrPipe)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // dup2 leaves the copies open across exec; every other descriptor closes (O_CLOEXEC).
    posix_spawn_file_actions_adddup2(&actions, stdin[0], 0)
    posix_spawn_file_actions_adddup2(&actions, stdout[1], 1)
    posix_spawn_file_actions_adddup2(&actions, stderr[1], 2)
    guard addChangeDirectory(&actions, directory) == 0 else {
      throw Failure(description: "posix_spawn_file_actions_addchdir_np failed")
    }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
    close(stdin[0])
    close(stdout[1])
    close(stderr[1])
    guard spawned == 0 else {
      close(stdin[1])
      close(stdout[0])
      close(stderr[0])
      throw Failure(description: "posix_spawn \(executable): \(String(cString: strerror(spawned)))")
    }
    // Input is written and standard error read on their own threads, so that a child that
    // fills one pipe while this side waits on another never blocks.
    let writer = Thread {
      input.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
          let written = write(stdin[1], bytes.baseAddress! + offset, bytes.count - offset)
          if written < 0, errno == EINTR { continue }
          if written <= 0 { break }
          offset += written
        }
      }
      close(stdin[1])
    }
    let errorOutput = Collected()
    let reader = Thread {
      errorOutput.data = readAll(stderr[0])
      errorOutput.done.signal()
    }
    writer.start()
    reader.start()
    let output = readAll(stdout[0])
    errorOutput.done.wait()
    close(stdout[0])
    close(stderr[0])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let signal = status & 0x7f
    return (output, errorOutput.data, signal == 0 ? (status >> 8) & 0xff : signal)
  }

  private final class Collected: @unchecked Sendable {
    var data = Data()
    let done = DispatchSemaphore(value: 0)
  }

  private static func readAll(_ descriptor: Int32) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = read(descriptor, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      if count <= 0 { return data }
      data.append(contentsOf: buffer[..<count])
    }
  }

  /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), which Swift's Glibc
  /// module does not declare.
  private static let addChangeDirectory:
    @convention(c) (
      UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>
    ) -> Int32 = {
      guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else {
        fatalError("This glibc has no posix_spawn_file_actions_addchdir_np (it needs 2.29)")
      }
      return unsafeBitCast(
        symbol,
        to: (@convention(c) (
          UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>
        ) -> Int32).self)
    }()

  /// A child that exits before reading all its input must not end the test process.
  private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()
}
