import ChecklistsMessages
import Foundation
import HTTPServer

/// The sign-in page, `/login`: a form that posts to `/api/v1/session` and goes on to the page
/// the person asked for; and the sign-out page, `/logout`. Served without a session; their
/// scripts are files, as the CSP demands.
enum LoginPage {
  /// Answers `/login`, `/logout` and their script and style; nil for other paths.
  static func response(for request: HTTPRequest) -> HTTPResponse? {
    switch request.path {
    case "/login": return file(html, type: "text/html; charset=utf-8")
    case "/login.js": return file(script, type: "text/javascript; charset=utf-8")
    case "/logout": return file(signOutHTML, type: "text/html; charset=utf-8")
    case "/logout.js": return file(signOutScript, type: "text/javascript; charset=utf-8")
    case "/login.css": return file(style, type: "text/css; charset=utf-8")
    default: return nil
    }
  }

  private static func file(_ text: String, type: String) -> HTTPResponse {
    HTTPResponse(
      status: 200, headers: ["Content-Type": type, "Cache-Control": "no-cache"], text: text)
  }

  /// A catalogue text (`server.login.*`, `server.logout.*`) for the page, HTML-escaped.
  private static func words(_ key: String, _ arguments: [String: String] = [:]) -> String {
    escapedHTML(MessageCatalogue.english.text(key, arguments))
  }

