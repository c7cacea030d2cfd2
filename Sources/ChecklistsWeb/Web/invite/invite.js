// The invitation page, /invite/{token} (served without a session): says who invites the person
// to which list with which role (GET /api/v1/invitations/{token}); signed in, Join accepts it
// (POST …/accept); signed out, Sign In comes back here, and Create Account makes an account with
// the invitation (POST …/sign-up: the account, the session and the membership at once). Either
// way the person lands in the list. An expired, used up or revoked link says so, with no form.
// A page of its own, like /login: it loads none of the app but its words (messages.js, the
// catalogue's `web.invitePage.*`), and writes only textContent. invite.html holds the English
// words too, for the moment before they have loaded.

import { loadMessages, t } from "/messages.js";

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
    case "viewer": return t("web.invitePage.role.viewer");
    case "checker": return shopping ? t("web.invitePage.role.checkerShopping") : t("web.invitePage.role.checker");
    case "editor": return shopping ? t("web.invitePage.role.editorShopping") : t("web.invitePage.role.editor");
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

const problem = (answer, fallback) =>
  answer.data?.detail || answer.data?.title || t("web.invitePage.failed", { what: fallback, status: answer.status });
const unreachable = () => t("web.invitePage.unreachable");

/** The page's own elements and the words they show: [selector, key]. */
const PAGE_TEXT = [
  ["h1", "web.app.name"],
  ["#lead", "web.invitePage.opening"],
  ["[data-testid=invite-home]", "web.invitePage.home"],
  ["#join-button", "web.invitePage.join"],
  ["[data-testid=invite-not-me]", "web.invitePage.notMe"],
  ["#sign-in", "web.invitePage.signIn"],
  ["#no-sign-up", "web.invitePage.noSignUp"],
  ["#sign-up-heading", "web.invitePage.signUpHeading"],
  ["label[for=username]", "web.invitePage.userName"],
  ["#username-hint", "web.invitePage.userNameHint"],
  ["label[for=password]", "web.invitePage.password"],
  ["#password-hint", "web.invitePage.passwordHint"],
  ["#create", "web.invitePage.create"],
];

/** Puts the catalogue's words into the page (English stays if they cannot be loaded). */
async function wordPage() {
  try {
    await loadMessages(document.documentElement.lang || "en");
  } catch {
    return;
  }
  document.title = t("web.invitePage.title");
  for (const [selector, key] of PAGE_TEXT) {
    const element = document.querySelector(selector);
    if (element) element.textContent = t(key);
  }
}

function say(text) {
  message.textContent = text;
}

function done() {
  main.setAttribute("aria-busy", "false");
  main.dataset.ready = "true";
}

/** An invitation that cannot be used: its message, and nothing to fill in. */
function showClosed(text, hint) {
  $("lead").textContent = t("web.invitePage.closed");
  $("closed-message").textContent = text;
  $("closed-hint").textContent = hint;
  $("closed").hidden = false;
  $("join").hidden = true;
  $("guest").hidden = true;
  main.dataset.state = main.dataset.state || "closed";
  done();
}

async function start() {
  await wordPage();
  if (!token) {
    main.dataset.state = "unknown";
    showClosed(t("web.invitePage.incomplete"), t("web.invitePage.incompleteHint"));
    return;
  }
  let invitation;
  try {
    invitation = await call("GET", tokenPath);
  } catch {
    say(unreachable());
    $("lead").textContent = t("web.invitePage.notOpened");
    done();
    return;
  }
  if (invitation.status === 404) {
    main.dataset.state = "unknown";
    showClosed(invitation.data?.detail || t("web.invitePage.invalid"), t("web.invitePage.invalidHint"));
    return;
  }
  if (!invitation.ok) {
    say(problem(invitation, t("web.invitePage.openFailed")));
    $("lead").textContent = t("web.invitePage.notOpened");
    done();
    return;
  }
  const info = invitation.data;
  const name = info.list?.name ?? "";
  $("invite-title").textContent = t("web.invitePage.invites", { owner: info.owner, name });
  const kind = info.list?.kind === "shoppingList" ? "web.invitePage.kindShopping" : "web.invitePage.kindChecklist";
  $("invite-role").textContent = t(kind, { role: rolePhrase(info.role, info.list?.kind) });
  $("invitation").hidden = false;
  document.title = t("web.invitePage.joinTitle", { name });
  main.dataset.state = info.state;
  if (info.state !== "valid") {
    const text = info.message || t("web.invitePage.usedUp");
    showClosed(text, /new link/i.test(text) ? "" : t("web.invitePage.askOwner", { owner: info.owner }));
    return;
  }
  $("lead").textContent = t("web.invitePage.invited");

  let session = null;
  try {
    const answer = await call("GET", `${API}/session`);
    if (answer.ok) session = answer.data;
  } catch {
    say(unreachable());
  }
  if (session?.mode === "accounts") showJoin(session);
  else showGuest(info);
  done();
}

function showJoin(session) {
  $("signed-in").textContent = t("web.invitePage.signedIn", { user: session.user });
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
      say(problem(answer, t("web.invitePage.joinFailed")));
    } catch {
      say(unreachable());
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
      say(t("web.invitePage.userNameMissing"));
      invalid(form.username);
      return;
    }
    if (password.length < 8) {
      say(t("web.invitePage.passwordShort", { count: password.length }));
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
      say(problem(answer, t("web.invitePage.signUpFailed")));
      // A name taken or not allowed is the name's problem; the rest (a short password) the password's.
      invalid(answer.status === 409 || /user name/i.test(answer.data?.detail || "") ? form.username : form.password);
    } catch {
      say(unreachable());
    }
    button.disabled = false;
  });
}

start();
