// Deletes an item (and its subtasks, as the server does). Sent without If-Match.

import { route } from "/data/routes.js";
import { item } from "/data/ops/op-targets.js";

export default {
  kind: "deleteItem",
  scope: "checklist",
  target: item,
  role: "delete",

  edit(ctx, id) {
    ctx.enqueue({ kind: "deleteItem", listID: ctx.itemListID(id), itemID: id });
    return id;
  },

  request: (op) => [...route("deleteItem", { id: op.itemID }), {}],

  apply(v, op) {
    const index = v.find(op.itemID);
    if (index < 0 || op.status === "conflict") return;
    v.items.splice(index, 1);
    if (v.items.some((i) => i.parentID === op.itemID)) v.items = v.items.filter((i) => i.parentID !== op.itemID);
  },

  settle(op, answer, { confirm }) {
    confirm.removeItem(op.listID, op.itemID);
  },
};
