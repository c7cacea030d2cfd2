import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore
import Foundation
import HTTPServer

/// `/api/v1/shares`: sharing the user's lists (checklists and shopping lists) with other users,
/// and the lists others share with them.
extension ChecklistsAPI {
  /// Someone a list is shared with.
  struct MemberJSON: Encodable {
    var user: String
    var role: String
  }

  /// A list shared with the user.
  struct SharedListJSON: Encodable {
    var id: UUID
    /// "checklist" or "shoppingList".
    var kind: String
    var name: String
    var owner: String
    var role: String
  }

  /// GET: the lists others share with the user.
  func sharedWithMe() throws -> HTTPResponse {
    let lists = try sharing.sharedWithMe().map {
      SharedListJSON(
        id: $0.share.collectionID, kind: $0.share.scope.rawValue, name: $0.name,
        owner: $0.ownerName, role: $0.share.role.rawValue)
    }
    return try .json(["lists": lists])
  }

  /// GET: who one of the user's lists is shared with.
  func members(_ segment: String) throws -> HTTPResponse {
    let members = try sharing.members(ofList: try id(segment, "list"))
    return try .json([
      "members": members.map { MemberJSON(user: $0.userName, role: $0.role.rawValue) }
    ])
  }

  /// PUT: shares one of the user's lists with a user, or changes their role.
  func share(_ request: HTTPRequest, _ segment: String, _ user: String) throws -> HTTPResponse {
    let listID = try id(segment, "list")
    let body = try RequestBody(request, schema: RequestSchemas.share)
    let role = try ShareRole.named(try body.requiredString("role"))
    let share = try sharing.share(listID: listID, with: user, role: role)
    didWrite()
    return try .json(MemberJSON(user: user.lowercased(), role: share.role.rawValue))
  }

  /// DELETE: stops sharing one of the user's lists with a user.
  func unshare(_ segment: String, _ user: String) throws -> HTTPResponse {
    try sharing.unshare(listID: try id(segment, "list"), with: user)
    didWrite()
    return HTTPResponse(status: 204)
  }

  /// DELETE: leaves a list someone shared with the user.
  func leave(_ segment: String) throws -> HTTPResponse {
    try sharing.leave(listID: try id(segment, "list"))
    didWrite()
    return HTTPResponse(status: 204)
  }
}
