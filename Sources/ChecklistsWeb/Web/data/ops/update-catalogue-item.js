// Changes a catalogue item's name, price, unit or category, on the revision shown.

import { route, pathOf } from "/data/routes.js";
import { catalogueFields } from "/data/ops/op-fields.js";
import { catalogueItem } from "/data/ops/op-targets.js";
import { sectionOf } from "/data/ops/create-catalogue-item.js";

export default {
  kind: "updateCatalogueItem",
  scope: "catalogue",
  target: catalogueItem,
  role: "update",
  merges: true,

  /** `store.updateCatalogueItem(id, {name?, price?, unit?, category?}, {base})`. */
  edit(ctx, id, changes, { base } = {}) {
    const body = catalogueFields(changes, { create: false });
    if (Object.keys(body).length === 0) return id;
    ctx.enqueue({ kind: "updateCatalogueItem", itemID: id, body, base: base ?? ctx.shownRevision("catalogueItem", id), was: ctx.was("catalogueItem", id) });
    return id;
  },

  request: (op) => [...route("updateCatalogueItem", { itemID: op.itemID }), { body: op.body, ifMatch: op.base }],
  readBack: (op) => pathOf("getCatalogueItem", { itemID: op.itemID }),

  apply(v, op, { flag }) {
    const index = v.find(op.itemID);
    if (index >= 0) {
      v.items[index] = flag({ ...v.items[index], ...v.fields(op.body) }, op);
      if ("name" in op.body) {
        v.items[index].section = sectionOf(op.body.name);
        v.reorder = true;
      }
    } else if (op.status === "conflict" && op.conflict?.snapshot) {
      v.items.push(flag({ ...op.conflict.snapshot, ...v.fields(op.body) }, op));
      v.reorder = true;
    }
  },

  settle(op, answer, { confirm }) {
    confirm.putCatalogueItem(answer);
    return answer.revision;
  },
  current: (confirm, op, current) => confirm.putCatalogueItem(current),
  restore(op, fields, after, edits) {
    const price = fields.price && typeof fields.price === "object" ? fields.price.amount : fields.price;
    return edits.createCatalogueItem({ name: fields.name, price: price ?? undefined, unit: fields.unit ?? undefined, category: fields.category ?? undefined });
  },
};
