import Foundation

extension RemoteCommand {
  /// `RemoteCommand`: the body of `POST /api/v1/cli`.
  public static let schema = JSONSchema.object(
    properties: [
      "arguments": .array(
        of: .string(),
        description:
          "The command line without the program name, as typed: [\"items\", \"Groceries\"]"),
      "files": .map(
        of: .ref("Base64"),
        description:
          "The bytes of the files the command reads, by the path typed ('-' is standard input); the server reads no files of its own"
      ).orNull,
      "answers": .map(
        of: .boolean(),
        description: "Questions the person has answered, by their text (a result's 'question')"
      ).orNull,
      "timeZone": .string(description: "The client's time zone identifier (default GMT)").orNull,
      "locale": .string(
        description: "The client's locale identifier, for prices (default en_US_POSIX)"
      ).orNull,
      "outputIsTerminal": .boolean(
        description: "Whether the client's standard output is a terminal (default false)"
      ).orNull,
    ],
    required: ["arguments"])
}

extension RemoteCommandResult {
  /// `RemoteCommandResult`: what `POST /api/v1/cli` answers.
  public static let schema = JSONSchema.object(
    properties: [
      "exitCode": .integer(description: "0 success, 1 failure, 64 usage error"),
      "standardOutput": .ref("Base64"),
      "standardError": .ref("Base64"),
      "files": .map(
        of: .ref("Base64"),
        description: "The files the command wrote, by the path typed: the client writes them"),
      "question": .string(
        description:
          "A question the command stopped at, having changed nothing: send the command again with the answer in 'answers'"
      ),
    ],
    required: ["exitCode", "standardOutput", "standardError", "files"])
}
