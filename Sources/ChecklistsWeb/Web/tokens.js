// Command line & tokens: the sheet, opened from the account menu, that lists the signed-in
// user's API tokens (the command lines signed in with `checklists login`, and the tokens made
// for scripts with `checklists token create`) and revokes one, say a lost laptop's
// (/api/v1/tokens, docs/API.md). It also says how to sign a command line in to this server.
//
// data-testid hooks: tokens-sheet (the <dialog>), tokens-title, tokens-done, tokens-list (the
// <ul>), token-row (data-token-id, data-token-name), token-name, token-created, token-used,
// token-revoke, tokens-empty, tokens-error, login-command (the command, as text), login-copy,
// caldav-open (the CalDAV password button; caldav-password.js has the sheet it opens).

import { loadSession } from "/api.js";
import { store } from "/data/store.js";
import { openCalDAVPasswordSheet } from "/caldav-password.js";
import { announce, confirmDialog, h, messageNodes, presentSheet } from "/views.js";
import { t } from "/messages.js";

/** The open sheet: {dialog, close}; null when none is. */
let openSheet = null;

// MARK: - Dates

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "Mar 3, 2025", or "" for a date that can't be read. */
function day(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateFormat.format(date);
}

/**
 * When a token was last used, as people say it: "just now", "5 minutes ago", "3 hours ago",
 * "yesterday", "4 days ago", then the date. The server notes a use at most once a minute.
 */
export function lastUsedPhrase(iso, now = Date.now()) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const ago = Math.max(0, now - date.getTime());
  if (ago < MINUTE) return t("web.tokens.justNow");
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), "minute");
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), "hour");
  const days = Math.round((startOfDay(now) - startOfDay(date.getTime())) / DAY);
  if (days < 7) return relative.format(-Math.max(1, days), "day");
  return dateFormat.format(date);
}

