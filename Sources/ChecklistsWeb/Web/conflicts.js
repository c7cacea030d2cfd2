// Edits that met someone else's: a save answered 412 (the thing changed since the form was
// opened) never overwrites quietly. The fields both sides changed are shown on the form
// ("Changed elsewhere to “Sea salt” by anna") with Keep mine (save again over the current
// version) and Use theirs (take the current value); the fields only one side changed merge.
//
// A 412 from a server that names its conflicts carries {conflicts: [{field, current, revision,
// changedBy, changedAt}], current: <the resource as GET answers it>} and the current ETag. An
// older server's 412 names nothing: then the resource is read again and compared, field by field,
// with the version the edit started from.
//
// data-testid hooks: conflict (data-field), conflict-message, conflict-keep-mine, conflict-use-theirs;
// at a row (rowConflict): row-conflict (data-kind, data-field), row-conflict-message,
// conflict-keep-mine, conflict-keep-theirs, conflict-restore, conflict-dismiss.

import { revisionOf, session } from "/api.js";
import { announce, h } from "/views.js";
import { store } from "/data/store.js";
import { t } from "/messages.js";

/**
 * Which of an edit's fields were also changed elsewhere, after a 412.
 * - Parameters: `error` (the 412 ApiError); `base` and `mine` (the fields as the form started and
 *   as it would send them now, in the form's own terms: strings, booleans); `fields` (the ones the
 *   edit changed); `read(resource)` (a resource in the form's terms); `load()` (GETs the resource,
 *   used when the answer carries no `current`); `unwrap(body)` (the resource in a GET's answer).
 * - Returns: `{current, revision, theirs, conflicts: [{field, theirs, changedBy, changedAt}]}`;
 *   no conflicts means the edit merges: send it again at `revision`.
 */
export async function staleConflicts(error, { base, mine, fields, read, load, unwrap = (body) => body }) {
  const body = error.body && typeof error.body === "object" ? error.body : null;
  const current = body?.current ? unwrap(body.current) : await load();
  const theirs = read(current);
  const revision = current.revision ?? revisionOf(error.etag);
  const differs = (field) => !same(theirs[field], mine[field]);
  let conflicts;
  if (Array.isArray(body?.conflicts)) {
    // The server knows who changed what since the edit's revision; the same new value is no conflict.
    conflicts = body.conflicts
      .filter((c) => fields.includes(c.field) && differs(c.field))
      .map((c) => ({ field: c.field, theirs: theirs[c.field], changedBy: someoneElse(c.changedBy), changedAt: c.changedAt ?? null }));
  } else {
    conflicts = fields
      .filter((field) => !same(theirs[field], base[field]) && differs(field))
      .map((field) => ({ field, theirs: theirs[field], changedBy: null, changedAt: null }));
  }
  return { current, revision, theirs, conflicts };
}

const same = (a, b) => (a ?? "") === (b ?? "");

/** Who changed a field, unless it was the person signed in here (on another of their devices). */
const someoneElse = (user) => (user && user !== session?.user ? user : null);

/** "Changed elsewhere to “Sea salt” by anna.", or "Cleared elsewhere." when `shown` is null. */
export function conflictMessage(shown, changedBy) {
  if (shown === null) return changedBy ? t("web.conflict.clearedBy", { user: changedBy }) : t("web.conflict.cleared");
  return changedBy ? t("web.conflict.changedBy", { value: shown, user: changedBy }) : t("web.conflict.changed", { value: shown });
}

/**
 * The open conflicts of one form, each shown beside its field.
 * - `place(field, panel)` puts a field's panel on the page; `take(field, value)` puts their value
 *   in the form; `resend()` saves the form again; `label(field)` names a field ("Name");
 *   `describe(field, value)` shows a value (“Sea salt”; null for an empty one); `focusField(field)`.
 * Keep mine closes a field's panel; once none is open the form is saved again (over the current
 * version). Use theirs puts their value in the field; the form is saved again only if some
 * field kept mine. Escape in a panel goes back to its field, leaving the panel open.
 */
export class FieldConflicts {
  constructor({ place, take, resend, label, describe, focusField }) {
    Object.assign(this, { place, take, resend, label, describe, focusField });
    this.panels = new Map();
    this.kept = false;
  }

  /** How many fields still wait for a choice. */
  get open() {
    return this.panels.size;
  }

  /** Shows the conflicts (replacing any shown) and moves focus to the first. */
  show(conflicts) {
    this.clear();
    for (const conflict of conflicts) {
      const panel = this.panel(conflict);
      this.panels.set(conflict.field, panel);
      this.place(conflict.field, panel);
    }
    const first = this.panels.values().next().value;
    first?.focus();
    const count = conflicts.length;
    announce(count === 1
      ? t("web.conflict.announceOne", { field: this.label(conflicts[0].field), message: first.querySelector(".conflict-message").textContent })
      : t("web.conflict.announceMany", { count }));
  }

  /** Removes every panel (the form is being saved as it is, or left). */
  clear() {
    for (const panel of this.panels.values()) panel.remove();
    this.panels.clear();
    this.kept = false;
  }

