// Add Item and Edit Item: the text, Remind Me and the due date, Delete Item. Done saves through
// the store (the outbox sends it, offline too) and goes back at once; text the server would
// refuse is said here before anything is queued, and what was typed stays. Several lines in a
// new item's text (pasted) add one item per line. A conflict with an edit made elsewhere shows
// at the item's row (rowConflict), not here.
//
// data-testid hooks: item-form, item-text-input, remind-switch, due-input, clear-due,
// remind-hint, delete-item-button, form-error; the nav bar's cancel and done.

import { isoDate } from "/api.js";
import { announce, fromLocalInput, h, navButton, nextFullHour, setNav, toast, toLocalInput } from "/views.js";
import { main } from "/shell.js";
import { store } from "/data/store.js";
import { notFoundContent, up } from "/app/router.js";
import { notOffline } from "/checklists/checklist-rows.js";
import { pastedLines } from "/checklists/inline-add.js";

export function itemFormScreen({ route, alive }) {
  const { listID, itemID } = route;
  const isNew = !itemID;
  const form = h("form", { class: "form", id: "item-form", "data-testid": "item-form", novalidate: true });
  const done = h("button", { type: "submit", form: "item-form", class: "nav-button strong", "data-testid": "done", text: "Done", disabled: true });
  setNav({
    left: [navButton("Cancel", "cancel", () => up())],
    title: isNew ? "Add Item" : "Edit Item",
    right: [done],
  });

  const text = h("textarea", {
    id: "item-text", class: "text-field", placeholder: "Name of the Item", maxlength: 1000, rows: 1,
    "aria-label": "Name of the Item", enterkeyhint: "done", "data-testid": "item-text-input", "data-autofocus": "",
  });
  const remind = h("input", { type: "checkbox", id: "remind", class: "switch", role: "switch", "data-testid": "remind-switch" });
  const due = h("input", { type: "datetime-local", id: "due", class: "date-field", "data-testid": "due-input" });
  const clearDue = h("button", { type: "button", class: "clear-button", "data-testid": "clear-due", "aria-label": "Clear due date" },
    h("span", { class: "glyph glyph-close", "aria-hidden": "true" }));
  const hint = h("p", { class: "form-hint", id: "remind-hint", "data-testid": "remind-hint" });
  const error = h("p", { class: "form-error", id: "item-error", role: "alert", "data-testid": "form-error" });
  remind.setAttribute("aria-describedby", "remind-hint");
  let original = null;
  let textGroup = null;
  let dateGroup = null;

  const update = () => {
    const needsDate = remind.checked && !fromLocalInput(due.value);
    hint.textContent = needsDate ? "Remind Me needs a due date." : "";
    done.disabled = text.value.trim().length === 0 || needsDate;
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
      if ("Notification" in window && Notification.permission === "default") {
        try {
          await Notification.requestPermission();
        } catch {
          /* older browsers: the in-page toast still shows reminders */
        }
      }
      if ("Notification" in window && Notification.permission === "denied") {
        hint.textContent = "Notifications are blocked; reminders will show in this page.";
      }
    }
    update();
  });
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
    return { text: text.value.trim(), dueDate: dueDate ? isoDate(dueDate) : null, remind: remind.checked && !!dueDate };
  };
  const changesFrom = (fields, base) => {
    const changes = {};
    if (fields.text !== base.text) changes.text = fields.text;
    if (toLocalInput(fields.dueDate) !== toLocalInput(base.dueDate)) changes.dueDate = fields.dueDate;
    if (fields.remind !== !!base.remind) changes.remind = fields.remind;
    return changes;
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (done.disabled) return;
    const fields = formFields();
    error.textContent = "";
    try {
      if (isNew) {
        const lines = pastedLines(text.value);
        if (lines.length > 1) {
          // Pasted lines: one item each, all with the form's date and reminder.
          const ids = fields.dueDate
            ? lines.map((line) => store.addItem(listID, { ...fields, text: line }))
            : store.addItems(listID, lines);
          announce(`Added ${ids.length} items.`);
        } else {
          store.addItem(listID, fields);
        }
      } else {
        const changes = changesFrom(fields, original);
        if (Object.keys(changes).length > 0) store.updateItem(itemID, changes, { base: original.revision });
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
          if (alive()) main().replaceChildren(notFoundContent("This item doesn’t exist."));
          return;
        }
      }
      if (!alive()) return;
      text.value = original.text;
      remind.checked = original.remind;
      due.value = toLocalInput(original.dueDate);
    }
    textGroup = h("ul", { class: "group" }, h("li", { class: "row field-row" }, text));
    dateGroup = h("ul", { class: "group" },
      h("li", { class: "row field-row" },
        h("label", { class: "row-label grow", for: "remind", text: "Remind Me" }), remind),
      h("li", { class: "row field-row due-row" },
        h("label", { class: "row-label grow", for: "due", text: "Due Date" }),
        h("span", { class: "due-controls" }, due, clearDue)));
    const groups = [textGroup, error, dateGroup, hint];
    if (!isNew) {
      groups.push(h("ul", { class: "group" }, h("li", { class: "row" },
        h("button", {
          type: "button", class: "row-main destructive centered", "data-testid": "delete-item-button", text: "Delete Item",
          onclick: () => {
            const item = store.item(itemID) ?? original;
            store.deleteItem(itemID);
            announce(`Deleted ${item.text}.`);
            toast(`Deleted “${item.text}”.`);
            up();
          },
        }))));
    }
    form.replaceChildren(...groups);
    main().replaceChildren(form);
    update();
  }
  return { ready: start(), dispose() {} };
}
