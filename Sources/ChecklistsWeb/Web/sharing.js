// Shared lists: what a role allows, how a shared list is labelled, the Share sheet (the owner
// adds people, changes their role, removes them) and Leave List (for the people it is shared with).
// Checklists and shopping lists are shared the same way (/api/v1/shares, docs/API.md).
//
// data-testid hooks of the Share sheet: share-sheet (the <dialog>), share-title, share-done,
// share-members (the <ul>), share-member (data-user), share-member-name, share-member-role
// (a <select>), share-remove, share-empty, share-form, share-user-input, share-role-select,
// share-add, share-error. The invite-link part below it: invite-links.js.

import { loadSession } from "/api.js";
import { store } from "/data/store.js";
import { inviteLinks } from "/invite-links.js";
import { announce, confirmDialog, h, presentSheet, toast } from "/views.js";
import { t } from "/messages.js";

/** The roles, from least to most allowed. */
export const ROLES = ["viewer", "checker", "editor"];
/** What the Share sheet's menus call each role. */
export const ROLE_NAMES = {
  get viewer() { return t("web.share.role.viewer"); },
  get checker() { return t("web.share.role.checker"); },
  get editor() { return t("web.share.role.editor"); },
};
/** What a role lets its holder do, as a shared list's subtitle says it. */
const ROLE_PHRASES = {
  get viewer() { return t("web.share.rolePhrase.viewer"); },
  get checker() { return t("web.share.rolePhrase.checker"); },
  get editor() { return t("web.share.rolePhrase.editor"); },
};

/** Whether a list (as the API answers it) is someone else's, shared with this user. */
export const isShared = (list) => !!list?.owner;
/** Whether the user may check items off (or put entries in the cart, finish shopping). */
export const canCheck = (list) => !list?.role || list.role !== "viewer";
/** Whether the user may add, change, move and delete items. */
export const canEditItems = (list) => !list?.role || list.role === "editor";

/** "Shared by alice · can check off", for a shared list's row and screen. */
export function sharedLabel(list) {
  return t("web.share.sharedBy", { owner: list.owner, role: ROLE_PHRASES[list.role] ?? list.role });
}

/** "alice’s list: you can check items off." — a longer note for the top of a shared list. */
export function sharedNote(list, { things = "items" } = {}) {
  const entries = things === "entries";
  const what = {
    viewer: () => t("web.share.note.viewer"),
    checker: () => (entries ? t("web.share.note.checkerShopping") : t("web.share.note.checker")),
    editor: () => (entries ? t("web.share.note.editorShopping") : t("web.share.note.editor")),
  }[list.role]?.() ?? "";
  return t("web.share.note", { owner: list.owner, what });
}

/** A small line under a list's name saying who shared it: null for the user's own lists. */
export function sharedBadge(list) {
  if (!isShared(list)) return null;
  return h("span", { class: "row-sub shared-by", "data-testid": "list-shared", text: sharedLabel(list) });
}

// MARK: - Edit screens

/**
 * The owner's "Share…" row, saying who the list is shared with; opens the Share sheet. Null
 * without accounts (there is nobody to share with).
 */
export async function shareRow(list) {
  const known = await loadSession();
  if (known?.mode !== "accounts") return null;
  const value = h("span", { class: "row-value", "data-testid": "share-summary", text: "" });
  const show = (members) => {
    value.textContent = members.length === 0 ? t("web.share.notShared") : members.map((m) => m.user).join(t("common.list.separator"));
  };
  const reload = () => store.listMembers(list.id).then((answer) => show(answer.members), () => undefined);
  reload();
  shareRows.add({ listID: list.id, value, reload });
  const button = h("button", { type: "button", class: "row-main", "data-testid": "share-row" },
    h("span", { class: "row-label", text: t("web.share.row") }), value,
    h("span", { class: "glyph glyph-chevron", "aria-hidden": "true" }));
  button.addEventListener("click", async () => show(await openShareSheet(list)));
  return h("ul", { class: "group" }, h("li", { class: "row" }, button));
}

