// Invite links, the part of the Share sheet below "Add someone": the owner makes a link that
// lets whoever opens it join the list (a role, an expiry, one use or until it expires), copies or
// shares it, and sees the list's links with their state and uses, each revocable
// (/api/v1/checklists/{id}/invites, /api/v1/shopping-lists/{id}/invites, DELETE /api/v1/invites/{id};
// docs/API.md). The person who opens a link lands on /invite/{token} (Web/invite/invite.js).
//
// data-testid hooks: invite-section, invite-form, invite-role, invite-expiry, invite-uses,
// invite-make, invite-error, invite-made (the new link's box), invite-url (a read-only input),
// invite-copy, invite-share, invites (the <ul>), invite-row (data-invite-id, data-state),
// invite-summary, invite-state, invite-revoke, invites-empty.

import { store } from "/data/store.js";
import { announce, confirmDialog, h } from "/views.js";
import { t } from "/messages.js";

/** The roles an invitation can give, least to most allowed, as the Share sheet names them. */
const ROLES = ["viewer", "checker", "editor"];
/** A role's name, as the Share sheet's menus call it (sharing.js's ROLE_NAMES). */
const roleName = (role) => (ROLES.includes(role) ? t("web.share.role." + role) : role);
/** How long a new link works, in days. */
const EXPIRIES = [1, 7, 30];
/** One use, or any number until it expires (null). */
const USES = () => [["1", t("web.invites.uses.one")], ["", t("web.invites.uses.several")]];
/** What a link's state is called on its row (the server's `message` says more). */
const STATE_NAMES = {
  get valid() { return t("web.invites.state.valid"); },
  get expired() { return t("web.invites.state.expired"); },
  get usedUp() { return t("web.invites.state.usedUp"); },
  get revoked() { return t("web.invites.state.revoked"); },
};

const dayFormat = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", year: "numeric" });
const day = (iso) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dayFormat.format(date);
};

/** "checklist" or "shoppingList": given, or read from the list (a shopping list counts entries). */
export function listKind(list, kind) {
  if (kind) return kind;
  if (list?.kind) return list.kind;
  return list && "entryCount" in list ? "shoppingList" : "checklist";
}

/**
 * "Can check off · 0 of 1 used", a link's row as people read it (its state line, from the
 * server, says until when it works).
 */
export function inviteSummary(invite) {
  const role = roleName(invite.role);
  const uses = invite.maxUses == null
    ? t("web.invites.usesCount", { count: invite.uses })
    : t("web.invites.usesOf", { count: invite.uses, max: invite.maxUses });
  return t("web.invites.summary", { role, uses });
}

const uuid = () => (crypto.randomUUID ? crypto.randomUUID() : [...crypto.getRandomValues(new Uint8Array(16))]
  .map((b) => b.toString(16).padStart(2, "0")).join("").replace(/^(.{8})(.{4})(.{4})(.{4})/, "$1-$2-$3-$4-")).toUpperCase();

/**
 * The invite-link section of the Share sheet for `list` (one of the user's own lists).
 * - Returns: `{section, reload}`; `reload()` reads the list's links again (call it when the sheet opens).
 */
