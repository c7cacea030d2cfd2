/// What a PROPFIND asks for (RFC 4918 section 9.1), and what the property-selecting reports
/// (calendar-query, calendar-multiget, sync-collection) ask for in the same words.
public enum PropfindRequest: Sendable, Hashable {
  /// These properties, by name, in the order asked; those a resource lacks go in a 404 propstat.
  case prop([XMLName])
  /// Every live property the server defines plus the dead ones, and the `include`d ones too
  /// (RFC 4918 section 14.8); an empty PROPFIND body means `allprop` with nothing included.
  case allprop(include: [XMLName])
  /// The names of the properties, without values.
  case propname
}
