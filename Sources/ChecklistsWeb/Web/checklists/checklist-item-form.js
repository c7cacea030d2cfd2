// Add Item and Edit Item: the text, the notes, Remind Me and the due date, Repeat, Flag,
// Priority, the subtasks (Add Subtask, on a top-level item), Delete Item. Done saves through
// the store (the outbox sends it, offline too) and goes back at once; text the server would
// refuse is said here before anything is queued, and what was typed stays. Several lines in a
// new item's text (pasted) add one item per line. A conflict with an edit made elsewhere shows
// at the item's row (rowConflict), not here.
//
// data-testid hooks: item-form, item-text-input, notes-input, notes-error, remind-switch,
// due-input, clear-due, remind-hint, flag-switch, priority-select, the Repeat picker's
// (repeat-picker.js), subtasks (subtask-row, add-subtask-input), delete-item-button,
// form-error; the nav bar's cancel and done.
//
// Remind Me, when first turned on, asks for notifications that reach a closed phone through
// `enablePushReminders()` of /app/push.js (loaded only then; without it, the page's own
// notification permission, as before).

import { isoDate } from "/api.js";
import { announce, fromLocalInput, h, navButton, nextFullHour, setNav, toast, toLocalInput } from "/views.js";
import { main } from "/shell.js";
import { t } from "/messages.js";
import { store } from "/data/store.js";
import { notFoundContent, up } from "/app/router.js";
import { notOffline } from "/checklists/checklist-rows.js";
import { pastedLines } from "/checklists/inline-add.js";
import { checkCircle, checkmark } from "/checklists/checklist-rows.js";
import { repeatPicker } from "/checklists/repeat-picker.js";
import { PRIORITIES, groupSubtasks, validatedNotes } from "/data/ops-apply.js";

const PUSH_ASKED = "checklists-push-enabled";

/**
 * Asks for reminders that reach a closed phone: Web Push through /app/push.js once (it asks for
 * permission and subscribes); without that module, the page's notification permission.
 * - Returns: "granted", "denied", "unsupported" or "default".
 */
async function enableReminders() {
  if (localStorage.getItem(PUSH_ASKED) === "granted") return "granted";
  const push = await import("/app/push.js").catch(() => null);
  let result = "unsupported";
  if (typeof push?.enablePushReminders === "function") {
    result = await push.enablePushReminders().catch(() => "unsupported");
  } else if ("Notification" in window) {
    if (Notification.permission === "default") {
      try {
        await Notification.requestPermission();
      } catch {
        /* older browsers: the in-page toast still shows reminders */
      }
    }
    result = Notification.permission;
  }
  if (result === "granted") localStorage.setItem(PUSH_ASKED, "granted");
  return result;
}

