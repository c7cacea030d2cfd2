// Finish Shopping: what is in the cart leaves the list and is recorded as a trip. Its client id
// makes a resend (its answer lost) return the same trip — it acts on the cart as it is when it
// arrives, so its removal from the outbox is written before the next op goes.

import { route } from "/data/routes.js";
import { shoppingList } from "/data/ops/op-targets.js";

export default {
  kind: "finishShopping",
  scope: "shoppingList",
  target: shoppingList,
  role: "action",
  replaySensitive: true,

  edit(ctx, listID) {
    ctx.enqueue({ kind: "finishShopping", listID, body: { clientID: ctx.uuid() } });
    return listID;
  },

  request: (op) => [...route("finishShopping", { listID: op.listID }), op.body ? { body: op.body } : {}],

  apply(v) {
    v.lines = v.lines.filter((l) => !l.inCart);
    v.changedLines = true;
  },

  settle(op, answer, { confirm }) {
    if (answer?.contents) confirm.putShoppingContents(answer.contents);
    if (answer && "trip" in answer) confirm.putTrip(op.listID, answer.trip);
  },
};
