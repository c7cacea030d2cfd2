import ChecklistsCore
import Foundation
import HTTPServer
import Testing

@testable import ChecklistsServer

/// The server's own words, now from the catalogue (`server.*`), read as they were before.
@Suite("Server words: pages, problems and pushes from the catalogue, unchanged")
struct ServerWordsTests {
  @Test("The sign-in page says what it said, in its markup")
  func signInPage() {
    let html = LoginPage.html
    for fragment in [
      "<title>Sign in · Checklists</title>",
      #"<p class="lead">Sign in to see your lists.</p>"#,
      #"<label for="user">User name</label>"#,
      #"<label for="password">Password</label>"#,
      #"<button type="submit">Sign in</button>"#,
    ] {
      #expect(html.contains(fragment), "\(fragment)")
    }
    #expect(
      LoginPage.script.contains(
        #"message.textContent = "The server cannot be reached. Check the connection and try again.";"#
      ))
    #expect(LoginPage.script.contains(#""Signing in failed ({status}).".replace("{status}""#))
  }

  @Test("The sign-out page says what it said, in its markup")
  func signOutPage() {
    let html = LoginPage.signOutHTML
    for fragment in [
      "<title>Sign out · Checklists</title>",
      #"<p class="lead" id="who">Checking who is signed in…</p>"#,
      #"<button type="submit">Sign out</button>"#,
      #"<p class="back"><a href="/">Back to my lists</a></p>"#,
    ] {
      #expect(html.contains(fragment), "\(fragment)")
    }
    #expect(
      LoginPage.signOutScript.contains(#""This server has no accounts, so nobody is signed in.""#))
    #expect(LoginPage.signOutScript.contains(#""Signed in as {user}.".replace("{user}""#))
  }

  @Test("Page text is escaped for HTML")
  func escaping() {
    #expect(
      LoginPage.escapedHTML(#"<b>"Tom & Jerry"</b>"#)
        == "&lt;b&gt;&quot;Tom &amp; Jerry&quot;&lt;/b&gt;")
  }

  @Test("A problem's title is the status's reason phrase; an unlisted status is 'Error'")
  func problemTitles() {
    #expect(HTTPResponse.reasonPhrase(404) == "Not Found")
    #expect(HTTPResponse.reasonPhrase(422) == "Unprocessable Content")
    #expect(HTTPResponse.reasonPhrase(418) == "Error")
  }

  @Test("The sign-in throttle counts seconds with the plural's forms")
  func throttlePlural() {
    #expect(
      Authenticator.throttled("sign-in", wait: 1).detail
        == "Too many sign-in attempts; try again in 1 second.")
    #expect(
      Authenticator.throttled("sign-in", wait: 2.5).detail
        == "Too many sign-in attempts; try again in 3 seconds.")
  }

  @Test("A reminder push's body is the list's name and the due time")
  func reminderBody() throws {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let list = Checklist(ownerID: UUID(), name: "Garden", icon: .noIcon, createdAt: now)
    var item = ChecklistItem(checklistID: list.id, text: "Water the plants", createdAt: now)
    item.dueDate = now
    let json = try #require(
      JSONSerialization.jsonObject(with: Data(ReminderPusher.payload(item, in: list)))
        as? [String: Any])
    let body = try #require(json["body"] as? String)
    #expect(body.hasPrefix("Garden · "))
    #expect(body.count > "Garden · ".count)
    item.dueDate = nil
    let undated = try #require(
      JSONSerialization.jsonObject(with: Data(ReminderPusher.payload(item, in: list)))
        as? [String: Any])
    #expect(undated["body"] as? String == "Garden")
  }
}