  /// Text with the characters HTML gives a meaning escaped.
  static func escapedHTML(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(character)
      }
    }
    return out
  }

  /// A catalogue text as a JavaScript string literal (JSON), for the pages' scripts. Its
  /// `{status}` or `{user}` is filled in by the script.
  private static func script(_ key: String) -> String {
    let text = MessageCatalogue.english.messages[key].map { $0.forms[0] } ?? key
    let encoder = JSONEncoder()
    encoder.outputFormatting = .withoutEscapingSlashes
    let data = try? encoder.encode(text)
    return data.flatMap { String(data: $0, encoding: .utf8) } ?? "\"\""
  }

  /// A page of its own: the head and brand both pages share, then `main`'s content; `title` is
  /// text (escaped here), `lead` and `main` are HTML.
  private static func page(title: String, script: String, lead: String, main: String)
    -> String
  {
    """
    <!doctype html>
    <html lang="en">
    <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="color-scheme" content="light dark">
      <title>\(words("server.login.pageTitle", ["title": title]))</title>
      <link rel="icon" href="/app-icon.svg" type="image/svg+xml">
      <link rel="stylesheet" href="/login.css">
      <script src="\(script)" defer></script>
    </head>
    <body>
      <main>
        <header class="brand">
          <img src="/app-icon.svg" alt="" width="64" height="64">
          <h1>Checklists</h1>
          \(lead)
        </header>
    \(main)
      </main>
    </body>
    </html>

    """
  }

  static let html = page(
    title: MessageCatalogue.english.text("server.login.title"), script: "/login.js",
    lead: #"<p class="lead">"# + words("server.login.lead") + "</p>",
    main: """
          <form id="sign-in" novalidate>
            <label for="user">\(words("server.login.userName"))</label>
            <input id="user" name="user" autocomplete="username" autocapitalize="none"
                   spellcheck="false" required autofocus>
            <label for="password">\(words("server.login.password"))</label>
            <input id="password" name="password" type="password" autocomplete="current-password"
                   required>
            <p id="message" role="alert" aria-live="assertive"></p>
            <button type="submit">\(words("server.login.signIn"))</button>
          </form>
      """)

  static let script = """
    "use strict";
    // Signs in through the API, then goes on to the page that sent the person here.
    const form = document.getElementById("sign-in");
    const message = document.getElementById("message");

    function nextPage() {
      const next = new URLSearchParams(location.search).get("next") || "/";
      // Only paths on this site: never an open redirect.
      return next.startsWith("/") && !next.startsWith("//") ? next : "/";
    }

    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      message.textContent = "";
      form.password.removeAttribute("aria-invalid");
      const button = form.querySelector("button");
      button.disabled = true;
      try {
        const response = await fetch("/api/v1/session", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ user: form.user.value, password: form.password.value }),
          credentials: "same-origin",
        });
        if (response.ok) {
          location.replace(nextPage());
          return;
        }
        const problem = await response.json().catch(() => ({}));
        message.textContent =
          problem.detail || \(script("server.login.failed")).replace("{status}", () => response.status);
        form.password.setAttribute("aria-invalid", "true");
        form.password.setAttribute("aria-describedby", "message");
        form.password.select();
      } catch (error) {
        message.textContent = \(script("server.login.unreachable"));
      } finally {
        button.disabled = false;
      }
    });

    // Signed in meanwhile in another tab: go straight on when this one is looked at again.
    // (Not at load: asking then would answer 401 to every signed-out visit.)
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState !== "visible") return;
      fetch("/api/v1/session", { credentials: "same-origin" }).then((response) => {
        if (response.ok) location.replace(nextPage());
      }, () => undefined);
    });

    """

  static let signOutHTML = page(
    title: MessageCatalogue.english.text("server.logout.title"), script: "/logout.js",
    lead: #"<p class="lead" id="who">"# + words("server.logout.checking") + "</p>",
    main: """
          <form id="sign-out">
            <button type="submit">\(words("server.logout.signOut"))</button>
          </form>
          <p class="back"><a href="/">\(words("server.logout.back"))</a></p>
          <p id="message" role="alert" aria-live="assertive"></p>
      """)

  static let signOutScript = """
    "use strict";
    // Signs out through the API (a change: it sends the session's anti-CSRF token).
    const who = document.getElementById("who");
    const message = document.getElementById("message");
    let csrfToken = "";

    fetch("/api/v1/session", { credentials: "same-origin" }).then(async (response) => {
      if (!response.ok) { location.replace("/login"); return; }
      const session = await response.json();
      if (session.mode === "single-user") {
        who.textContent = \(script("server.logout.noAccounts"));
        document.getElementById("sign-out").hidden = true;
        return;
      }
      who.textContent = \(script("server.logout.signedInAs")).replace("{user}", () => session.user);
      csrfToken = session.csrfToken || "";
    });

    document.getElementById("sign-out").addEventListener("submit", async (event) => {
      event.preventDefault();
      const response = await fetch("/api/v1/session", {
        method: "DELETE",
        headers: { "X-CSRF-Token": csrfToken },
        credentials: "same-origin",
      });
      if (response.ok) { location.replace("/login"); return; }
      const problem = await response.json().catch(() => ({}));
      message.textContent =
        problem.detail || \(script("server.logout.failed")).replace("{status}", () => response.status);
    });

    """

  static let style = """
    :root {
      color-scheme: light dark;
      --bg: #f2f2f7; --field: #ffffff; --text: #000000; --secondary: #6c6c70;
      --separator: #c6c6c8; --tint: #0a64d6; --on-tint: #ffffff; --danger: #d70015;
      font-family: -apple-system, BlinkMacSystemFont, system-ui, "Segoe UI", Roboto,
        "Helvetica Neue", Arial, "Noto Sans", sans-serif;
    }
    @media (prefers-color-scheme: dark) {
      :root { --bg: #000000; --field: #1c1c1e; --text: #ffffff; --secondary: #98989f;
              --separator: #38383a; --tint: #3b9bff; --on-tint: #000000; --danger: #ff6961; }
    }
    body { margin: 0; min-height: 100vh; display: grid; place-items: center;
           background: var(--bg); color: var(--text); font-size: 17px; line-height: 1.3; }
    main { width: min(22rem, calc(100vw - 2rem)); padding: 2rem 0; }
    .brand { display: flex; flex-direction: column; align-items: center; gap: 0.5rem;
             margin: 0 0 1.75rem; text-align: center; }
    .brand img { width: 64px; height: 64px; border-radius: 14px; }
    h1 { font-size: 1.6rem; margin: 0.25rem 0 0; }
    .lead { margin: 0; color: var(--secondary); font-size: 15px; }
    form { display: grid; gap: 0.4rem; }
    label { font-size: 15px; font-weight: 600; margin-top: 0.6rem; }
    input { font: inherit; padding: 0.75rem 0.9rem; border-radius: 10px; color: var(--text);
            border: 1px solid var(--separator); background: var(--field); }
    input[aria-invalid="true"] { border-color: var(--danger); }
    button { font: inherit; font-weight: 600; margin-top: 1rem; min-height: 48px; padding: 0 1rem;
             border: 0; border-radius: 10px; background: var(--tint); color: var(--on-tint);
             cursor: pointer; }
    button:disabled { opacity: 0.6; cursor: default; }
    :focus-visible { outline: 3px solid var(--tint); outline-offset: 2px; }
    a { color: var(--tint); }
    .back { text-align: center; margin: 1.25rem 0 0; }
    #message { color: var(--danger); min-height: 1.4em; margin: 0.4rem 0 0; font-size: 15px; }

    """
}
