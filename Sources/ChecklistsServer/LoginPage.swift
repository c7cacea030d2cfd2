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

  /// A page of its own: the head both pages share, a script, and the body's main.
  private static func page(title: String, script: String, main: String) -> String {
    """
    <!doctype html>
    <html lang="en">
    <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="color-scheme" content="light dark">
      <title>\(title) · Checklists</title>
      <link rel="icon" href="/app-icon.svg" type="image/svg+xml">
      <link rel="stylesheet" href="/login.css">
      <script src="\(script)" defer></script>
    </head>
    <body>
      <main>
        <h1>Checklists</h1>
    \(main)
      </main>
    </body>
    </html>

    """
  }

  static let html = page(
    title: "Sign in", script: "/login.js",
    main: """
        <form id="sign-in" novalidate>
          <label for="user">User name</label>
          <input id="user" name="user" autocomplete="username" autocapitalize="none"
                 spellcheck="false" required autofocus>
          <label for="password">Password</label>
          <input id="password" name="password" type="password" autocomplete="current-password"
                 required>
          <p id="message" role="alert" aria-live="assertive"></p>
          <button type="submit">Sign in</button>
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
        message.textContent = problem.detail || "Signing in failed (" + response.status + ").";
        form.password.select();
      } catch (error) {
        message.textContent = "The server cannot be reached. Check the connection and try again.";
      } finally {
        button.disabled = false;
      }
    });

    // Signed in already (another tab): go straight on.
    fetch("/api/v1/session", { credentials: "same-origin" }).then((response) => {
      if (response.ok) location.replace(nextPage());
    });

    """

  static let signOutHTML = page(
    title: "Sign out", script: "/logout.js",
    main: """
        <p id="who">Checking who is signed in…</p>
        <form id="sign-out">
          <button type="submit">Sign out</button>
        </form>
        <p><a href="/">Back to my lists</a></p>
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
        who.textContent = "This server has no accounts, so nobody is signed in.";
        document.getElementById("sign-out").hidden = true;
        return;
      }
      who.textContent = "Signed in as " + session.user + ".";
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
      message.textContent = problem.detail || "Signing out failed (" + response.status + ").";
    });

    """

  static let style = """
    :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
    body { margin: 0; min-height: 100vh; display: grid; place-items: center;
           background: Canvas; color: CanvasText; }
    main { width: min(22rem, calc(100vw - 2rem)); }
    h1 { font-size: 1.6rem; margin: 0 0 1.5rem; }
    form { display: grid; gap: 0.5rem; }
    label { font-weight: 600; margin-top: 0.5rem; }
    input { font: inherit; padding: 0.7rem; border-radius: 0.5rem;
            border: 1px solid color-mix(in srgb, CanvasText 30%, transparent); }
    button { font: inherit; font-weight: 600; margin-top: 1rem; padding: 0.8rem;
             border: 0; border-radius: 0.5rem; background: #0a7cff; color: white; }
    button:disabled { opacity: 0.6; }
    #message { color: #d70015; min-height: 1.4em; margin: 0.5rem 0 0; }
    @media (prefers-color-scheme: dark) { #message { color: #ff6961; } }

    """
}