export function itemFormScreen({ route, alive }) {
  const { listID, itemID } = route;
  const isNew = !itemID;
  const form = h("form", { class: "form", id: "item-form", "data-testid": "item-form", novalidate: true });
  const done = h("button", { type: "submit", form: "item-form", class: "nav-button strong", "data-testid": "done", text: t("web.action.done"), disabled: true });
  setNav({
    left: [navButton(t("web.action.cancel"), "cancel", () => up())],
    title: isNew ? t("web.itemForm.addTitle") : t("web.itemForm.editTitle"),
    right: [done],
  });

  const text = h("textarea", {
    id: "item-text", class: "text-field", placeholder: t("web.itemForm.text"), maxlength: 1000, rows: 1,
    "aria-label": t("web.itemForm.text"), enterkeyhint: "done", "data-testid": "item-text-input", "data-autofocus": "",
  });
  const remind = h("input", { type: "checkbox", id: "remind", class: "switch", role: "switch", "data-testid": "remind-switch" });
  const due = h("input", { type: "datetime-local", id: "due", class: "date-field", "data-testid": "due-input" });
  const clearDue = h("button", { type: "button", class: "clear-button", "data-testid": "clear-due", "aria-label": t("web.itemForm.clearDue") },
    h("span", { class: "glyph glyph-close", "aria-hidden": "true" }));
  const hint = h("p", { class: "form-hint", id: "remind-hint", "data-testid": "remind-hint" });
  const error = h("p", { class: "form-error", id: "item-error", role: "alert", "data-testid": "form-error" });
  const notes = h("textarea", {
    id: "item-notes", class: "text-field notes-field", placeholder: t("web.itemForm.notes"), rows: 3, "aria-label": t("web.itemForm.notes"),
    "aria-describedby": "notes-error", "data-testid": "notes-input",
  });
  const notesError = h("p", { class: "form-error", id: "notes-error", role: "alert", "data-testid": "notes-error" });
  const flag = h("input", { type: "checkbox", id: "flag", class: "switch", role: "switch", "data-testid": "flag-switch" });
  const priority = h("select", { id: "priority", class: "select-field", "data-testid": "priority-select" },
    PRIORITIES.map((p) => h("option", { value: p, text: t("web.itemForm.priority." + p) })));
  let repeat = null;
  remind.setAttribute("aria-describedby", "remind-hint");
  let original = null;
  let textGroup = null;
  let dateGroup = null;

  const update = () => {
    const needsDate = remind.checked && !fromLocalInput(due.value);
    hint.textContent = needsDate ? t("web.itemForm.remindNeedsDate") : hint.dataset.blocked ?? "";
    let notesProblem = "";
    try {
      validatedNotes(notes.value);
    } catch (e) {
      notesProblem = e.message;
    }
    notesError.textContent = notesProblem;
    notes.setAttribute("aria-invalid", String(!!notesProblem));
    done.disabled = text.value.trim().length === 0 || needsDate || !!notesProblem;
    clearDue.hidden = !due.value;
    text.setAttribute("aria-invalid", String(!!error.textContent));
  };
  // Enter saves, as the original's keyboard "Done" did; the text is one line.
  text.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      if (!done.disabled) form.requestSubmit();
    }
  });
  text.addEventListener("input", () => {
    error.textContent = "";
    update();
  });
  remind.addEventListener("change", async () => {
    error.textContent = "";
    if (remind.checked) {
      if (!fromLocalInput(due.value)) due.value = toLocalInput(nextFullHour().toISOString());
      update();
      const result = await enableReminders();
      if (!alive()) return;
      if (result === "denied") hint.dataset.blocked = t("web.itemForm.notificationsBlocked");
      else delete hint.dataset.blocked;
    }
    update();
  });
  notes.addEventListener("input", update);
  due.addEventListener("input", () => {
    error.textContent = "";
    update();
  });
  clearDue.addEventListener("click", () => {
    due.value = "";
    remind.checked = false;
    update();
    due.focus();
  });

  // The form's fields as the API takes them.
  const formFields = () => {
    const dueDate = fromLocalInput(due.value);
    const fields = {
      text: text.value.trim(), dueDate: dueDate ? isoDate(dueDate) : null, remind: remind.checked && !!dueDate,
      notes: validatedNotes(notes.value), flagged: flag.checked, priority: priority.value,
    };
    if (repeat.changed()) fields.repeat = repeat.rrule();
    return fields;
  };
  const changesFrom = (fields, base) => {
    const changes = {};
    if (fields.text !== base.text) changes.text = fields.text;
    if (toLocalInput(fields.dueDate) !== toLocalInput(base.dueDate)) changes.dueDate = fields.dueDate;
    if (fields.remind !== !!base.remind) changes.remind = fields.remind;
    if (fields.notes !== (base.notes ?? "")) changes.notes = fields.notes;
    if (fields.flagged !== !!base.flagged) changes.flagged = fields.flagged;
    if (fields.priority !== (base.priority ?? "none")) changes.priority = fields.priority;
    if ("repeat" in fields && fields.repeat !== (base.repeat ?? null)) changes.repeat = fields.repeat;
    return changes;
  };
  // Only what differs from a new item's defaults goes in a create.
  const createFields = (fields) => {
    const out = { text: fields.text, dueDate: fields.dueDate, remind: fields.remind };
    if (fields.notes) out.notes = fields.notes;
    if (fields.flagged) out.flagged = true;
    if (fields.priority !== "none") out.priority = fields.priority;
    if (fields.repeat) out.repeat = fields.repeat;
    return out;
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (done.disabled) return;
    error.textContent = "";
    try {
      const fields = formFields();
      const repeatLabel = repeat.label();
      if (isNew) {
        const lines = pastedLines(text.value);
        const made = createFields(fields);
        const plain = Object.keys(made).length === 3 && !made.dueDate && !made.remind;
        if (lines.length > 1) {
          // Pasted lines: one item each, all with the form's other fields.
          const ids = plain
            ? store.addItems(listID, lines)
            : lines.map((line) => store.addItem(listID, { ...made, text: line }, { repeatLabel }));
          announce(t("web.checklist.added", { count: ids.length, text: lines[0] }));
        } else {
          store.addItem(listID, made, { repeatLabel });
        }
      } else {
        const changes = changesFrom(fields, original);
        if (Object.keys(changes).length > 0) store.updateItem(itemID, changes, { base: original.revision, repeatLabel });
      }
    } catch (e) {
      // Refused before anything was queued (the server's wording): what was typed stays.
      error.textContent = e.message;
      update();
      text.focus();
      return;
    }
    up();
  });

  async function start() {
    if (!isNew) {
      original = store.item(itemID);
      if (!original) {
        try {
          await store.loadChecklist(listID);
        } catch (e) {
          if (!alive()) return;
          if (e.isNetwork) {
            main().replaceChildren(notOffline());
            return;
          }
        }
        original = store.item(itemID);
        if (!original) {
          if (alive()) main().replaceChildren(notFoundContent(t("web.itemForm.notFound")));
          return;
        }
      }
      if (!alive()) return;
      text.value = original.text;
      remind.checked = original.remind;
      due.value = toLocalInput(original.dueDate);
      notes.value = original.notes ?? "";
      flag.checked = !!original.flagged;
      priority.value = PRIORITIES.includes(original.priority) ? original.priority : "none";
    }
    repeat = repeatPicker({
      rule: original?.repeat ?? null, description: original?.repeatDescription ?? null,
      dueDate: original?.dueDate ?? null, onChange: update,
    });
    textGroup = h("ul", { class: "group" }, h("li", { class: "row field-row" }, text));
    dateGroup = h("ul", { class: "group" },
      h("li", { class: "row field-row" },
        h("label", { class: "row-label grow", for: "remind", text: t("web.itemForm.remind") }), remind),
      h("li", { class: "row field-row due-row" },
        h("label", { class: "row-label grow", for: "due", text: t("web.itemForm.dueDate") }),
        h("span", { class: "due-controls" }, due, clearDue)));
    textGroup.append(h("li", { class: "row field-row" }, notes));
    const markGroup = h("ul", { class: "group" },
      h("li", { class: "row field-row" }, h("label", { class: "row-label grow", for: "flag", text: t("web.itemForm.flag") }), flag),
      h("li", { class: "row field-row" }, h("label", { class: "row-label grow", for: "priority", text: t("web.itemForm.priority") }), priority));
    const groups = [textGroup, error, notesError, dateGroup, hint, repeat.element, markGroup];
    if (!isNew && !original.parentID) groups.push(subtasksGroup());
    if (!isNew) {
      groups.push(h("ul", { class: "group" }, h("li", { class: "row" },
        h("button", {
          type: "button", class: "row-main destructive centered", "data-testid": "delete-item-button", text: t("web.itemForm.delete"),
          onclick: () => {
            const item = store.item(itemID) ?? original;
            store.deleteItem(itemID);
            announce(t("web.item.deleted", { text: item.text }));
            toast(t("web.item.deleted.toast", { text: item.text }));
            up();
          },
        }))));
    }
    form.replaceChildren(...groups);
    main().replaceChildren(form);
    update();
  }
  /**
   * The item's subtasks and an "Add Subtask" row: Enter adds one at once (through the outbox,
   * after the last one), and keeps the field for the next.
   */
  function subtasksGroup() {
    const rows = h("ul", { class: "group subtask-rows", "data-testid": "subtasks", "aria-label": t("web.itemForm.subtasks") });
    const input = h("input", {
      type: "text", class: "inline-add-input", placeholder: t("web.itemForm.addSubtask"), autocomplete: "off", enterkeyhint: "enter",
      maxlength: 1000, "aria-label": t("web.itemForm.addSubtask"), "aria-describedby": "subtask-error", "data-testid": "add-subtask-input",
    });
    const problem = h("p", { class: "form-error", id: "subtask-error", role: "alert", "data-testid": "subtask-error" });
    const adder = h("li", { class: "row inline-add-row" }, h("span", { class: "check-slot", "aria-hidden": "true" }, checkCircle()), input);
    const subtasks = () => groupSubtasks(store.checklist(listID)?.items ?? []).filter((i) => i.parentID === itemID);
    const paintRows = () => {
      rows.replaceChildren(...subtasks().map((sub) => h("li", { class: "row", "data-testid": "subtask-row", "data-item-id": sub.id, "data-checked": String(!!sub.checked) },
        h("span", { class: "check-slot", "aria-hidden": "true" }, sub.checked ? checkmark() : checkCircle()),
        h("span", { class: "row-text", text: sub.text }))));
      rows.hidden = rows.children.length === 0;
    };
    input.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" || event.isComposing) return;
      event.preventDefault();
      const value = input.value.trim();
      if (!value) return;
      try {
        // The server puts a new subtask last among its parent's; so does the list here.
        store.addItem(listID, { text: value, parentID: itemID });
      } catch (e) {
        problem.textContent = e.message;
        return;
      }
      problem.textContent = "";
      input.value = "";
      announce(t("web.itemForm.addedSubtask", { text: value }));
    });
    stopWatching = store.subscribe((topics) => {
      if (alive() && topics.has(`checklist:${listID}`)) paintRows();
    });
    paintRows();
    return h("section", { class: "subtasks-section", "aria-label": t("web.itemForm.subtasks") }, rows, h("ul", { class: "group" }, adder), problem);
  }

  let stopWatching = () => {};
  return { ready: start(), dispose: () => stopWatching() };
}
