import ChecklistsCore
import ChecklistsSecurity
import ChecklistsStore
import Foundation
import Testing

@testable import ChecklistsServer

extension Household {
  /// Signs in through the API as a browser would, with any account's password.
  func signIn(_ name: String, password: String) async throws -> Browser {
    let response = try await server.request(
      "POST", "/api/v1/session", json: ["user": name, "password": password],
      headers: ["Origin": origin])
    #expect(response.status == 200, "\(response.text)")
    return try Self.browser(response, origin: origin)
  }

  /// The browser a response that signed someone in left: its cookie and anti-CSRF token.
  static func browser(_ response: TestServer.Response, origin: String) throws -> Browser {
    let setCookie = try #require(response.header("Set-Cookie"))
    let pair = try #require(setCookie.split(separator: ";").first)
    let csrf = try #require(try response.json()["csrfToken"] as? String)
    return Browser(cookie: String(pair), csrfToken: csrf, origin: origin)
  }

  /// Alice's shopping list with bread on it, and a one-use (or `maxUses`) link to it at `role`.
  func invitedShoppingList(
    role: String = "checker", maxUses: Int? = 1, as alice: Browser
  ) async throws -> (list: ShoppingList, bread: ShoppingItem, token: String, id: String) {
    let shopping = try shopping("alice")
    let list = try shopping.createList(named: "Groceries")
    let bread = try shopping.addItem(named: "Sourdough loaf")
    try shopping.put(itemID: bread.id, onList: list.id)
    var body: [String: Any] = ["role": role]
    if let maxUses { body["maxUses"] = maxUses }
    let made = try await server.request(
      "POST", "/api/v1/shopping-lists/\(list.id.uuidString)/invites", json: body,
      headers: alice.writeHeaders)
    #expect(made.status == 201, "\(made.text)")
    let url = try #require(try made.json()["url"] as? String)
    let invite = try #require(try made.json()["invite"] as? [String: Any])
    let token = try #require(url.components(separatedBy: "/invite/").last)
    return (list, bread, token, try #require(invite["id"] as? String))
  }
}

@Suite("Invite links through the API")
struct InviteAPITests {
  @Test(
    "A new person opens a one-use checker link, signs up through it and shops the list as checker; a second use says used"
  )
  func signUpThroughALink() async throws {
    let home = try await Household()
    let alice = try await home.signIn("alice")
    let (list, bread, token, _) = try await home.invitedShoppingList(as: alice)
    #expect(token.count == 43)

    // Anyone holding the link, without a session, sees what it is for.
    let info = try await home.server.get("/api/v1/invitations/\(token)")
    #expect(info.status == 200, "\(info.text)")
    let json = try info.json()
    #expect(json["state"] as? String == "valid")
    #expect(json["owner"] as? String == "alice")
    #expect(json["role"] as? String == "checker")
    #expect(json["signUp"] as? Bool == true)
    #expect(json["list"] as? [String: String] == ["kind": "shoppingList", "name": "Groceries"])
    #expect((json["message"] as? String)?.hasPrefix("This invitation works until ") == true)

    // The page of the link needs no session either.
    let page = try await home.server.get("/invite/\(token)")
    #expect(page.status != 303, "an invite's page must not send people to /login first")
    if WebAssets.all[InvitePage.assetPath] != nil {
      #expect(page.status == 200)
      #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
    } else {
      #expect(page.status == 404 && page.text.contains("invitation page"))
    }
    #expect(page.header("Content-Security-Policy")?.contains("script-src 'self'") == true)

    let signUp = try await home.server.request(
      "POST", "/api/v1/invitations/\(token)/sign-up",
      json: ["username": "Carol", "password": "carol-singer"], headers: ["Origin": home.origin])
    #expect(signUp.status == 201, "\(signUp.text)")
    #expect(try signUp.json()["user"] as? String == "carol")
    #expect(try signUp.json()["role"] as? String == "checker")
    let joined = try #require(try signUp.json()["list"] as? [String: String])
    #expect(joined == ["kind": "shoppingList", "id": list.id.uuidString, "name": "Groceries"])
    let cookie = try #require(signUp.header("Set-Cookie"))
    #expect(cookie.hasPrefix("\(Authenticator.cookieName)="))
    #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))
    let carol = try Household.browser(signUp, origin: home.origin)

    // Carol is signed in and sees the list, shared by alice, as checker.
    let session = try await home.server.get("/api/v1/session", headers: carol.readHeaders)
    #expect(try session.json()["user"] as? String == "carol")
    let lists = try await home.server.get("/api/v1/shopping-lists", headers: carol.readHeaders)
    let shared = (try lists.json()["lists"] as? [[String: Any]])?.first {
      $0["id"] as? String == list.id.uuidString
    }
    #expect(shared?["owner"] as? String == "alice")
    #expect(shared?["role"] as? String == "checker")
    let base = "/api/v1/shopping-lists/\(list.id.uuidString)"
    let check = try await home.server.request(
      "PATCH", "\(base)/entries/\(bread.id.uuidString)", json: ["inCart": true],
      headers: carol.writeHeaders)
    #expect(check.status == 200, "\(check.text)")
    let rename = try await home.server.request(
      "PATCH", base, json: ["name": "Carol's"], headers: carol.writeHeaders)
    #expect(rename.status == 403)
    // The owner sees who joined.
    let members = try await home.server.get(
      "/api/v1/shares/\(list.id.uuidString)", headers: alice.readHeaders)
    #expect(
      try members.json()["members"] as? [[String: String]] == [
        ["user": "carol", "role": "checker"]
      ])

