import ChecklistsCore
import Foundation

/// A repeating item's history as JSON: `GET /api/v1/items/{id}/history` and
/// `checklists history --json`.
public struct ItemHistoryJSON: Codable, Sendable, Equatable {
  /// One completion.
  public struct Completion: Codable, Sendable, Equatable {
    public var completedAt: String
    public var dueDate: String?
    /// Who checked it off, when known.
    public var by: String?

    enum CodingKeys: String, CodingKey { case completedAt, dueDate, by }

    /// Writes every key, `null` for a missing due date or name.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(completedAt, forKey: .completedAt)
      try container.encode(dueDate, forKey: .dueDate)
      try container.encode(by, forKey: .by)
    }
  }

  /// The completions, newest first.
  public var completions: [Completion]

  /// The JSON form of a history.
  public init(_ entries: [ItemHistoryEntry]) {
    completions = entries.map {
      Completion(
        completedAt: ISOTimestamp.milliseconds($0.completedAt),
        dueDate: $0.dueDate.map(ISOTimestamp.milliseconds), by: $0.userName)
    }
  }

  /// `ItemHistory`, written inline in the route table.
  public static let schema = JSONSchema.object(
    properties: [
      "completions": .array(
        of: .object(
          properties: [
            "completedAt": .ref("Timestamp"),
            "dueDate": JSONSchema.ref("Timestamp").orNull,
            "by": JSONSchema.string(description: "The user's name").orNull,
          ], required: ["completedAt", "dueDate", "by"]))
    ], required: ["completions"])
}
