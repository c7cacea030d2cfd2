// The invitation page, /invite/{token} (served without a session): says who invites the person
// to which list with which role (GET /api/v1/invitations/{token}); signed in, Join accepts it
// (POST …/accept); signed out, Sign In comes back here, and Create Account makes an account with
// the invitation (POST …/sign-up: the account, the session and the membership at once). Either
// way the person lands in the list. An expired, used up or revoked link says so, with no form.
// A page of its own, like /login: it loads none of the app, and writes only textContent.

const API = "/api/v1";
const $ = (id) => document.getElementById(id);
const main = document.querySelector("main");
const message = $("message");

const token = decodeURIComponent(location.pathname.replace(/^\/invite\/?/, "").split("/")[0] || "");
const tokenPath = `${API}/invitations/${encodeURIComponent(token)}`;

/** What the role lets the person do, for a checklist or a shopping list. */
function rolePhrase(role, kind) {
  const shopping = kind === "shoppingList";
  switch (role) {
    case "viewer": return "You will see the list, not change it.";
    case "checker": return shopping ? "You will put things in the cart and finish shopping." : "You will check items off.";
    case "editor": return shopping ? "You will add, change and remove things, and shop." : "You will add, change, remove and check off items.";
    default: return "";
  }
}

/** Where a list opens in the app. */
function listPath(list) {
  const id = encodeURIComponent(list.id);
  return list.kind === "shoppingList" ? `/shopping/lists/${id}` : `/lists/${id}`;
}

async function call(method, path, { body, csrf } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (csrf) headers["X-CSRF-Token"] = csrf;
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: "same-origin", cache: "no-store",
  });
  const data = await response.json().catch(() => null);
  return { status: response.status, ok: response.ok, data };
}

const problem = (answer, fallback) => answer.data?.detail || answer.data?.title || `${fallback} (${answer.status}).`;
const unreachable = "The server cannot be reached. Check the connection and try again.";

function say(text) {
  message.textContent = text;
}

function done() {
  main.setAttribute("aria-busy", "false");
  main.dataset.ready = "true";
}

/** An invitation that cannot be used: its message, and nothing to fill in. */
function showClosed(text, hint) {
  $("lead").textContent = "This invitation can’t be used.";
  $("closed-message").textContent = text;
  $("closed-hint").textContent = hint;
  $("closed").hidden = false;
  $("join").hidden = true;
  $("guest").hidden = true;
  main.dataset.state = main.dataset.state || "closed";
  done();
}

async function start() {
  if (!token) {
    main.dataset.state = "unknown";
    showClosed("This invitation link is not complete.", "Open the whole link you were sent, or ask for a new one.");
    return;
  }
  let invitation;
  try {
    invitation = await call("GET", tokenPath);
  } catch {
    say(unreachable);
    $("lead").textContent = "The invitation could not be opened.";
    done();
    return;
  }
  if (invitation.status === 404) {
    main.dataset.state = "unknown";
    showClosed(invitation.data?.detail || "This invitation link is not valid.", "Ask the person who sent it for a new one.");
    return;
  }
  if (!invitation.ok) {
    say(problem(invitation, "The invitation could not be opened"));
    $("lead").textContent = "The invitation could not be opened.";
    done();
    return;
  }
  const info = invitation.data;
  const kind = info.list?.kind === "shoppingList" ? "shopping list" : "checklist";
  $("invite-title").textContent = `${info.owner} invites you to “${info.list?.name ?? ""}”`;
  $("invite-role").textContent = `A ${kind}. ${rolePhrase(info.role, info.list?.kind)}`;
  $("invitation").hidden = false;
  document.title = `Join “${info.list?.name ?? ""}” · Checklists`;
  main.dataset.state = info.state;
  if (info.state !== "valid") {
    const text = info.message || "This invitation can’t be used any more.";
    showClosed(text, /new link/i.test(text) ? "" : `Ask ${info.owner} for a new link.`);
    return;
  }
  $("lead").textContent = "You are invited.";

  let session = null;
  try {
    const answer = await call("GET", `${API}/session`);
    if (answer.ok) session = answer.data;
  } catch {
    say(unreachable);
  }
  if (session?.mode === "accounts") showJoin(session);
  else showGuest(info);
  done();
}

function showJoin(session) {
  $("signed-in").textContent = `Signed in as ${session.user}.`;
  $("join").hidden = false;
  const button = $("join-button");
  button.addEventListener("click", async () => {
    say("");
    button.disabled = true;
    try {
      const answer = await call("POST", `${tokenPath}/accept`, { csrf: session.csrfToken });
      if (answer.ok && answer.data?.list) {
        location.replace(listPath(answer.data.list));
        return;
      }
      say(problem(answer, "Joining failed"));
    } catch {
      say(unreachable);
    }
    button.disabled = false;
  });
}

/** Accepts as whoever is signed in now (after a sign-up that answered without the list). */
async function acceptSignedIn() {
  const session = await call("GET", `${API}/session`);
  if (!session.ok) return null;
  const answer = await call("POST", `${tokenPath}/accept`, { csrf: session.data?.csrfToken });
  return answer.ok ? answer.data?.list ?? null : null;
}

function showGuest(info) {
  $("guest").hidden = false;
  $("sign-in").href = `/login?next=${encodeURIComponent(location.pathname)}`;
  if (!info.signUp) {
    $("no-sign-up").hidden = false;
    return;
  }
  const form = $("sign-up");
  form.hidden = false;
  const fields = { username: form.username, password: form.password };
  const invalid = (field) => {
    for (const input of Object.values(fields)) input.removeAttribute("aria-invalid");
    if (!field) return;
    field.setAttribute("aria-invalid", "true");
    field.setAttribute("aria-describedby", `${field.id}-hint message`);
    field.focus();
  };
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    say("");
    invalid(null);
    const username = form.username.value.trim();
    const password = form.password.value;
    if (!username) {
      say("Choose a user name.");
      invalid(form.username);
      return;
    }
    if (password.length < 8) {
      say(`A password needs at least 8 characters; this one has ${password.length}.`);
      invalid(form.password);
      return;
    }
    const button = $("create");
    button.disabled = true;
    try {
      const answer = await call("POST", `${tokenPath}/sign-up`, { body: { username, password } });
      if (answer.ok) {
        const list = answer.data?.list?.id ? answer.data.list : await acceptSignedIn();
        location.replace(list ? listPath(list) : "/");
        return;
      }
      say(problem(answer, "Creating the account failed"));
      // A name taken or not allowed is the name's problem; the rest (a short password) the password's.
      invalid(answer.status === 409 || /user name/i.test(answer.data?.detail || "") ? form.username : form.password);
    } catch {
      say(unreachable);
    }
    button.disabled = false;
  });
}

start();
