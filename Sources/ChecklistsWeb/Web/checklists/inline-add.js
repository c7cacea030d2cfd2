// The inline add row at the bottom of a checklist, as in Reminders: type, Enter adds and keeps
// the focus (and the phone's keyboard) for the next item; an empty Enter does nothing; pasting
// several lines adds one item per line. What was typed stays when the store refuses it (too long).
//
// data-testid hooks: inline-add (the row), inline-add-input (placeholder "New Item"),
// inline-add-error.

import { h } from "/views.js";
import { t } from "/messages.js";
import { checkCircle } from "/checklists/checklist-rows.js";

/** The lines of pasted text that make items: trimmed, empty ones left out. */
export const pastedLines = (text) => text.split(/\r\n|\r|\n/).map((line) => line.trim()).filter(Boolean);

/**
 * - Parameters: `add(texts)` (adds them; throws with the reason when it can't), `onAdded(count, texts)`.
 * - Returns: `{element, input}`.
 */
export function inlineAddRow({ add, onAdded = () => {} }) {
  const input = h("input", {
    type: "text", class: "inline-add-input", placeholder: t("web.checklist.inlineAdd.placeholder"), autocomplete: "off", enterkeyhint: "enter",
    maxlength: 1000, "aria-label": t("web.checklist.inlineAdd.label"), "aria-describedby": "inline-add-error", "data-testid": "inline-add-input",
  });
  const error = h("p", { class: "form-error inline-add-error", id: "inline-add-error", role: "alert", "data-testid": "inline-add-error" });
  const element = h("div", { class: "inline-add" },
    h("ul", { class: "group inline-add-group" },
      h("li", { class: "row inline-add-row", "data-testid": "inline-add" },
        h("span", { class: "check-slot", "aria-hidden": "true" }, checkCircle()),
        input)),
    error);

  /** Adds the texts; true when they were kept (the field may then be cleared). */
  function submit(texts) {
    if (texts.length === 0) return false;
    try {
      add(texts);
    } catch (e) {
      error.textContent = e.message || t("web.checklist.inlineAdd.failed");
      input.setAttribute("aria-invalid", "true");
      return false;
    }
    error.textContent = "";
    input.removeAttribute("aria-invalid");
    onAdded(texts.length, texts);
    return true;
  }

  input.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || event.isComposing) return;
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (submit([text])) {
      input.value = "";
      // The new row is above this one: keep the field in view (and focused) for the next item.
      requestAnimationFrame(() => input.scrollIntoView({ block: "nearest" }));
    }
  });
  input.addEventListener("input", () => {
    if (error.textContent) {
      error.textContent = "";
      input.removeAttribute("aria-invalid");
    }
  });
  input.addEventListener("paste", (event) => {
    const pasted = event.clipboardData?.getData("text/plain") ?? "";
    if (!/[\r\n]/.test(pasted)) return; // one line: the browser pastes it into the field
    event.preventDefault();
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? input.value.length;
    const whole = input.value.slice(0, start) + pasted + input.value.slice(end);
    const lines = pastedLines(whole);
    if (submit(lines)) {
      input.value = "";
      requestAnimationFrame(() => input.scrollIntoView({ block: "nearest" }));
    } else if (lines.length === 0) {
      input.value = "";
    } else {
      input.value = whole.replace(/\s*[\r\n]+\s*/g, " ").trim(); // kept, on one line, to fix
    }
  });
  return { element, input };
}
