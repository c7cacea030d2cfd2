// Deletes a list and its items (sent without If-Match: a delete wins over an edit elsewhere).

import { route } from "/data/routes.js";
import { checklist } from "/data/ops/op-targets.js";

export default {
  kind: "deleteChecklist",
  scope: "checklist",
  target: checklist,
  role: "delete",

  edit(ctx, id) {
    ctx.enqueue({ kind: "deleteChecklist", listID: id });
    return id;
  },

  request: (op) => [...route("deleteChecklist", { id: op.listID }), {}],

  apply(v, op) {
    if (op.status !== "conflict") v.gone = true;
  },

  settle(op, answer, { confirm }) {
    confirm.removeChecklist(op.listID);
    confirm.removeMembers(op.listID);
  },
};