  panel({ field, theirs, changedBy, changedAt }) {
    const id = `conflict-${field}`;
    const when = changedAt ? new Date(changedAt) : null;
    const message = h("p", {
      class: "conflict-message", id: `${id}-message`, "data-testid": "conflict-message",
      text: conflictMessage(this.describe(field, theirs), changedBy),
    });
    if (when && !Number.isNaN(when.getTime())) {
      message.title = when.toLocaleString();
    }
    const keep = h("button", { type: "button", class: "conflict-button", "data-testid": "conflict-keep-mine", text: t("web.conflict.keepMine") });
    const use = h("button", { type: "button", class: "conflict-button strong", "data-testid": "conflict-use-theirs", text: t("web.conflict.useTheirs") });
    const panel = h("div", {
      class: "conflict", role: "alertdialog", tabindex: "-1", "aria-modal": "false",
      "aria-label": t("web.conflict.label", { field: this.label(field) }), "aria-describedby": `${id}-message`,
      "data-testid": "conflict", dataset: { field },
    },
      h("p", { class: "conflict-title", "aria-hidden": "true", text: this.label(field) }),
      message,
      h("div", { class: "conflict-actions" }, keep, use));
    keep.addEventListener("click", () => this.choose(field, { keepMine: true }));
    use.addEventListener("click", () => this.choose(field, { keepMine: false, theirs }));
    panel.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        this.focusField(field);
      }
    });
    return panel;
  }

  choose(field, { keepMine, theirs }) {
    const panel = this.panels.get(field);
    if (!panel) return;
    const next = [...this.panels.values()][[...this.panels.keys()].indexOf(field) + 1];
    panel.remove();
    this.panels.delete(field);
    if (keepMine) {
      this.kept = true;
    } else {
      this.take(field, theirs);
      const value = this.describe(field, theirs);
      announce(value === null || value === undefined
        ? t("web.conflict.nowEmpty", { field: this.label(field) })
        : t("web.conflict.now", { field: this.label(field), value }));
    }
    if (this.panels.size > 0) {
      (next ?? this.panels.values().next().value).focus();
      return;
    }
    const kept = this.kept;
    this.kept = false;
    if (kept) this.resend();
    else this.focusField(field);
  }
}

/** Puts a conflict panel after `anchor` (and after any panel already there, keeping the fields' order). */
export function placeAfter(anchor, panel) {
  let last = anchor;
  while (last.nextElementSibling?.classList.contains("conflict")) last = last.nextElementSibling;
  last.after(panel);
}

/** A text value as a conflict shows it: “Sea salt”, or null when empty (“Cleared elsewhere”). */
export const quoted = (value) => (value ? t("web.conflict.quoted", { value }) : null);

// MARK: - Conflicts at a row (the outbox's)

/**
 * The panel shown directly under a row whose queued edit met a conflict: its message and
 * buttons. "changed": Keep mine / Keep theirs; "deleted" (deleted on another device): Restore /
 * Dismiss; "refused" (the server said no): Dismiss (the edit is undone on screen then).
 * - Parameters: `conflict` (a Conflict of the store: {id, kind, target, fields, message});
 *   `resolve(conflictID, choice)` (default: the store's).
 * - Returns: the panel element (data-testid row-conflict, data-kind, data-field).
 */
export function rowConflict(conflict, resolve = (conflictID, choice) => store.resolve(conflictID, choice)) {
  const field = conflict.fields?.[0]?.field ?? "";
  const id = `row-conflict-${String(conflict.id).replace(/[^A-Za-z0-9_-]/g, "_")}`;
  const message = h("p", {
    class: "row-conflict-message", id: `${id}-message`, "data-testid": "row-conflict-message",
    text: conflictText(conflict),
  });
  const button = (testid, text, choice, strong = false) => h("button", {
    type: "button", class: `conflict-button${strong ? " strong" : ""}`, "data-testid": testid, text,
    onclick: () => {
      resolve(conflict.id, choice);
      announce(choice === "restore" ? t("web.conflict.restored") : choice === "mine" ? t("web.conflict.sentAgain") : t("web.conflict.done"));
    },
  });
  const buttons = conflict.kind === "changed"
    ? [button("conflict-keep-mine", t("web.conflict.keepMine"), "mine"), button("conflict-keep-theirs", t("web.conflict.keepTheirs"), "theirs", true)]
    : conflict.kind === "deleted"
      ? [button("conflict-restore", t("web.conflict.restore"), "restore", true), button("conflict-dismiss", t("web.conflict.dismiss"), "dismiss")]
      : [button("conflict-dismiss", t("web.conflict.dismiss"), "dismiss", true)];
  return h("div", {
    class: "row-conflict", role: "group", "aria-labelledby": `${id}-message`, "data-testid": "row-conflict",
    dataset: { kind: conflict.kind, field, conflictId: conflict.id },
  }, message, h("div", { class: "conflict-actions" }, ...buttons));
}

/** What a conflict's panel says: the store's message, or one made from its fields. */
function conflictText(conflict) {
  if (conflict.message) {
    // The person signed in here changed it on another of their devices: not named.
    const me = session?.user;
    return me ? conflict.message.split(t("web.conflict.byUser", { user: me })).join("") : conflict.message;
  }
  if (conflict.kind === "deleted") return t("web.conflict.device.deleted");
  const first = conflict.fields?.[0];
  if (conflict.kind === "changed" && first) {
    const by = first.changedBy ? t("web.conflict.byUser", { user: first.changedBy }) : "";
    return typeof first.theirs === "string"
      ? t("web.conflict.device.changedTo", { value: t("web.conflict.quoted", { value: first.theirs }), by })
      : t("web.conflict.device.changed", { by });
  }
  return t("web.conflict.device.refused");
}
