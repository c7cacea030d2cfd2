// Renames a list, changes its icon or whether it hides ticked items (PATCH on the revision shown).

import { route, pathOf } from "/data/routes.js";
import { listName } from "/data/ops/op-fields.js";
import { checklist } from "/data/ops/op-targets.js";

export default {
  kind: "updateChecklist",
  scope: "checklist",
  target: checklist,
  role: "update",
  merges: true,

  /** `store.updateChecklist(id, {name?, icon?, hideChecked?}, {base})`. */
  edit(ctx, id, changes, { base } = {}) {
    const body = {};
    if (changes.name !== undefined) body.name = listName(changes.name);
    if (changes.icon !== undefined) body.icon = changes.icon;
    if (changes.hideChecked !== undefined) body.hideChecked = !!changes.hideChecked;
    if (Object.keys(body).length === 0) return id;
    ctx.enqueue({ kind: "updateChecklist", listID: id, body, base: base ?? ctx.shownRevision("checklist", id), was: ctx.was("checklist", id) });
    return id;
  },

  request: (op) => [...route("updateChecklist", { id: op.listID }), { body: op.body, ifMatch: op.base }],
  readBack: (op) => pathOf("getChecklist", { id: op.listID }),
  unwrap: (answer) => answer.checklist ?? answer,

  apply(v, op, { flag }) {
    if (v.checklist) v.checklist = flag({ ...v.checklist, ...op.body }, op);
    else if (op.status === "conflict" && op.conflict?.snapshot) v.checklist = flag({ ...op.conflict.snapshot, ...op.body }, op);
  },
  /** All Lists' row of a list not kept on this device. */
  summary(row, op) {
    Object.assign(row, op.body);
  },

  settle(op, answer, { confirm }) {
    confirm.putChecklistFields(answer);
    return answer.revision;
  },
  current: (confirm, op, current) => confirm.putChecklistFields(current.checklist ?? current),
  restore: (op, fields, after, edits) => edits.createChecklist({ name: fields.name, icon: fields.icon }),
};