/** What a sharee sees in place of a shared list's edit form: owner, role, and Leave List. */
export function sharedInfo(list, { onLeave, things = "items" }) {
  return h("div", { class: "form shared-info", "data-testid": "shared-info" },
    h("ul", { class: "group" },
      h("li", { class: "row field-row" },
        h("span", { class: "row-label grow", text: t("web.share.owner") }),
        h("span", { class: "row-value padded", "data-testid": "shared-owner", text: list.owner })),
      h("li", { class: "row field-row" },
        h("span", { class: "row-label grow", text: t("web.share.yourRole") }),
        h("span", { class: "row-value padded", "data-testid": "shared-role", text: ROLE_NAMES[list.role] ?? list.role }))),
    h("p", { class: "form-hint shared-hint", "data-testid": "shared-note", text: sharedNote(list, { things }) }),
    h("ul", { class: "group" }, h("li", { class: "row" },
      h("button", {
        type: "button", class: "row-main destructive centered", "data-testid": "leave-list", text: t("web.share.leaveList"), onclick: onLeave,
      }))));
}

// MARK: - Leave List

/** Asks, then leaves a list someone shared with the user; resolves to true when left. */
export async function leaveList(list) {
  const ok = await confirmDialog({
    title: t("web.share.leave.title", { name: list.name }),
    message: t("web.share.leave.message", { owner: list.owner }),
    confirm: t("web.share.leave.confirm"),
  });
  if (!ok) return false;
  try {
    await store.leave(list.id);
  } catch (error) {
    if (error.status !== 404) {
      toast(error.isNetwork ? t("web.share.leave.offline") : error.detail, { kind: "error" });
      return false;
    }
  }
  announce(t("web.share.leave.announce", { name: list.name }));
  toast(t("web.share.leave.done", { name: list.name }));
  return true;
}

// MARK: - The Share sheet

/** The open sheet, so a live change to its list's members can refresh it. */
let openSheet = null;

/** Share rows on screen: {listID, value (the summary element), reload}. */
const shareRows = new Set();

/**
 * Refreshes the open Share sheet and the Share rows on screen when a live `sharing` change is
 * about their list (someone left it, or another tab of the owner's changed it).
 */
export function shareSheetChanged(change) {
  const id = (change.collectionID || "").toUpperCase();
  if (openSheet && id === openSheet.listID.toUpperCase()) openSheet.reload();
  for (const row of shareRows) {
    if (!row.value.isConnected) shareRows.delete(row);
    else if (row.listID.toUpperCase() === id) row.reload();
  }
}

/**
 * Opens the Share sheet for one of the user's lists (`kind`: "checklist" or "shoppingList",
 * read from the list when not given). Resolves, when it closes, to the members as last shown
 * ([{user, role}]).
 */
