// Pieces the Checklists screens share: the item row templates, the empty circle and the
// "Waiting to send" mark, and the "Not available offline" state.

import { h } from "/views.js";

/** A row template without the markup's white-space text nodes: fewer nodes to clone per row. */
function compactTemplate(id) {
  const root = document.getElementById(id).content.firstElementChild.cloneNode(true);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const blanks = [];
  while (walker.nextNode()) if (!walker.currentNode.data.trim()) blanks.push(walker.currentNode);
  for (const node of blanks) node.remove();
  return root;
}

let templates = null;
/** The item row to clone: index.html's tpl-item, or tpl-item-editing in Edit mode. */
export const itemTemplate = (editing) => {
  templates ??= { normal: compactTemplate("tpl-item"), editing: compactTemplate("tpl-item-editing") };
  return editing ? templates.editing : templates.normal;
};

const checkmarkNode = h("span", { class: "checkmark", "data-testid": "checkmark", text: "√" });
const circleNode = h("span", { class: "check-circle", "data-testid": "check-circle" });
const pendingNode = h("span", {
  class: "pending-mark", role: "img", "aria-label": "Waiting to send", title: "Waiting to send", "data-testid": "pending-mark",
});

/** The checkmark of a ticked row. */
export const checkmark = () => checkmarkNode.cloneNode(true);
/** The empty circle of an unticked row. */
export const checkCircle = () => circleNode.cloneNode(true);
/** The small mark of a row whose change is not sent yet. */
export const pendingMark = () => pendingNode.cloneNode(true);

/** "Not available offline": a screen whose data was never kept on this device, while offline. */
export function notOffline() {
  return h("div", { class: "empty", "data-testid": "not-offline" },
    h("p", { text: "Not available offline. Open it once while online to keep it on this device." }));
}
