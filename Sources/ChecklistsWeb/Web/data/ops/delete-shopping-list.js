// Deletes a shopping list (the catalogue keeps its items). Sent without If-Match.

import { route } from "/data/routes.js";
import { shoppingList } from "/data/ops/op-targets.js";

export default {
  kind: "deleteShoppingList",
  scope: "shoppingList",
  target: shoppingList,
  role: "delete",

  edit(ctx, id) {
    ctx.enqueue({ kind: "deleteShoppingList", listID: id });
    return id;
  },

  request: (op) => [...route("deleteShoppingList", { listID: op.listID }), {}],

  apply(v, op) {
    if (op.status !== "conflict") v.gone = true;
  },

  settle(op, answer, { confirm }) {
    confirm.removeShoppingList(op.listID);
    confirm.removeMembers(op.listID);
  },
};
