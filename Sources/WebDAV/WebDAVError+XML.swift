extension WebDAVError {
  /// The error as a `d:error` body (RFC 4918 section 16): the precondition element with its
  /// content, then the message as text, for clients that show it.
  ///
  ///     <d:error xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav">
  ///     <cal:no-uid-conflict><d:href>/dav/calendars/ann/…/a.ics</d:href></cal:no-uid-conflict>
  ///     The UID is already used by a.ics in this calendar.</d:error>
  /// - Returns: The body, with an XML declaration.
  public func xml() -> String {
    let condition = precondition.map { XMLElement($0, children: preconditionContent) }
    var namespaces = XMLNamespaces()
    namespaces.use(XMLName.davNamespace)
    if let condition { namespaces.collect([condition]) }
    var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<d:error\(namespaces.declarations)>"
    condition?.write(to: &out, namespaces: namespaces)
    out += XMLEscaping.text(message)
    out += "</d:error>\n"
    return out
  }
}
