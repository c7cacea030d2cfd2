// Add Item and Edit Item: the text, Remind Me and the due date, Delete Item. A save answered
// 412 shows the fields both sides changed (conflicts.js).
//
// data-testid hooks: item-form, item-text-input, remind-switch, due-input, clear-due,
// remind-hint, delete-item-button, form-error; the nav bar's cancel and done.

import { api, isoDate } from "/api.js";
import { formatDue, fromLocalInput, h, navButton, nextFullHour, setNav, toLocalInput } from "/views.js";
import { main } from "/shell.js";
import { FieldConflicts, placeAfter, quoted, staleConflicts } from "/conflicts.js";
import { showLoadFailure, up } from "/app/router.js";
import { noteError } from "/app/connection.js";
import { deleteItem, findItem, loadDetail, storeItem } from "/checklists/checklist-data.js";

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
  let saving = false;

  const update = () => {
    const needsDate = remind.checked && !fromLocalInput(due.value);
    hint.textContent = needsDate ? "Remind Me needs a due date." : "";
    done.disabled = saving || text.value.trim().length === 0 || needsDate;
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

  // The form's fields as the API takes them, and an item in the form's terms (for conflicts).
  const formFields = () => {
    const dueDate = fromLocalInput(due.value);
    return { text: text.value.trim(), dueDate: dueDate ? isoDate(dueDate) : null, remind: remind.checked && !!dueDate };
  };
  const asForm = (item) => ({ text: item.text, dueDate: toLocalInput(item.dueDate), remind: !!item.remind });
  const changesFrom = (fields, base) => {
    const changes = {};
    if (fields.text !== base.text) changes.text = fields.text;
    if (toLocalInput(fields.dueDate) !== toLocalInput(base.dueDate)) changes.dueDate = fields.dueDate;
    if (fields.remind !== base.remind) changes.remind = fields.remind;
    return changes;
  };
  const inputs = { text, dueDate: due, remind };
  let textGroup = null;
  let dateGroup = null;
  const conflicts = new FieldConflicts({
    place: (field, panel) => placeAfter(field === "text" ? textGroup : dateGroup, panel),
    take: (field, value) => {
      if (field === "remind") remind.checked = value;
      else inputs[field].value = value;
      update();
    },
    resend: () => form.requestSubmit(),
    label: (field) => ({ text: "Name", dueDate: "Due Date", remind: "Remind Me" })[field],
    describe: (field, value) => {
      if (field === "text") return quoted(value);
      if (field === "dueDate") return value ? `“${formatDue(fromLocalInput(value))}”` : null;
      return value ? "on" : "off";
    },
    focusField: (field) => inputs[field].focus(),
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (done.disabled || saving) return;
    let fields = formFields();
    saving = true;
    update();
    error.textContent = "";
    try {
      if (isNew) {
        storeItem(await api.addItem(listID, fields));
      } else {
        // Done saves what the form shows, over any conflict still open.
        conflicts.clear();
        let changes = changesFrom(fields, original);
        for (let attempt = 0; Object.keys(changes).length > 0 && attempt < 3; attempt++) {
          try {
            storeItem(await api.updateItem(itemID, changes, original.revision));
            break;
          } catch (e) {
            if (e.status !== 412) throw e;
            // Changed elsewhere meanwhile: what only they changed is taken, what only this form
            // changed is sent again, and what both changed is shown for the person to choose.
            const stale = await staleConflicts(e, {
              base: asForm(original), mine: asForm(fields), fields: Object.keys(changes), read: asForm,
              load: () => api.item(itemID),
            });
            if (!alive()) return;
            for (const field of ["text", "dueDate", "remind"]) {
              if (!(field in changes)) conflicts.take(field, stale.theirs[field]);
            }
            original = { ...stale.current, revision: stale.revision ?? stale.current.revision };
            storeItem(original);
            if (stale.conflicts.length > 0) {
              saving = false;
              update();
              conflicts.show(stale.conflicts);
              return;
            }
            fields = formFields();
            changes = changesFrom(fields, original);
          }
        }
      }
      if (!alive()) return;
      up();
    } catch (e) {
      saving = false;
      if (!alive()) return;
      noteError(e);
      error.textContent = e.isNetwork ? "Can’t reach the server. Try again." : e.detail || e.message;
      update();
    }
  });

  async function start() {
    if (!isNew) {
      original = findItem(itemID)?.item ?? null;
      if (!original) {
        try {
          original = await api.item(itemID);
        } catch (e) {
          if (!alive()) return;
          showLoadFailure(e, "This item doesn’t exist.");
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
          onclick: async () => {
            if (!findItem(itemID)) {
              try {
                await loadDetail(listID);
              } catch (e) {
                noteError(e);
              }
            }
            if (await deleteItem(itemID, {}) && alive()) up();
          },
        }))));
    }
    form.replaceChildren(...groups);
    main().replaceChildren(form);
    update();
  }
  return { ready: start(), dispose() {} };
}
