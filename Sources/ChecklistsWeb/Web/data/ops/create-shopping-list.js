// Makes a shopping list, with an id this device chose.

import { route, pathOf } from "/data/routes.js";
import { LIMITS, shoppingTotals, validated } from "/data/ops-apply.js";
import { shoppingList } from "/data/ops/op-targets.js";

export default {
  kind: "createShoppingList",
  scope: "shoppingList",
  target: shoppingList,
  role: "create",

  /** `store.createShoppingList(name)` → the new list's id. */
  edit(ctx, name) {
    const id = ctx.uuid();
    ctx.enqueue({ kind: "createShoppingList", listID: id, body: { id, name: validated(name, ...LIMITS.shoppingListName) } });
    return id;
  },

  request: (op) => [...route("createShoppingList"), { body: op.body }],
  readBack: (op) => pathOf("getShoppingList", { listID: op.listID }),
  unwrap: (answer) => answer.list ?? answer,

  apply(v, op, { flag }) {
    v.list = flag({ id: v.id, name: op.body.name, entryCount: 0, inCartCount: 0, remainingCount: 0, revision: 0, createdAt: op.at, updatedAt: op.at }, op);
  },

  settle(op, answer, { confirm, state }) {
    if (!state.shopping.has(answer.id)) {
      confirm.putShoppingContents({ list: answer, lines: [], totals: shoppingTotals([]) });
    }
    confirm.putShoppingSummary(answer);
    return answer.revision;
  },
};
