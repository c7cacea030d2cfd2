// Changes an item's fields (text, checked, due date, remind, notes, flag, priority, parent,
// repeat), on the revision shown: the server merges field by field, a 412 names the fields
// another device changed too. Checking is a state (`{"checked": true}`), never a flip.

import { route, pathOf } from "/data/routes.js";
import { insertAfter } from "/data/ops-apply.js";
import { itemText, pickItemFields } from "/data/ops/op-fields.js";
import { item } from "/data/ops/op-targets.js";
import { t } from "/messages.js";

/** Restore (deleted on another device): the item made again, with a new id, after the same one. */
export function restoreItem(op, fields, after, edits) {
  const made = { text: fields.text ?? "", checked: !!fields.checked };
  if (fields.dueDate) made.dueDate = fields.dueDate;
  if (fields.remind && fields.dueDate) made.remind = true;
  for (const key of ["notes", "flagged", "priority", "repeat"]) if (fields[key]) made[key] = fields[key];
  return edits.addItem(op.listID, made, { after: after === undefined ? undefined : after });
}

export default {
  kind: "updateItem",
  scope: "checklist",
  target: item,
  role: "update",
  merges: true,

  /** `store.updateItem(id, changes, {base, repeatLabel})`; `checkSubtasks` (with checked: true) checks its subtasks too. */
  edit(ctx, id, changes, { base, repeatLabel } = {}) {
    const listID = ctx.itemListID(id);
    const body = {};
    if (changes.text !== undefined) body.text = itemText(changes.text);
    Object.assign(body, pickItemFields(changes));
    if (changes.checkSubtasks && body.checked === true) body.checkSubtasks = true;
    if (Object.keys(body).length === 0) return id;
    const op = { kind: "updateItem", listID, itemID: id, body, base: base ?? ctx.shownRevision("item", id), was: ctx.was("item", id) };
    if (repeatLabel) op.repeatLabel = repeatLabel;
    ctx.enqueue(op);
    return id;
  },
  /** A quick repeat joins the queued op: an uncheck takes back "check its subtasks too". */
  merge(last, fields) {
    if (fields.body.checked === false) delete last.body.checkSubtasks;
  },

  request: (op) => [...route("updateItem", { id: op.itemID }), { body: op.body, ifMatch: op.base }],
  readBack: (op) => pathOf("getItem", { id: op.itemID }),

  apply(v, op, { flag }) {
    const { checkSubtasks, ...fields } = op.body;
    // A new rule's description is the server's to say; until it answers, the picker's words.
    if ("repeat" in fields) fields.repeatDescription = fields.repeat ? op.repeatLabel ?? t("web.item.repeats") : null;
    const index = v.find(op.itemID);
    if (index >= 0) v.items[index] = flag({ ...v.items[index], ...fields }, op);
    else if (op.status === "conflict" && op.conflict?.snapshot) {
      insertAfter(v.items, flag({ ...op.conflict.snapshot, ...fields }, op), op.conflict.after);
    }
    if (checkSubtasks && op.status !== "conflict") {
      v.items = v.items.map((i) => (i.parentID === op.itemID && !i.checked ? flag({ ...i, checked: true }, op) : i));
    }
  },

  settle(op, answer, { confirm }) {
    confirm.putItem(answer);
    return answer.revision;
  },
  current: (confirm, op, current) => confirm.putItem(current),
  restore: restoreItem,
};
