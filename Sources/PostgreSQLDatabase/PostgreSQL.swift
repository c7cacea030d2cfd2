import CLibPQ

/// Facts about the libpq this binary links.
public enum PostgreSQL {
  /// libpq's version as a number (150018 for 15.18).
  public static var libraryVersion: Int { Int(PQlibVersion()) }
}
