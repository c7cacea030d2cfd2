// Pieces the Checklists screens share: the item row templates (with priority, flag, repeat,
// subtask count and notes), the empty circle and the "Waiting to send" mark, the "Also check
// its subtasks?" question, and the "Not available offline" state.

import { h } from "/views.js";
import { t } from "/messages.js";

/** A row template without the markup's white-space text nodes: fewer nodes to clone per row. */
function compactTemplate(id) {
  const root = document.getElementById(id).content.firstElementChild.cloneNode(true);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const blanks = [];
  while (walker.nextNode()) if (!walker.currentNode.data.trim()) blanks.push(walker.currentNode);
  for (const node of blanks) node.remove();
  return root;
}

/**
 * index.html's row with the parts Reminders shows around the text: the priority marks before
 * it (item-priority), the repeat and "2 of 5" line under the due date (item-details), the flag
 * at the trailing edge (item-flag), and the notes below the row (item-notes, with a "more"
 * button, outside the toggle so it can be pressed).
 */
function withDetails(root) {
  const body = root.querySelector(".row-main");
  const rowText = body.querySelector(".row-text");
  const text = rowText.querySelector(".item-text");
  const line = h("span", { class: "item-line" }, h("span", { class: "item-priority", "data-testid": "item-priority", hidden: true }));
  text.replaceWith(line);
  line.append(text);
  rowText.append(h("span", { class: "row-sub item-details", "data-testid": "item-details" },
    h("span", { class: "item-repeat", "data-testid": "item-repeat" }),
    h("span", { class: "subtask-count", "data-testid": "subtask-count" })));
  body.append(h("span", { class: "item-flag", role: "img", "aria-label": t("web.item.flagged"), title: t("web.item.flagged"), "data-testid": "item-flag", hidden: true }));
  root.append(h("div", { class: "item-notes", "data-testid": "item-notes", hidden: true },
    h("span", { class: "item-notes-text", "data-testid": "item-notes-text" }),
    h("button", { type: "button", class: "notes-more", "data-testid": "notes-more", "aria-expanded": "false", text: t("web.item.notes.more"), hidden: true })));
  return root;
}

let templates = null;
/** The item row to clone: index.html's tpl-item, or tpl-item-editing in Edit mode (with the details above). */
export const itemTemplate = (editing) => {
  templates ??= { normal: withDetails(compactTemplate("tpl-item")), editing: withDetails(compactTemplate("tpl-item-editing")) };
  return editing ? templates.editing : templates.normal;
};

const PRIORITY_NAMES = { low: "web.item.priority.low", medium: "web.item.priority.medium", high: "web.item.priority.high" };
/** The spoken name of a priority ("High priority"), or "" for none. */
export const priorityName = (priority) => (PRIORITY_NAMES[priority] ? t(PRIORITY_NAMES[priority]) : "");

/**
 * Asks whether checking a parent checks its unchecked subtasks too, as a modal dialog.
 * - Returns: a promise of "all" (check them too), "one" (only the parent) or null (cancelled).
 */
export function askCheckSubtasks(item, count) {
  const opener = document.activeElement;
  const titleID = "check-subtasks-title";
  const dialog = h("dialog", { class: "confirm", "aria-labelledby": titleID, "data-testid": "check-subtasks-dialog" },
    h("form", { method: "dialog", class: "confirm-form" },
      h("h2", { class: "confirm-title", id: titleID, text: t("web.item.checkSubtasks.title", { count }) }),
      h("p", { class: "confirm-message", text: t("web.item.checkSubtasks.message", { text: item.text, count }) }),
      h("div", { class: "confirm-buttons" },
        h("button", { type: "submit", value: "one", "data-testid": "check-only-parent", text: t("web.item.checkSubtasks.onlyParent") }),
        h("button", { type: "submit", value: "all", class: "strong", "data-testid": "check-all-subtasks", text: t("web.item.checkSubtasks.all") }))));
  document.body.append(dialog);
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      const value = dialog.returnValue;
      dialog.remove();
      if (opener?.isConnected && typeof opener.focus === "function") opener.focus();
      resolve(value === "all" || value === "one" ? value : null);
    }, { once: true });
    dialog.showModal();
    dialog.querySelector('[value="all"]').focus();
  });
}

const checkmarkNode = h("span", { class: "checkmark", "data-testid": "checkmark", text: "√" });
const circleNode = h("span", { class: "check-circle", "data-testid": "check-circle" });
// Made at first use, once the app's messages are loaded.
let pendingNode = null;
const newPendingNode = () => h("span", {
  class: "pending-mark", role: "img", "aria-label": t("web.item.pending"), title: t("web.item.pending"), "data-testid": "pending-mark",
});

/** The checkmark of a ticked row. */
export const checkmark = () => checkmarkNode.cloneNode(true);
/** The empty circle of an unticked row. */
export const checkCircle = () => circleNode.cloneNode(true);
/** The small mark of a row whose change is not sent yet. */
export const pendingMark = () => (pendingNode ??= newPendingNode()).cloneNode(true);

/** "Not available offline": a screen whose data was never kept on this device, while offline. */
export function notOffline() {
  return h("div", { class: "empty", "data-testid": "not-offline" },
    h("p", { text: t("web.screen.notOffline") }));
}
