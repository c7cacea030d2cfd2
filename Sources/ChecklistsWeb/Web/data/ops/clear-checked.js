// Deletes a list's ticked items, as one change (a ticked parent with an unticked subtask stays).
// Acts on what is there when it arrives, so its removal from the outbox is written at once.

import { route } from "/data/routes.js";
import { checklist } from "/data/ops/op-targets.js";

export default {
  kind: "clearChecked",
  scope: "checklist",
  target: checklist,
  role: "action",
  replaySensitive: true,

  edit(ctx, listID) {
    ctx.enqueue({ kind: "clearChecked", listID });
    return listID;
  },

  request: (op) => [...route("clearChecked", { id: op.listID }), {}],

  apply(v) {
    // As the server: a checked parent with an unchecked subtask stays, and so does it.
    const keptParents = new Set(v.items.filter((i) => !i.checked && i.parentID).map((i) => i.parentID));
    v.items = v.items.filter((i) => !i.checked || keptParents.has(i.id));
  },

  settle(op, answer, { confirm, rebase }) {
    if (!answer?.checklist) return;
    confirm.putChecklist(answer);
    rebase(op, answer.items);
  },
};