export function openShareSheet(list, { kind } = {}) {
  openSheet?.close();
  const opener = document.activeElement;
  let members = [];

  const title = h("h2", { class: "sheet-title", id: "share-title", tabindex: "-1", "data-testid": "share-title", text: t("web.share.title", { name: list.name }) });
  const done = h("button", { type: "button", class: "nav-button strong", "data-testid": "share-done", text: t("web.common.done") });
  const intro = h("p", {
    class: "sheet-intro",
    text: t("web.share.intro"),
  });
  const heading = h("h3", { class: "sheet-heading", id: "share-members-heading", text: t("web.share.sharedWith") });
  const ul = h("ul", { class: "group share-members", "data-testid": "share-members", "aria-labelledby": "share-members-heading" });
  const empty = h("p", { class: "sheet-empty", "data-testid": "share-empty", text: t("web.share.empty") });
  const error = h("p", { class: "form-error sheet-error", id: "share-error", role: "alert", "data-testid": "share-error" });

  const userInput = h("input", {
    type: "text", id: "share-user", class: "text-field", placeholder: t("web.share.userName"), maxlength: 200,
    autocomplete: "off", autocapitalize: "none", spellcheck: "false", enterkeyhint: "send",
    "aria-describedby": "share-error", "data-testid": "share-user-input",
  });
  const roleSelect = roleMenu("checker", { id: "share-role", "data-testid": "share-role-select" });
  const add = h("button", { type: "submit", class: "plain-button small", "data-testid": "share-add", text: t("web.share.add") });
  const form = h("form", { class: "share-form", "data-testid": "share-form", novalidate: true },
    h("h3", { class: "sheet-heading", text: t("web.share.addSomeone") }),
    h("div", { class: "group share-add-group" },
      h("div", { class: "row field-row" },
        h("label", { class: "vh", for: "share-user", text: t("web.share.userName") }), userInput),
      h("div", { class: "row field-row" },
        h("label", { class: "row-label grow", for: "share-role", text: t("web.share.role") }), roleSelect, add)));

  const invites = inviteLinks(list, { kind });
  const body = h("div", { class: "sheet-body" }, intro, heading, empty, ul, error, form, invites.section);
  const dialog = h("dialog", { class: "sheet share-sheet", "aria-labelledby": "share-title", "data-testid": "share-sheet" },
    h("header", { class: "sheet-bar" }, h("span"), title, done), body);

  const showError = (message) => {
    error.textContent = message;
    userInput.setAttribute("aria-invalid", message ? "true" : "false");
  };
  const problem = (e) => (e.isNetwork ? t("web.error.unreachableTryAgain") : e.detail || e.message);

  function memberRow(member) {
    const select = roleMenu(member.role, { "data-testid": "share-member-role", "aria-label": t("web.share.roleOf", { user: member.user }) });
    select.addEventListener("change", async () => {
      const before = member.role;
      const role = select.value;
      showError("");
      select.disabled = true;
      try {
        const answer = await store.share(list.id, member.user, role);
        member.role = answer?.role ?? role;
        announce(t("web.share.roleChanged", { user: member.user, role: ROLE_NAMES[member.role] }));
      } catch (e) {
        select.value = before;
        showError(problem(e));
        if (e.status === 404) reload();
      } finally {
        select.disabled = false;
      }
    });
    const remove = h("button", {
      type: "button", class: "plain-button small destructive", "data-testid": "share-remove",
      "aria-label": t("web.share.removeLabel", { user: member.user }), text: t("web.share.remove"),
    });
    remove.addEventListener("click", async () => {
      showError("");
      remove.disabled = true;
      try {
        await store.unshare(list.id, member.user);
      } catch (e) {
        if (e.status !== 404) {
          remove.disabled = false;
          showError(problem(e));
          return;
        }
      }
      const index = members.indexOf(member);
      members = members.filter((m) => m !== member);
      paint();
      announce(t("web.share.removed", { user: member.user }));
      const next = ul.children[Math.min(index, ul.children.length - 1)];
      (next?.querySelector("[data-testid=share-remove]") ?? userInput).focus();
    });
    const li = h("li", { class: "row share-member", "data-testid": "share-member" },
      h("span", { class: "share-member-name", "data-testid": "share-member-name", text: member.user }),
      select, remove);
    li.dataset.user = member.user;
    return li;
  }

  function paint() {
    members.sort((a, b) => a.user.localeCompare(b.user));
    ul.replaceChildren(...members.map(memberRow));
    ul.hidden = members.length === 0;
    empty.hidden = members.length > 0;
    dialog.dataset.loaded = "true";
  }

  async function reload() {
    try {
      const answer = await store.listMembers(list.id);
      if (!dialog.open) return;
      // Keep a menu that has focus: only repaint when someone came or went or a role changed.
      const same = answer.members.length === members.length
        && answer.members.every((m) => members.some((n) => n.user === m.user && n.role === m.role));
      members = answer.members;
      if (!same || dialog.dataset.loaded !== "true") paint();
    } catch (e) {
      if (!dialog.open) return;
      showError(problem(e));
    }
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const user = userInput.value.trim();
    showError("");
    if (!user) {
      showError(t("web.share.userMissing"));
      userInput.focus();
      return;
    }
    add.disabled = true;
    try {
      const answer = await store.share(list.id, user, roleSelect.value);
      const member = { user: answer?.user ?? user.toLowerCase(), role: answer?.role ?? roleSelect.value };
      members = members.filter((m) => m.user !== member.user).concat(member);
      paint();
      userInput.value = "";
      announce(t("web.share.added", { user: member.user, role: ROLE_NAMES[member.role] }));
    } catch (e) {
      showError(problem(e));
    } finally {
      add.disabled = false;
      userInput.focus();
    }
  });
  userInput.addEventListener("input", () => error.textContent && showError(""));

  ul.hidden = true;
  empty.hidden = true;
  const { close, closed } = presentSheet({
    dialog, done, title, opener,
    onClose: () => {
      if (openSheet?.dialog === dialog) openSheet = null;
    },
    result: () => members,
  });
  openSheet = { dialog, listID: list.id, reload, close };
  reload();
  invites.reload();
  return closed;
}

/** Closes the Share sheet, if one is open (the screen under it is going away). */
export function closeShareSheet() {
  openSheet?.close();
}

/** A <select> of the three roles. */
function roleMenu(selected, attrs) {
  const select = h("select", { class: "role-select", ...attrs });
  for (const role of ROLES) select.append(h("option", { value: role, text: ROLE_NAMES[role], selected: role === selected }));
  return select;
}
