// Moves an item after another (null: first), wherever that one is by then: a replay lands where
// the person put it. Sent without If-Match (the last move wins).

import { route, pathOf } from "/data/routes.js";
import { insertAfter } from "/data/ops-apply.js";
import { item } from "/data/ops/op-targets.js";
import { restoreItem } from "/data/ops/update-item.js";

export default {
  kind: "moveItem",
  scope: "checklist",
  target: item,
  role: "move",
  merges: true,

  /** `store.moveItem(id, afterID)`. */
  edit(ctx, id, afterID) {
    const listID = ctx.itemListID(id);
    ctx.enqueue({ kind: "moveItem", listID, itemID: id, body: { after: afterID ?? null }, was: ctx.was("item", id) });
    return id;
  },

  request: (op) => [...route("moveItem", { id: op.itemID }), { body: { after: op.body.after } }],

  apply(v, op, { flag }) {
    const index = v.find(op.itemID);
    if (index >= 0) {
      const [row] = v.items.splice(index, 1);
      insertAfter(v.items, flag(row, op), op.body.after);
    } else if (op.status === "conflict" && op.conflict?.snapshot) {
      insertAfter(v.items, flag(op.conflict.snapshot, op), op.body.after);
    }
  },

  settle(op, answer, { confirm }) {
    confirm.putItem(answer);
    confirm.moveItem(op.listID, op.itemID, op.body.after);
    return answer.revision;
  },
  /** A 404 while the item is still there: the item it was to follow is gone, so it stays put. */
  async failed(op, error, outbox) {
    if (error.status !== 404) return false;
    const read = await outbox.http("GET", pathOf("getItem", { id: op.itemID }));
    if (!read.ok) return false;
    outbox.host.confirm.putItem(read.answer);
    await outbox.settle(op, null, { skipApply: true });
    return true;
  },
  restore: restoreItem,
};
