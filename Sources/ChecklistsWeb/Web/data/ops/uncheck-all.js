// Takes the checkmark off every item of a list, as one change. Acts on what is there when it
// arrives, so its removal from the outbox is written before the next op goes.

import { route } from "/data/routes.js";
import { checklist } from "/data/ops/op-targets.js";

export default {
  kind: "uncheckAll",
  scope: "checklist",
  target: checklist,
  role: "action",
  replaySensitive: true,

  edit(ctx, listID) {
    ctx.enqueue({ kind: "uncheckAll", listID });
    return listID;
  },

  request: (op) => [...route("uncheckAll", { id: op.listID }), {}],

  apply(v, op, { flag }) {
    v.items = v.items.map((i) => (i.checked ? flag({ ...i, checked: false }, op) : i));
  },

  /** The whole list answered: later item edits are made on it. */
  settle(op, answer, { confirm, rebase }) {
    if (!answer?.checklist) return;
    confirm.putChecklist(answer);
    rebase(op, answer.items);
  },
};
