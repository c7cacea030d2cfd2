import ChecklistsCLI
import Foundation

// The raw bytes of argv, not CommandLine.arguments: that one repairs invalid UTF-8.
let code = CommandLineTool.run(
  argumentBytes: CommandLineTool.processArgumentBytes,
  environment: ProcessInfo.processInfo.environment)
exit(code.rawValue)