function startOfDay(time) {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

// MARK: - The command that signs a command line in

/** A word as a POSIX shell reads it: as it is when it is safe, else in single quotes. */
const shellWord = (word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`);

/** `checklists login https://lists.example.org --user alice`, for this site and user. */
export const loginCommand = (origin, user) => `checklists login ${shellWord(origin)} --user ${shellWord(user)}`;

// MARK: - The sheet

/**
 * Opens the Command line & tokens sheet. Resolves when it closes; focus then goes back to
 * `returnFocus` (else to what had it before).
 */
export async function openTokensSheet({ returnFocus } = {}) {
  openSheet?.close();
  const opener = returnFocus ?? document.activeElement;
  const known = await loadSession();
  let tokens = [];

  const title = h("h2", {
    class: "sheet-title", id: "tokens-title", tabindex: "-1", "data-testid": "tokens-title", text: t("web.tokens.title"),
  });
  const done = h("button", { type: "button", class: "nav-button strong", "data-testid": "tokens-done", text: t("web.common.done") });
  const intro = h("p", { class: "sheet-intro" },
    ...messageNodes("web.tokens.intro", { command: h("code", { text: "checklists login" }) }));
  const heading = h("h3", { class: "sheet-heading", id: "tokens-heading", text: t("web.tokens.signedIn") });
  const ul = h("ul", { class: "group tokens", "data-testid": "tokens-list", "aria-labelledby": "tokens-heading" });
  const empty = h("p", { class: "sheet-empty", "data-testid": "tokens-empty", text: t("web.tokens.empty") });
  const error = h("p", { class: "form-error sheet-error", id: "tokens-error", role: "alert", "data-testid": "tokens-error" });

  const user = known?.user ?? t("web.tokens.namePlaceholder");
  const command = loginCommand(location.origin, user);
  // Lines break after the address, not inside "--user" (a long address may break anywhere).
  const code = h("code", { class: "login-command", id: "login-command", "data-testid": "login-command" },
    "checklists login ", h("span", { class: "login-address", text: shellWord(location.origin) }), " ",
    h("span", { class: "nowrap", text: `--user ${shellWord(user)}` }));
  const copy = navigator.clipboard?.writeText
    ? h("button", {
      type: "button", class: "plain-button small", "data-testid": "login-copy", "aria-describedby": "login-command", text: t("web.common.copy"),
    })
    : null;
  copy?.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(command);
      copy.textContent = t("web.common.copied");
      announce(t("web.tokens.copied"));
      setTimeout(() => (copy.textContent = t("web.common.copy")), 2000);
    } catch {
      selectCommand();
    }
  });
  // One tap selects the whole command, ready to copy where there is no Copy button (plain http).
  const selectCommand = () => getSelection()?.selectAllChildren(code);
  code.addEventListener("click", selectCommand);
  const signIn = h("section", { class: "login-help", "aria-labelledby": "login-heading" },
    h("h3", { class: "sheet-heading", id: "login-heading", text: t("web.tokens.loginHeading") }),
    h("div", { class: "group login-group" },
      h("p", { class: "login-text", text: t("web.tokens.loginRun") }),
      h("div", { class: "login-command-row" }, code, copy),
      h("p", { class: "login-text secondary" },
        ...messageNodes("web.tokens.loginAfter", { command: h("code", { text: "checklists logout" }) }))));

  // Phones and computers sync through their own reminders app, each with its own app password.
  const calDAV = h("button", {
    type: "button", class: "plain-button small", "data-testid": "caldav-open", "aria-describedby": "caldav-help-text",
    text: t("web.caldav.title"),
  });
  calDAV.addEventListener("click", async () => {
    showError("");
    const made = await openCalDAVPasswordSheet({ user, returnFocus: calDAV });
    if (made && dialog.open) reload();
  });
  const calDAVHelp = h("section", { class: "login-help caldav-help", "aria-labelledby": "caldav-heading" },
    h("h3", { class: "sheet-heading", id: "caldav-heading", text: t("web.tokens.caldavHeading") }),
    h("div", { class: "group login-group caldav-help-group" },
      h("p", { class: "login-text", id: "caldav-help-text",
        text: t("web.tokens.caldavHelp") }),
      calDAV));

  const body = h("div", { class: "sheet-body" }, intro, heading, empty, ul, error, calDAVHelp, signIn);
  const dialog = h("dialog", { class: "sheet tokens-sheet", "aria-labelledby": "tokens-title", "data-testid": "tokens-sheet" },
    h("header", { class: "sheet-bar" }, h("span"), title, done), body);

  const showError = (message) => {
    error.textContent = message;
  };
  const problem = (e) => (e.isNetwork ? t("web.error.unreachableTryAgain") : e.detail || e.message);

  function tokenRow(token) {
    const used = token.lastUsedAt ? t("web.tokens.lastUsed", { when: lastUsedPhrase(token.lastUsedAt) }) : t("web.tokens.neverUsed");
    const revoke = h("button", {
      type: "button", class: "plain-button small destructive", "data-testid": "token-revoke",
      "aria-label": t("web.tokens.revokeLabel", { name: token.name }), text: t("web.common.revoke"),
    });
    revoke.addEventListener("click", () => revokeToken(token, revoke));
    const li = h("li", { class: "row token-row", "data-testid": "token-row" },
      h("span", { class: "row-text" },
        h("span", { class: "token-name", "data-testid": "token-name", text: token.name }),
        h("span", { class: "row-sub token-detail" },
          h("span", { "data-testid": "token-created", text: t("web.tokens.created", { day: day(token.createdAt) }) }),
          h("span", { class: "token-dot", "aria-hidden": "true", text: " · " }),
          h("span", { "data-testid": "token-used", text: used }))),
      revoke);
    li.dataset.tokenId = token.id;
    li.dataset.tokenName = token.name;
    return li;
  }

  async function revokeToken(token, button) {
    showError("");
    const ok = await confirmDialog({
      title: t("web.tokens.revoke.title", { name: token.name }),
      message: t("web.tokens.revoke.message"),
      confirm: t("web.common.revoke"),
    });
    if (!ok || !dialog.open) return;
    button.disabled = true;
    try {
      await store.revokeToken(token.id);
    } catch (e) {
      if (e.status !== 404) { // 404: already revoked, from elsewhere
        button.disabled = false;
        showError(problem(e));
        return;
      }
    }
    const index = tokens.indexOf(token);
    tokens = tokens.filter((t) => t !== token);
    paint();
    announce(t("web.tokens.revoked", { name: token.name }));
    const next = ul.children[Math.min(index, ul.children.length - 1)];
    (next?.querySelector("[data-testid=token-revoke]") ?? title).focus();
  }

  function paint() {
    ul.replaceChildren(...tokens.map(tokenRow));
    ul.hidden = tokens.length === 0;
    empty.hidden = tokens.length > 0;
    dialog.dataset.loaded = "true";
  }

  async function reload() {
    try {
      const answer = await store.tokens();
      if (!dialog.open) return;
      tokens = answer.tokens;
      paint();
    } catch (e) {
      if (!dialog.open) return;
      showError(problem(e));
    }
  }

  ul.hidden = true;
  empty.hidden = true;
  const { close, closed } = presentSheet({
    dialog, done, title, opener,
    onClose: () => {
      if (openSheet?.dialog === dialog) openSheet = null;
    },
  });
  openSheet = { dialog, close };
  reload();
  return closed;
}
