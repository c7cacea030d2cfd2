// Building the property elements a server answers with, so that each is one short line.

extension XMLElement {
  /// A property with a text value: `<d:displayname>Groceries</d:displayname>`.
  /// - Parameters:
  ///   - name: The property's name.
  ///   - text: Its value (escaped when written).
  /// - Returns: The element.
  public static func text(_ name: XMLName, _ text: String) -> XMLElement {
    XMLElement(name, text: text)
  }

  /// A `d:href` element.
  /// - Parameter href: The percent-encoded href.
  /// - Returns: The element.
  public static func href(_ href: String) -> XMLElement {
    XMLElement(.dav("href"), text: href)
  }

  /// A property holding hrefs: `<d:current-user-principal><d:href>/dav/principals/ann/</d:href>
  /// </d:current-user-principal>`.
  /// - Parameters:
  ///   - name: The property's name.
  ///   - hrefs: The percent-encoded hrefs.
  /// - Returns: The element.
  public static func hrefs(_ name: XMLName, _ hrefs: [String]) -> XMLElement {
    XMLElement(name, children: hrefs.map { href($0) })
  }

  /// A property holding other elements: `<d:resourcetype><d:collection/><cal:calendar/>
  /// </d:resourcetype>`.
  /// - Parameters:
  ///   - name: The property's name.
  ///   - children: The elements it holds.
  /// - Returns: The element.
  public static func nested(_ name: XMLName, _ children: [XMLElement]) -> XMLElement {
    XMLElement(name, children: children)
  }

  /// A property holding empty elements by name: `nested(.dav("resourcetype"),
  /// names: [.dav("collection")])`.
  /// - Parameters:
  ///   - name: The property's name.
  ///   - names: The names of the empty elements it holds.
  /// - Returns: The element.
  public static func nested(_ name: XMLName, names: [XMLName]) -> XMLElement {
    XMLElement(name, children: names.map { XMLElement($0) })
  }

  /// `d:supported-report-set` with a `d:supported-report/d:report` for each report.
  /// - Parameter reports: The reports' element names.
  /// - Returns: The element.
  public static func supportedReportSet(_ reports: [XMLName]) -> XMLElement {
    nested(
      .dav("supported-report-set"),
      reports.map { nested(.dav("supported-report"), [nested(.dav("report"), names: [$0])]) })
  }

  /// `cal:supported-calendar-component-set` with a `cal:comp name="…"` for each component.
  /// - Parameter components: The component names, such as `VTODO`.
  /// - Returns: The element.
  public static func supportedCalendarComponentSet(_ components: [String]) -> XMLElement {
    nested(
      .calDAV("supported-calendar-component-set"),
      components.map { XMLElement(.calDAV("comp"), attributes: ["name": $0]) })
  }

  /// `d:current-user-privilege-set` with a `d:privilege` for each privilege.
  /// - Parameter privileges: The privileges' names, such as `d:read`, `d:write-content`.
  /// - Returns: The element.
  public static func privilegeSet(_ privileges: [XMLName]) -> XMLElement {
    nested(
      .dav("current-user-privilege-set"),
      privileges.map { nested(.dav("privilege"), names: [$0]) })
  }
}
