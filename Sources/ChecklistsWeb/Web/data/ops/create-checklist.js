// Makes a checklist, with an id this device chose (sent as "id": a replay answers the same list).

import { route, pathOf } from "/data/routes.js";
import { listName } from "/data/ops/op-fields.js";
import { checklist } from "/data/ops/op-targets.js";
import { t } from "/messages.js";

export default {
  kind: "createChecklist",
  scope: "checklist",
  target: checklist,
  role: "create",

  /** `store.createChecklist({name, icon})` → the new list's id. */
  edit(ctx, { name, icon } = {}) {
    const id = ctx.uuid();
    const body = { id, name: listName(name) };
    if (icon) body.icon = icon;
    ctx.enqueue({ kind: "createChecklist", listID: id, body });
    return id;
  },

  request: (op) => [...route("createChecklist"), { body: op.body }],
  readBack: (op) => pathOf("getChecklist", { id: op.listID }),
  unwrap: (answer) => answer.checklist ?? answer,

  apply(v, op, { flag }) {
    v.checklist = flag({
      id: v.id, name: op.body.name, icon: op.body.icon ?? "Folder", hideChecked: false, revision: 0,
      itemCount: 0, remainingCount: 0, subtitle: t("web.list.subtitle.empty"), createdAt: op.at, updatedAt: op.at,
    }, op);
  },

  settle(op, answer, { confirm, state }) {
    if (!state.lists.has(answer.id)) confirm.putChecklist({ checklist: answer, items: [] });
    else confirm.putChecklistFields(answer);
    return answer.revision;
  },
};
