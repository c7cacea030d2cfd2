import ChecklistsCore
import Foundation

/// Where invite links are kept, with the same all-or-nothing transactions as
/// ``ChecklistStore``: accepting an invite (or signing up through one) adds the account, the
/// session, the share and the use in one transaction. The rules live once, in
/// ``InviteService``.
public protocol InviteStore: Sendable {
  /// Runs `body` against a consistent snapshot.
  /// - Throws: What `body` throws, or ``ChecklistsCore/ChecklistsError`` with code `storage`.
  func readInvites<T: Sendable>(_ body: (any InviteStoreReader) throws -> T) throws -> T
  /// Runs `body` as one transaction.
  /// - Throws: What `body` throws, or ``ChecklistsCore/ChecklistsError`` with code `storage`.
  func writeInvites<T: Sendable>(_ body: (any InviteStoreWriter) throws -> T) throws -> T
}

/// The reading primitives of invites, and what an invite names.
public protocol InviteStoreReader: SharingStoreReader {
  /// The invite with this id, whoever's.
  func invite(id: UUID) throws -> Invite?
  /// The invite whose token has this digest.
  func invite(tokenDigest: String) throws -> Invite?
  /// A list's invites, oldest first, revoked ones too.
  func invites(collectionID: UUID) throws -> [Invite]
  /// The checklist with this id.
  func checklist(id: UUID) throws -> Checklist?
  /// The shopping list with this id.
  func shoppingList(id: UUID) throws -> ShoppingList?
  /// The user with this name, if any.
  func user(named name: String) throws -> User?
}

/// The writing primitives of invites, valid only inside ``InviteStore/writeInvites(_:)``:
/// the invites themselves, and the sharing and account primitives that accepting one uses.
public protocol InviteStoreWriter: InviteStoreReader, SharingStoreWriter, AccountStoreWriter {
  /// Adds an invite.
  func insertInvite(_ invite: Invite) throws
  /// Gives an invite a new token (its digest).
  func setInviteToken(id: UUID, tokenDigest: String) throws
  /// Marks an invite revoked.
  func revokeInvite(id: UUID, at date: Date) throws
  /// Counts one use of an invite, but only if it still works at `date` (not revoked, not
  /// expired, not used up), in one statement, so that two people racing for the last use
  /// cannot both have it.
  /// - Returns: Whether the use was counted.
  func countInviteUse(id: UUID, at date: Date) throws -> Bool
}
