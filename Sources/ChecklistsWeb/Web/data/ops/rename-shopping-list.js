// Renames a shopping list, on the revision shown.

import { route, pathOf } from "/data/routes.js";
import { LIMITS, validated } from "/data/ops-apply.js";
import { shoppingList } from "/data/ops/op-targets.js";

export default {
  kind: "renameShoppingList",
  scope: "shoppingList",
  target: shoppingList,
  role: "update",
  merges: true,

  edit(ctx, id, name, { base } = {}) {
    ctx.enqueue({ kind: "renameShoppingList", listID: id, body: { name: validated(name, ...LIMITS.shoppingListName) }, base: base ?? ctx.shownRevision("shoppingList", id), was: ctx.was("shoppingList", id) });
    return id;
  },

  request: (op) => [...route("renameShoppingList", { listID: op.listID }), { body: op.body, ifMatch: op.base }],
  readBack: (op) => pathOf("getShoppingList", { listID: op.listID }),

  apply(v, op, { flag }) {
    if (v.list) v.list = flag({ ...v.list, name: op.body.name }, op);
    else if (op.status === "conflict" && op.conflict?.snapshot) v.list = flag({ ...op.conflict.snapshot, name: op.body.name }, op);
  },
  /** The Shopping tab's row of a list not kept on this device. */
  summary(row, op) {
    row.name = op.body.name;
  },

  settle(op, answer, { confirm }) {
    confirm.putShoppingSummary(answer);
    return answer.revision;
  },
  current: (confirm, op, current) => confirm.putShoppingSummary(current.list ?? current),
  restore: (op, fields, after, edits) => edits.createShoppingList(fields.name),
};
