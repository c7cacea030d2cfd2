extension String {
  /// The string with its first letter in capitals: "standard input" → "Standard input".
  var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
