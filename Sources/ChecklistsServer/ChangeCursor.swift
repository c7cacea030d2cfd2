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
  /// The epoch of the log it is from (8 hex digits); `nil` in a cursor spelled without one.
  var epoch: String?

  init(sequence: Int64, epoch: String?) {
    precondition(sequence >= 0, "A cursor names a sequence of 0 or more")
    self.sequence = sequence
    self.epoch = epoch?.isEmpty == true ? nil : epoch
  }

  /// Reads a cursor this server gave out, or `nil` for anything else.
  ///
  /// - Parameter acceptingSequences: Also read a plain decimal sequence, as event ids were
  ///   before cursors (a client may still hold one in `Last-Event-ID`).
  init?(_ text: String, acceptingSequences: Bool = false) {
    if acceptingSequences, let sequence = Int64(text), sequence >= 0,
      text.allSatisfy(\.isASCII)
    {
      self.init(sequence: sequence, epoch: nil)
      return
    }
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let number = parts[0]
    guard number.count <= 16, number.first == "c", number.dropFirst().allSatisfy({ $0.isASCII }),
      number.dropFirst().allSatisfy({ $0.isNumber || $0.isLowercase }),
      let sequence = Int64(number.dropFirst(), radix: 36), sequence >= 0
    else { return nil }
    var epoch: String?
    if parts.count == 2 {
      let tag = parts[1]
      guard tag.count == 8, tag.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
        return nil
      }
      epoch = String(tag)
    }
    self.init(sequence: sequence, epoch: epoch)
  }

  /// The cursor as sent to clients.
  var text: String { "c" + String(sequence, radix: 36) + (epoch.map { "." + $0 } ?? "") }

  /// Whether the cursor may be from the log of `epoch`: a cursor without one may be.
  func isFrom(_ epoch: String) -> Bool { self.epoch == nil || self.epoch == epoch }

  static func < (lhs: ChangeCursor, rhs: ChangeCursor) -> Bool { lhs.sequence < rhs.sequence }
}
