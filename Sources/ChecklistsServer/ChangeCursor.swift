import Foundation

/// A position in the change log as clients see it: an opaque string that the delta feed
/// (`GET /api/v1/changes`) answers as `next` and with every entry, and that the event stream
/// sends as each event's `id:`. A client stores it and sends it back as `since` or
/// `Last-Event-ID`; it never computes with it.
///
/// Today it spells a sequence of the log (whose numbers are handed out in commit order, see the
/// sync log in the SQL store, docs/SYNC.md), so "after this cursor" never skips a change that
/// committed late. The leading letter is a version: a later spelling can carry more.
struct ChangeCursor: Hashable, Sendable, Comparable {
  /// The last sequence of the log the holder has seen.
  var sequence: Int64

  init(sequence: Int64) {
    precondition(sequence >= 0, "A cursor names a sequence of 0 or more")
    self.sequence = sequence
  }

  /// Reads a cursor this server gave out, or `nil` for anything else.
  ///
  /// - Parameter acceptingSequences: Also read a plain decimal sequence, as event ids were
  ///   before cursors (a client may still hold one in `Last-Event-ID`).
  init?(_ text: String, acceptingSequences: Bool = false) {
    if acceptingSequences, let sequence = Int64(text), sequence >= 0,
      text.allSatisfy(\.isASCII)
    {
      self.init(sequence: sequence)
      return
    }
    guard text.count <= 16, text.first == "c", text.dropFirst().allSatisfy({ $0.isASCII }),
      let sequence = Int64(text.dropFirst(), radix: 36), sequence >= 0,
      text.dropFirst().allSatisfy({ $0.isNumber || $0.isLowercase })
    else { return nil }
    self.init(sequence: sequence)
  }

  /// The cursor as sent to clients.
  var text: String { "c" + String(sequence, radix: 36) }

  static func < (lhs: ChangeCursor, rhs: ChangeCursor) -> Bool { lhs.sequence < rhs.sequence }
}
