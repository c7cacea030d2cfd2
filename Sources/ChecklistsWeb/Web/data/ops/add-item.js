// Adds an item to a list, with an id this device chose — `after` places it (sent as a move once
// the server made it).

import { route, pathOf } from "/data/routes.js";
import { insertAfter } from "/data/ops-apply.js";
import { itemText, pickItemFields } from "/data/ops/op-fields.js";
import { item } from "/data/ops/op-targets.js";
import { t } from "/messages.js";

export default {
  kind: "addItem",
  scope: "checklist",
  target: item,
  role: "create",

  /** `store.addItem(listID, {text, checked?, dueDate?, remind?, …}, {after, repeatLabel})` → the item's id. */
  edit(ctx, listID, fields, { after, repeatLabel } = {}) {
    const itemID = ctx.uuid();
    const body = { id: itemID, text: itemText(fields.text), ...pickItemFields(fields) };
    if (body.remind && !body.dueDate) throw new Error(t("web.rules.remindNeedsDueDate"));
    if (body.parentID === null) delete body.parentID;
    ctx.enqueue({ kind: "addItem", listID, itemID, body, after, ...(repeatLabel ? { repeatLabel } : {}) });
    return itemID;
  },

  request: (op) => [...route("addItem", { id: op.listID }), { body: op.body }],
  readBack: (op) => pathOf("getItem", { id: op.itemID }),

  apply(v, op, { flag }) {
    const row = {
      id: op.itemID, checklistID: v.id, text: op.body.text, checked: !!op.body.checked,
      dueDate: op.body.dueDate ?? null, remind: !!op.body.remind, reminderDate: null, revision: 0,
      notes: op.body.notes ?? "", flagged: !!op.body.flagged, priority: op.body.priority ?? "none",
      parentID: op.body.parentID ?? null, repeat: op.body.repeat ?? null,
      repeatDescription: op.body.repeat ? op.repeatLabel ?? t("web.item.repeats") : null, subtaskCount: 0, checkedSubtaskCount: 0,
      createdAt: op.at, updatedAt: op.at,
    };
    const index = v.find(op.itemID);
    if (index >= 0) v.items.splice(index, 1);
    insertAfter(v.items, flag(row, op), op.after);
  },

  async settle(op, answer, { confirm, http }) {
    confirm.putItem(answer);
    if (op.after === undefined) return answer.revision;
    const [method, path] = route("moveItem", { id: answer.id });
    const moved = await http(method, path, { body: { after: op.after } });
    if (!moved.ok) return answer.revision;
    confirm.putItem(moved.answer);
    confirm.moveItem(op.listID, answer.id, op.after);
    return moved.answer.revision;
  },
};