    // A second person: the link is used.
    let again = try await home.server.request(
      "POST", "/api/v1/invitations/\(token)/sign-up",
      json: ["username": "dave", "password": "dave-the-rave"], headers: ["Origin": home.origin])
    #expect(again.status == 410, "\(again.text)")
    #expect(again.text.contains("This invitation has been used already."))
    #expect(try again.json()["state"] as? String == "usedUp")
    let noDave = try await home.server.request(
      "POST", "/api/v1/session", json: ["user": "dave", "password": "dave-the-rave"],
      headers: ["Origin": home.origin])
    #expect(noDave.status == 401, "no account was made for dave")
    let bob = try await home.signIn("bob")
    let late = try await home.server.request(
      "POST", "/api/v1/invitations/\(token)/accept", headers: bob.writeHeaders)
    #expect(late.status == 410)
    let used = try await home.server.get("/api/v1/invitations/\(token)")
    #expect(try used.json()["state"] as? String == "usedUp")
    // Carol again: a member already, 200 and nothing changes.
    let member = try await home.server.request(
      "POST", "/api/v1/invitations/\(token)/accept", headers: carol.writeHeaders)
    #expect(member.status == 200, "\(member.text)")
  }

  @Test("An expired link and a revoked one say so, and let nobody in")
  func expiredAndRevoked() async throws {
    let home = try await Household()
    let alice = try await home.signIn("alice")
    let bob = try await home.signIn("bob")
    let (list, _, token, inviteID) = try await home.invitedShoppingList(
      role: "editor", maxUses: nil, as: alice)

    // An invite that ran out yesterday, made through the store.
    let expired = SecretToken.generate()
    let now = home.server.clock.now()
    let owner = try home.accounts.existingUser("alice")
    try home.store.writeInvites { tx in
      try tx.insertInvite(
        Invite(
          collectionID: list.id, scope: .shoppingList, ownerID: owner.id, role: .viewer,
          tokenDigest: expired.sha256Digest, createdAt: now.addingTimeInterval(-8 * 86400),
          expiresAt: now.addingTimeInterval(-86400), maxUses: 1))
    }
    let info = try await home.server.get("/api/v1/invitations/\(expired.value)")
    #expect(info.status == 200)
    #expect(try info.json()["state"] as? String == "expired")
    #expect(
      (try info.json()["message"] as? String)?.hasPrefix("This invitation expired on ") == true)
    let late = try await home.server.request(
      "POST", "/api/v1/invitations/\(expired.value)/accept", headers: bob.writeHeaders)
    #expect(late.status == 410)
    #expect(try late.json()["state"] as? String == "expired")

    let listed = try await home.server.get(
      "/api/v1/shopping-lists/\(list.id.uuidString)/invites", headers: alice.readHeaders)
    let invites = try #require(try listed.json()["invites"] as? [[String: Any]])
    #expect(Set(invites.compactMap { $0["state"] as? String }) == ["valid", "expired"])
    #expect(invites.allSatisfy { $0["url"] == nil && $0["token"] == nil })

