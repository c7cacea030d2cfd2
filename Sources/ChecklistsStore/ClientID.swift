import ChecklistsCore
import ChecklistsMessages
import Foundation

/// The rules for ids that clients choose, applied once for every kind of resource.
///
/// A create that names an id is safe to send twice: the second finds the first's resource and
/// answers it, or is refused with a message that names the problem.
enum ClientID {
  /// Whether `id` is free for a new resource of `kind`, or already names the same resource.
  /// - Parameters:
  ///   - id: The id the client chose.
  ///   - kind: What the create makes.
  ///   - ownerID: Whose it would be.
  ///   - listID: For an item, the list it goes on (which the user may edit): an item there with
  ///     this id is the same item, whoever made it.
  /// - Returns: True when a live resource of this kind and owner (or list) holds the id: the
  ///   caller compares its content; false when the id is free.
  /// - Throws: `conflict` when the id was used by something that was deleted, or is taken by
  ///   another kind of resource or by someone else (whose resource is never described).
  static func isReplay(
    _ id: UUID, of kind: IDClaim.Kind, ownerID: UUID, listID: UUID? = nil,
    in tx: any IDClaimReader
  ) throws -> Bool {
    guard let claim = try tx.claim(onID: id) else { return false }
    let isSame =
      claim.kind == kind && (kind == .item ? claim.listID == listID : claim.ownerID == ownerID)
    guard isSame else {
      throw ChecklistsError(
        .conflict, MessageText("errors.id.taken", ["id": id.uuidString]))
    }
    if claim.isDeleted {
      throw ChecklistsError(
        .conflict,
        MessageText("errors.id.deleted", ["what": name(of: kind), "id": id.uuidString]))
    }
    return true
  }

  /// One field whose stored value differs from what a create sent.
  struct Difference {
    var field: String
    var stored: String
    var sent: String
  }

  /// The differences between a stored resource and a create, as `(field, stored, sent)` for
  /// each field the create sets.
  static func differences(_ fields: [(String, String, String)]) -> [Difference] {
    fields.filter { $0.1 != $0.2 }.map { Difference(field: $0.0, stored: $0.1, sent: $0.2) }
  }

  /// Checks that a create replayed with an existing id sets what the resource holds.
  /// - Throws: `conflict` naming the id and every field that differs.
  static func checkSameContent(
    _ id: UUID, of kind: IDClaim.Kind, _ fields: [(String, String, String)]
  ) throws {
    let differences = differences(fields)
    guard !differences.isEmpty else { return }
    let list = differences.map {
      MessageCatalogue.english.text(
        "errors.id.difference", ["field": $0.field, "stored": $0.stored, "sent": $0.sent])
    }
    let name = name(of: kind)
    let article = "aeiou".contains(name.first ?? "x") ? "An" : "A"
    throw ChecklistsError(
      .conflict,
      MessageText(
        "errors.id.otherContent",
        [
          "article": article, "what": name, "id": id.uuidString,
          "differences": list.joined(separator: ", "),
        ]))
  }

  /// A value as a message shows it: text in quotes, nothing as `null`.
  static func shown(_ value: String?) -> String {
    value.map { "\"\($0)\"" } ?? "null"
  }

  static func name(of kind: IDClaim.Kind) -> String {
    switch kind {
    case .checklist: "list"
    case .item: "item"
    case .catalogueItem: "catalogue item"
    case .shoppingList: "shopping list"
    case .shop: "shop"
    }
  }
}

extension ChecklistsError {
  /// The answer to deleting what is not there, whether it never existed, was already deleted,
  /// or is someone else's (which must read the same): a replayed delete takes it as done.
  /// - Parameters:
  ///   - what: What was to be deleted ("list", "catalogue item").
  ///   - id: Its id.
  /// - Returns: A `notFound` error saying it does not exist or was already deleted.
  public static func alreadyDeleted(_ what: String, id: UUID) -> ChecklistsError {
    ChecklistsError(
      .notFound,
      MessageText("errors.id.alreadyDeleted", ["what": what, "id": id.uuidString]))
  }

  /// Runs a delete, turning its `notFound` into ``alreadyDeleted(_:id:)``.
  /// - Parameters:
  ///   - what: What is deleted ("list", "catalogue item"), for the message.
  ///   - id: Its id.
  ///   - body: The delete.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws, with `notFound` reworded.
  public static func deleting<T>(_ what: String, id: UUID, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as ChecklistsError where error.code == .notFound {
      throw alreadyDeleted(what, id: id)
    }
  }
}
