// Takes an item off a shopping list (a 404 is done: it was already off).

import { route } from "/data/routes.js";
import { entry } from "/data/ops/op-targets.js";

export default {
  kind: "takeOffList",
  scope: "shoppingList",
  target: entry,
  role: "delete",

  edit(ctx, listID, itemID) {
    ctx.enqueue({ kind: "takeOffList", listID, itemID });
    return itemID;
  },

  request: (op) => [...route("removeEntry", { listID: op.listID, itemID: op.itemID }), {}],

  apply(v, op) {
    const index = v.find(op.itemID);
    if (index >= 0 && op.status !== "conflict") v.lines.splice(index, 1);
    v.changedLines = true;
  },

  settle(op, answer, { confirm }) {
    confirm.removeLine(op.listID, op.itemID);
  },
};