    let revoked = try await home.server.request(
      "DELETE", "/api/v1/invites/\(inviteID)", headers: alice.writeHeaders)
    #expect(revoked.status == 204)
    let gone = try await home.server.get("/api/v1/invitations/\(token)")
    #expect(try gone.json()["state"] as? String == "revoked")
    #expect((try gone.json()["message"] as? String)?.contains("withdrawn") == true)
    let refused = try await home.server.request(
      "POST", "/api/v1/invitations/\(token)/accept", headers: bob.writeHeaders)
    #expect(refused.status == 410)
    #expect(try refused.json()["state"] as? String == "revoked")
    let after = try await home.server.get(
      "/api/v1/shopping-lists/\(list.id.uuidString)/invites", headers: alice.readHeaders)
    #expect((try after.json()["invites"] as? [[String: Any]])?.count == 1)
    #expect(try home.sharing("alice").members(ofList: list.id).isEmpty)

    let unknown = try await home.server.get("/api/v1/invitations/\(SecretToken.generate().value)")
    #expect(unknown.status == 404)
    #expect(unknown.text.contains("not valid"))
  }

  @Test("Only the owner makes, lists and revokes a list's links, as with sharing")
  func ownerOnly() async throws {
    let home = try await Household()
    let alice = try await home.signIn("alice")
    let bob = try await home.signIn("bob")
    let (list, _, _, inviteID) = try await home.invitedShoppingList(as: alice)
    let path = "/api/v1/shopping-lists/\(list.id.uuidString)/invites"
    let stranger = try await home.server.request(
      "POST", path, json: ["role": "editor"], headers: bob.writeHeaders)
    #expect(stranger.status == 404)
    #expect(try await home.server.get(path, headers: bob.readHeaders).status == 404)
    try home.sharing("alice").share(listID: list.id, with: "bob", role: .editor)
    let editor = try await home.server.request(
      "POST", path, json: ["role": "editor"], headers: bob.writeHeaders)
    #expect(editor.status == 403, "\(editor.text)")
    #expect(try await home.server.get(path, headers: bob.readHeaders).status == 403)
    let revoke = try await home.server.request(
      "DELETE", "/api/v1/invites/\(inviteID)", headers: bob.writeHeaders)
    #expect(revoke.status == 404)
    // A shopping list is not a checklist.
    let wrongKind = try await home.server.request(
      "POST", "/api/v1/checklists/\(list.id.uuidString)/invites", json: ["role": "viewer"],
      headers: alice.writeHeaders)
    #expect(wrongKind.status == 404)
    // A checklist's link, with several uses and a longer expiry.
    let chores = try home.lists("alice").createList(named: "Chores")
    let made = try await home.server.request(
      "POST", "/api/v1/checklists/\(chores.id.uuidString)/invites",
      json: ["role": "viewer", "expiresInDays": 30, "maxUses": 5], headers: alice.writeHeaders)
    #expect(made.status == 201, "\(made.text)")
    let invite = try #require(try made.json()["invite"] as? [String: Any])
    #expect(invite["maxUses"] as? Int == 5)
    #expect(
      invite["list"] as? [String: String] == [
        "kind": "checklist", "id": chores.id.uuidString, "name": "Chores",
      ])
    let tooLong = try await home.server.request(
      "POST", "/api/v1/checklists/\(chores.id.uuidString)/invites",
      json: ["role": "viewer", "expiresInDays": 91], headers: alice.writeHeaders)
    #expect(tooLong.status == 422)
    #expect(tooLong.text.contains("1 to 90 days"))
  }

  @Test("With --sign-up off, a link still reads and joins signed-in users, but makes no account")
  func signUpOff() async throws {
    let home = try await Household(signUp: .off)
    let alice = try await home.signIn("alice")
    let (_, _, token, _) = try await home.invitedShoppingList(maxUses: 2, as: alice)
    let info = try await home.server.get("/api/v1/invitations/\(token)")
    #expect(try info.json()["signUp"] as? Bool == false)
    let refused = try await home.server.request(
      "POST", "/api/v1/invitations/\(token)/sign-up",
      json: ["username": "carol", "password": "carol-singer"], headers: ["Origin": home.origin])
    #expect(refused.status == 403, "\(refused.text)")
    #expect(try home.accounts.users().map(\.name) == ["alice", "bob"])
    let bob = try await home.signIn("bob")
    let joined = try await home.server.request(
      "POST", "/api/v1/invitations/\(token)/accept", headers: bob.writeHeaders)
    #expect(joined.status == 200, "\(joined.text)")
  }

  @Test("Two people racing for a one-use link: one joins, the other is told it is used")
  func racingAccepts() async throws {
    let home = try await Household()
    let alice = try await home.signIn("alice")
    let (list, _, token, _) = try await home.invitedShoppingList(as: alice)
    var people: [Household.Browser] = [try await home.signIn("bob")]
    for name in ["carol", "dave", "erin"] {
      try home.accounts.addUser(named: name, password: "\(name)-password")
      people.append(try await home.signIn(name, password: "\(name)-password"))
    }
    let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
      for person in people {
        group.addTask {
          try await home.server.request(
            "POST", "/api/v1/invitations/\(token)/accept", headers: person.writeHeaders
          ).status
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(statuses.sorted() == [200, 410, 410, 410])
    #expect(try home.sharing("alice").members(ofList: list.id).count == 1)
    let info = try await home.server.get("/api/v1/invitations/\(token)")
    #expect(try info.json()["state"] as? String == "usedUp")
  }

  @Test("Two sign-ups racing for a one-use link make one account")
  func racingSignUps() async throws {
    let home = try await Household()
    let alice = try await home.signIn("alice")
    let (_, _, token, _) = try await home.invitedShoppingList(as: alice)
    let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
      for name in ["carol", "dave"] {
        group.addTask {
          try await home.server.request(
            "POST", "/api/v1/invitations/\(token)/sign-up",
            json: ["username": name, "password": "\(name)-password"],
            headers: ["Origin": home.origin]
          ).status
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(statuses.sorted() == [201, 410])
    #expect(try home.accounts.users().count == 3)
  }

  @Test("Accepting needs the session's anti-CSRF token; signing up refuses another site's page")
  func crossSite() async throws {
    let home = try await Household()
    let alice = try await home.signIn("alice")
    let bob = try await home.signIn("bob")
    let (_, _, token, _) = try await home.invitedShoppingList(as: alice)
    let noToken = try await home.server.request(
      "POST", "/api/v1/invitations/\(token)/accept",
      headers: ["Cookie": bob.cookie, "Origin": home.origin])
    #expect(noToken.status == 403)
    let foreign = try await home.server.request(
      "POST", "/api/v1/invitations/\(token)/sign-up",
      json: ["username": "carol", "password": "carol-singer"],
      headers: ["Origin": "https://evil.example"])
    #expect(foreign.status == 403)
    let signedOut = try await home.server.request(
      "POST", "/api/v1/invitations/\(token)/accept", headers: ["Origin": home.origin])
    #expect(signedOut.status == 401)
    #expect(try home.accounts.users().count == 2)
    #expect(
      try home.sharing("alice").members(ofList: home.shopping("alice").findList("Groceries").id)
        .isEmpty)
  }

  @Test("Signing up through links that do not work is throttled as signing in is")
  func throttled() async throws {
    let home = try await Household()
    var statuses: [Int] = []
    for _ in 0..<7 {
      let response = try await home.server.request(
        "POST", "/api/v1/invitations/\(SecretToken.generate().value)/sign-up",
        json: ["username": "mallory", "password": "guess-guess"], headers: ["Origin": home.origin])
      statuses.append(response.status)
      if response.status == 429 {
        #expect(response.header("Retry-After") != nil)
      }
    }
    #expect(statuses.prefix(5).allSatisfy { $0 == 404 }, "\(statuses)")
    #expect(statuses.last == 429, "\(statuses)")
  }

  @Test("The access log leaves invite tokens out")
  func redactedLog() {
    #expect(InvitePage.redacted("/invite/abc_DEF") == "/invite/…")
    #expect(
      InvitePage.redacted("/api/v1/invitations/abc-DEF/accept") == "/api/v1/invitations/…/accept")
    #expect(InvitePage.redacted("/api/v1/invitations/abc?x=1") == "/api/v1/invitations/…?x=1")
    #expect(InvitePage.redacted("/api/v1/invites/123") == "/api/v1/invites/123")
  }
}
