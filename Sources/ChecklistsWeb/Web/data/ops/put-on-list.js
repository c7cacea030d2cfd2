// Puts a catalogue item on a shopping list (PUT: sent twice, it is there once).

import { route } from "/data/routes.js";
import { entry } from "/data/ops/op-targets.js";

export default {
  kind: "putOnList",
  scope: "shoppingList",
  target: entry,
  role: "put",

  /** `store.putOnList(listID, itemID, {quantity})` → the item's id. */
  edit(ctx, listID, itemID, { quantity } = {}) {
    const body = quantity ? { quantity } : undefined;
    ctx.enqueue({ kind: "putOnList", listID, itemID, body });
    return itemID;
  },

  request: (op) => [...route("putEntry", { listID: op.listID, itemID: op.itemID }), { body: op.body }],

  apply(v, op, { flag }) {
    const index = v.find(op.itemID);
    if (index >= 0) {
      if (op.body?.quantity) v.lines[index] = flag({ ...v.lines[index], quantity: op.body.quantity }, op);
    } else {
      const item = v.catalogue?.byId.get(op.itemID) ?? { id: op.itemID, name: op.name ?? "", price: null, unit: null, category: null };
      v.lines.push(flag({ item, quantity: op.body?.quantity ?? 1, inCart: false, cost: null, revision: 0 }, op));
    }
    v.changedLines = true;
  },

  settle(op, answer, { confirm }) {
    confirm.putLine(op.listID, answer);
    return answer.revision;
  },
};
