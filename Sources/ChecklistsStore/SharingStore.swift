import ChecklistsCore
import Foundation

/// Reading who a list is shared with: part of every reader, so each service checks access in
/// the same transaction as the change it makes.
public protocol SharingStoreReader {
  /// The share of a list with a user, if any.
  func share(collectionID: UUID, userID: UUID) throws -> Share?
  /// Everyone a list is shared with.
  func shares(collectionID: UUID) throws -> [Share]
  /// Every list shared with a user.
  func shares(userID: UUID) throws -> [Share]
  /// The user with this id, for the names of those who share.
  func user(id: UUID) throws -> User?
}
