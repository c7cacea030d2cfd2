import ChecklistsCLI
import Foundation

// The environment as started: where the database is (XDG_DATA_HOME) is read from this copy.
let environment = ProcessInfo.processInfo.environment
// Foundation on Linux makes ~/.cache/org.swift.foundation.URLCache/<program> and
// ~/.local/share/<program> as soon as a URLSession configuration exists, even one without a
// cache or cookies. This process keeps nothing there (a signed-in command is one request to a
// server), so those folders point at nothing for Foundation. Set here, before any thread
// starts: setenv while another thread starts a process or reads the environment is a race.
setenv("XDG_CACHE_HOME", "/dev/null", 1)
setenv("XDG_DATA_HOME", "/dev/null", 1)
// The raw bytes of argv, not CommandLine.arguments: that one repairs invalid UTF-8.
let code = CommandLineTool.run(
  argumentBytes: CommandLineTool.processArgumentBytes, environment: environment)
exit(code.rawValue)
