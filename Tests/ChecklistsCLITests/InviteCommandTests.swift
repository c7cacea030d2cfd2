import Foundation
import Testing

@Suite("checklists share invite, invites and revoke-invite")
struct InviteCommandTests {
  @Test(
    "Alice makes a link to a shopping list, lists it and revokes it; 'share <list> <user>' still shares"
  )
  func inviteListRevoke() throws {
    var cli = CLI()
    cli.environment["CHECKLISTS_PUBLIC_URL"] = "https://lists.example.com"
    try cli.ok("user", "add", "alice", input: "wonderland-42\n")
    try cli.ok("user", "add", "bob", input: "builder-1234\n")
    let made = try cli.ok(
      "--user", "alice", "share", "invite", "Shopping List", "--shopping", "--role", "editor",
      "--uses", "3", "--expires", "30d")
    #expect(made.hasPrefix("Invite link to 'Shopping List' as editor, for 3 people."))
    let link = try #require(
      made.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .first { $0.hasPrefix("https://lists.example.com/invite/") })
    #expect(link.count == "https://lists.example.com/invite/".count + 43)

    let json = try cli.ok(
      "--user", "alice", "share", "invites", "Shopping List", "--shopping", "--json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let invites = try #require(object["invites"] as? [[String: Any]])
    #expect(invites.count == 1)
    #expect(invites.first?["role"] as? String == "editor")
    #expect(invites.first?["maxUses"] as? Int == 3)
    #expect(invites.first?["state"] as? String == "valid")
    #expect(!json.contains(String(link.suffix(43))), "the token is shown only once")
    let id = try #require(invites.first?["id"] as? String)

    let listed = try cli.ok("--user", "alice", "share", "invites", "Shopping List", "--shopping")
    #expect(listed.contains("\(id)  editor, 0 of 3 uses: This invitation works until"))
    // Bob's "Shopping List" is his own, without links; alice's link is not his to revoke.
    #expect(
      try cli.ok("--user", "bob", "share", "invites", "Shopping List", "--shopping")
        .hasPrefix("'Shopping List' has no invite links."))
    let revoke = try cli.run("--user", "bob", "share", "revoke-invite", id)
    #expect(revoke.code == 1)
    #expect(revoke.error.contains("There is no invitation with id"))

    #expect(
      try cli.ok("--user", "alice", "share", "revoke-invite", id)
        == "Revoked the invite link to 'Shopping List'; it no longer works.\n")
    #expect(
      try cli.ok("--user", "alice", "share", "invites", "Shopping List", "--shopping")
        .hasPrefix("'Shopping List' has no invite links."))

    // Sharing by name still reads as before.
    #expect(
      try cli.ok("--user", "alice", "share", "Shopping List", "bob", "--shopping")
        == "Shared 'Shopping List' with 'bob' as checker.\n")
    let bad = try cli.run(
      "--user", "alice", "share", "invite", "Shopping List", "--shopping", "--uses", "0")
    #expect(bad.code == 1)
    #expect(bad.error.contains("1 to 100 times"))
    let usage = try cli.run("--user", "alice", "share", "invite", "Shopping List", "--uses", "lots")
    #expect(usage.code == 64)
  }
}
