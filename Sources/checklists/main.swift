import ChecklistsCLI
import Foundation

let code = CommandLineTool.run(
  Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
exit(code.rawValue)
