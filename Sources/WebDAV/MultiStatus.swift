/// A `207 Multi-Status` body (RFC 4918 section 13): a response per resource, each with its
/// properties grouped by status, or a status of its own; and, for sync-collection, the new
/// sync token (RFC 6578).
public struct MultiStatus: Sendable, Hashable {
  /// One resource's part of the answer.
  public struct Response: Sendable, Hashable {
    /// The resource's href, already percent-encoded as it should appear on the wire.
    public var href: String
    /// The resource's properties by status; empty when ``status`` is given.
    public var propstats: [PropStat]
    /// A status for the whole resource instead of propstats: 404 for a member a
    /// sync-collection reports deleted, 507 for the request URI when results were truncated.
    public var status: Int?
    /// A precondition the resource failed (`d:error`), if any.
    public var error: XMLName?
    /// A message for people (`d:responsedescription`), if any.
    public var responseDescription: String?

    /// Makes a response with propstats.
    /// - Parameters:
    ///   - href: The percent-encoded href.
    ///   - propstats: The properties by status.
    ///   - responseDescription: A message for people.
    public init(href: String, propstats: [PropStat], responseDescription: String? = nil) {
      self.href = href
      self.propstats = propstats
      self.status = nil
      self.error = nil
      self.responseDescription = responseDescription
    }

    /// Makes a response with a status of its own and no properties.
    /// - Parameters:
    ///   - href: The percent-encoded href.
    ///   - status: The HTTP status.
    ///   - error: A failed precondition, if any.
    ///   - responseDescription: A message for people.
    public init(
      href: String, status: Int, error: XMLName? = nil, responseDescription: String? = nil
    ) {
      self.href = href
      self.propstats = []
      self.status = status
      self.error = error
      self.responseDescription = responseDescription
    }

    /// Makes a response from properties found and names not found: a 200 propstat and a 404
    /// one, each left out when empty.
    /// - Parameters:
    ///   - href: The percent-encoded href.
    ///   - found: The properties with their values.
    ///   - notFound: The names of the properties asked for that the resource does not have.
    public init(href: String, found: [XMLElement], notFound: [XMLName]) {
      var propstats: [PropStat] = []
      if !found.isEmpty { propstats.append(PropStat(props: found, status: 200)) }
      if !notFound.isEmpty {
        propstats.append(PropStat(props: notFound.map { XMLElement($0) }, status: 404))
      }
      self.init(href: href, propstats: propstats)
    }

    /// Makes the response to a PROPFIND or a report's property selection, so that a handler
    /// only says which properties a resource has and what each one's value is.
    ///
    /// `.prop` gives the names asked, in order (without a value, a 404 propstat unless
    /// `minimal`); `.allprop` gives every name in `allprop` and those included; `.propname`
    /// gives every name in `allprop`, empty.
    /// - Parameters:
    ///   - href: The percent-encoded href.
    ///   - request: What the client asked for.
    ///   - allprop: The properties `allprop` and `propname` cover (RFC 4791 leaves
    ///     `calendar-data` out of it).
    ///   - minimal: True for `Prefer: return=minimal` or `Brief: t`: leave the 404s out.
    ///   - value: A property's element with its value, or nil when the resource lacks it.
    public init(
      href: String, request: PropfindRequest, allprop: [XMLName], minimal: Bool = false,
      value: (XMLName) -> XMLElement?
    ) {
      let names: [XMLName]
      switch request {
      case .propname:
        self.init(href: href, found: allprop.map { XMLElement($0) }, notFound: [])
        return
      case .prop(let asked): names = asked
      case .allprop(let include): names = allprop + include.filter { !allprop.contains($0) }
      }
      var found: [XMLElement] = []
      var notFound: [XMLName] = []
      for name in names {
        if let element = value(name) {
          found.append(element)
        } else if case .prop = request {
          notFound.append(name)
        }
      }
      self.init(href: href, found: found, notFound: minimal ? [] : notFound)
    }
  }

  /// Properties that share a status.
  public struct PropStat: Sendable, Hashable {
    /// The properties: with their values for 200, as empty elements otherwise.
    public var props: [XMLElement]
    /// The HTTP status: 200, 404, 403, 409, 424, ...
    public var status: Int
    /// A precondition the properties failed (`d:error`), if any.
    public var error: XMLName?
    /// A message for people (`d:responsedescription`), if any.
    public var responseDescription: String?

    /// Makes a propstat.
    /// - Parameters:
    ///   - props: The properties.
    ///   - status: The HTTP status.
    ///   - error: A failed precondition, if any.
    ///   - responseDescription: A message for people.
    public init(
      props: [XMLElement], status: Int, error: XMLName? = nil, responseDescription: String? = nil
    ) {
      self.props = props
      self.status = status
      self.error = error
      self.responseDescription = responseDescription
    }
  }

  /// The responses, in the order they are written.
  public var responses: [Response]
  /// The sync token to give the client after a sync-collection, written after the responses.
  public var syncToken: String?

  /// Makes a body.
  /// - Parameters:
  ///   - responses: The responses.
  ///   - syncToken: The new sync token, for sync-collection.
  public init(responses: [Response], syncToken: String? = nil) {
    self.responses = responses
    self.syncToken = syncToken
  }

  /// The body as XML, with an XML declaration and every namespace declared once, on
  /// `d:multistatus`.
  /// - Returns: The text (UTF-8 when encoded).
  /// - Complexity: O(*n*) in the size of the output.
  public func xml() -> String {
    var namespaces = XMLNamespaces()
    namespaces.use(XMLName.davNamespace)
    for response in responses {
      if let error = response.error { namespaces.use(error.namespace) }
      for propstat in response.propstats {
        namespaces.collect(propstat.props)
        if let error = propstat.error { namespaces.use(error.namespace) }
      }
    }
    var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<d:multistatus"
    out += namespaces.declarations
    out += ">"
    for response in responses {
      out += "<d:response><d:href>\(XMLEscaping.text(response.href))</d:href>"
      for propstat in response.propstats {
        out += "<d:propstat><d:prop>"
        for prop in propstat.props { prop.write(to: &out, namespaces: namespaces) }
        out += "</d:prop><d:status>\(HTTPStatusLine.text(propstat.status))</d:status>"
        Self.writeError(
          propstat.error, description: propstat.responseDescription, to: &out, namespaces)
        out += "</d:propstat>"
      }
      if let status = response.status {
        out += "<d:status>\(HTTPStatusLine.text(status))</d:status>"
      }
      Self.writeError(
        response.error, description: response.responseDescription, to: &out, namespaces)
      out += "</d:response>"
    }
    if let syncToken {
      out += "<d:sync-token>\(XMLEscaping.text(syncToken))</d:sync-token>"
    }
    out += "</d:multistatus>\n"
    return out
  }

  private static func writeError(
    _ error: XMLName?, description: String?, to out: inout String, _ namespaces: XMLNamespaces
  ) {
    if let error {
      out += "<d:error>"
      XMLElement(error).write(to: &out, namespaces: namespaces)
      out += "</d:error>"
    }
    if let description {
      out += "<d:responsedescription>\(XMLEscaping.text(description))</d:responsedescription>"
    }
  }
}