export function inviteLinks(list, { kind } = {}) {
  const kindOfList = listKind(list, kind);
  let invites = [];
  let loaded = false;

  const id = (name) => `invite-${name}`;
  const select = (name, options, selected) => {
    const el = h("select", { class: "role-select", id: id(name), "data-testid": id(name) });
    for (const [value, text] of options) el.append(h("option", { value: String(value), text, selected: String(value) === String(selected) }));
    return el;
  };
  const role = select("role", ROLES.map((r) => [r, roleName(r)]), "checker");
  const expiry = select("expiry", EXPIRIES.map((days) => [days, t("web.invites.expiryDays", { count: days })]), 7);
  const uses = select("uses", USES(), "1");
  const make = h("button", { type: "submit", class: "plain-button small invite-make", "data-testid": "invite-make", text: t("web.invites.make") });
  const error = h("p", { class: "form-error sheet-error invite-error", id: "invite-error", role: "alert", "data-testid": "invite-error" });
  const field = (name, label, control) => h("div", { class: "row field-row" },
    h("label", { class: "row-label grow", for: id(name), text: label }), control);
  const form = h("form", { class: "share-form invite-form", "data-testid": "invite-form", novalidate: true, "aria-describedby": "invite-error" },
    h("div", { class: "group share-add-group" },
      field("role", t("web.share.role"), role), field("expiry", t("web.invites.expiresAfter"), expiry),
      field("uses", t("web.invites.usedBy"), uses),
      h("div", { class: "row invite-make-row" }, make)));

  // The link just made: shown only now (the server keeps only its hash).
  const made = h("div", { class: "invite-made", "data-testid": "invite-made", hidden: true });

  const ul = h("ul", { class: "group invites", "data-testid": "invites", "aria-labelledby": "invites-heading", hidden: true });
  const empty = h("p", { class: "sheet-empty", "data-testid": "invites-empty", hidden: true, text: t("web.invites.empty") });
  const section = h("section", { class: "invite-section", "data-testid": "invite-section", "aria-labelledby": "invite-heading" },
    h("h3", { class: "sheet-heading", id: "invite-heading", text: t("web.invites.heading") }),
    h("p", { class: "sheet-intro invite-intro", text: t("web.invites.intro") }),
    form, error, made,
    h("h3", { class: "sheet-heading", id: "invites-heading", text: t("web.invites.links") }), empty, ul);

  const showError = (message) => {
    error.textContent = message;
  };
  const problem = (e) => (e.isNetwork ? t("web.error.unreachableTryAgain") : e.detail || e.message);

  function showMade(url) {
    const input = h("input", {
      type: "text", class: "text-field invite-url", id: "invite-url", readonly: true, value: url,
      "data-testid": "invite-url", "aria-label": t("web.invites.urlLabel"), spellcheck: "false",
    });
    input.addEventListener("focus", () => input.select());
    const buttons = [];
    if (navigator.clipboard?.writeText) {
      const copy = h("button", { type: "button", class: "plain-button small", "data-testid": "invite-copy", "aria-describedby": "invite-url", text: t("web.common.copy") });
      copy.addEventListener("click", async () => {
        try {
          await navigator.clipboard.writeText(url);
          copy.textContent = t("web.common.copied");
          announce(t("web.invites.copied"));
          setTimeout(() => (copy.textContent = t("web.common.copy")), 2000);
        } catch {
          input.focus();
          input.select();
        }
      });
      buttons.push(copy);
    }
    if (typeof navigator.share === "function") {
      const share = h("button", { type: "button", class: "plain-button small", "data-testid": "invite-share", text: t("web.invites.share") });
      share.addEventListener("click", () => {
        navigator.share({ title: t("web.invites.shareTitle", { name: list.name }), url }).catch(() => undefined); // dismissed: nothing to say
      });
      buttons.push(share);
    }
    made.replaceChildren(
      h("p", { class: "invite-made-text", text: t("web.invites.made") }),
      h("div", { class: "invite-url-row" }, input, ...buttons));
    made.hidden = false;
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showError("");
    make.disabled = true;
    const body = { role: role.value, expiresInDays: Number(expiry.value), maxUses: uses.value ? Number(uses.value) : null, clientID: uuid() };
    try {
      const answer = await store.createInvite(kindOfList, list.id, body);
      invites = [answer.invite, ...invites.filter((i) => i.id !== answer.invite.id)];
      paint();
      showMade(answer.url);
      announce(t("web.invites.madeAnnounce"));
      made.querySelector("[data-testid=invite-copy]")?.focus();
    } catch (e) {
      showError(problem(e));
    } finally {
      make.disabled = false;
    }
  });

  function row(invite) {
    const li = h("li", { class: "row invite-row", "data-testid": "invite-row" },
      h("span", { class: "row-text" },
        h("span", { class: "invite-summary", "data-testid": "invite-summary", text: inviteSummary(invite) }),
        h("span", { class: "row-sub invite-state", "data-testid": "invite-state" },
          h("span", { class: `invite-badge ${invite.state}`, text: STATE_NAMES[invite.state] ?? invite.state }),
          t("web.invites.stateLine", { message: invite.message || t("web.invites.until", { day: day(invite.expiresAt) }) }))));
    if (invite.state === "valid") {
      const revoke = h("button", {
        type: "button", class: "plain-button small destructive", "data-testid": "invite-revoke",
        "aria-label": t("web.invites.revokeLabel", { summary: inviteSummary(invite) }), text: t("web.common.revoke"),
      });
      revoke.addEventListener("click", () => revokeInvite(invite, revoke));
      li.append(revoke);
    }
    li.dataset.inviteId = invite.id;
    li.dataset.state = invite.state;
    return li;
  }

  async function revokeInvite(invite, button) {
    showError("");
    const ok = await confirmDialog({
      title: t("web.invites.revoke.title"),
      message: t("web.invites.revoke.message"),
      confirm: t("web.common.revoke"),
    });
    if (!ok || !section.isConnected) return;
    button.disabled = true;
    try {
      await store.revokeInvite(invite.id);
    } catch (e) {
      if (e.status !== 404) {
        button.disabled = false;
        showError(problem(e));
        return;
      }
    }
    announce(t("web.invites.revoked"));
    await reload();
    (ul.querySelector("[data-testid=invite-revoke]") ?? role).focus();
  }

  function paint() {
    ul.replaceChildren(...invites.map(row));
    ul.hidden = invites.length === 0;
    empty.hidden = invites.length > 0;
    section.dataset.loaded = String(loaded);
  }

  async function reload() {
    try {
      const answer = await store.invites(kindOfList, list.id);
      if (!section.isConnected && loaded) return;
      invites = answer.invites ?? [];
      loaded = true;
      paint();
    } catch (e) {
      showError(problem(e));
    }
  }

  return { section, reload };
}
