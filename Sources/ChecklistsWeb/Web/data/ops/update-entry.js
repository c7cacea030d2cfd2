// Changes a line of a shopping list: in the cart or not, its quantity (on the revision shown).

import { route } from "/data/routes.js";
import { entry } from "/data/ops/op-targets.js";

export default {
  kind: "updateEntry",
  scope: "shoppingList",
  target: entry,
  role: "update",
  merges: true,

  /** `store.updateEntry(listID, itemID, {inCart?, quantity?})`. */
  edit(ctx, listID, itemID, changes) {
    const body = {};
    if (changes.inCart !== undefined) body.inCart = !!changes.inCart;
    if (changes.quantity !== undefined) body.quantity = changes.quantity;
    if (Object.keys(body).length === 0) return itemID;
    ctx.enqueue({ kind: "updateEntry", listID, itemID, body, base: ctx.shownRevision("entry", itemID, listID), was: ctx.was("entry", itemID, listID) });
    return itemID;
  },

  request: (op) => [...route("updateEntry", { listID: op.listID, itemID: op.itemID }), { body: op.body, ifMatch: op.base }],
  // A 412 names the line as it is now; there is no GET of one line.
  readBack: () => null,

  apply(v, op, { flag }) {
    const index = v.find(op.itemID);
    if (index >= 0) v.lines[index] = flag({ ...v.lines[index], ...op.body }, op);
    else if (op.status === "conflict" && op.conflict?.snapshot) v.lines.push(flag({ ...op.conflict.snapshot, ...op.body }, op));
    v.changedLines = true;
  },

  settle(op, answer, { confirm }) {
    confirm.putLine(op.listID, answer);
    return answer.revision;
  },
  current(confirm, op, current) {
    if (current.item) confirm.putLine(op.listID, current);
  },
  restore(op, fields, after, edits) {
    const itemID = fields.item?.id ?? op.itemID;
    edits.putOnList(op.listID, itemID, { quantity: fields.quantity ?? 1 });
    if (fields.inCart) edits.updateEntry(op.listID, itemID, { inCart: true });
    return itemID;
  },
};
