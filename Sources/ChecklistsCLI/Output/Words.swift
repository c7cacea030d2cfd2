import ChecklistsMessages

/// The catalogue the command line speaks, whose `cli` area holds its human output, prompts and
/// errors (docs/MESSAGES.md): English until the catalogue has other languages and the command
/// line reads the reader's. JSON and completion scripts are machine output and stay in code.
let words = MessageCatalogue.english
