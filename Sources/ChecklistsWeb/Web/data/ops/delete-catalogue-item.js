// Deletes a catalogue item (and so its lines on every shopping list). Sent without If-Match.

import { route } from "/data/routes.js";
import { catalogueItem } from "/data/ops/op-targets.js";

export default {
  kind: "deleteCatalogueItem",
  scope: "catalogue",
  target: catalogueItem,
  role: "delete",

  edit(ctx, id) {
    ctx.enqueue({ kind: "deleteCatalogueItem", itemID: id });
    return id;
  },

  request: (op) => [...route("deleteCatalogueItem", { itemID: op.itemID }), {}],

  apply(v, op) {
    const index = v.find(op.itemID);
    if (index >= 0 && op.status !== "conflict") v.items.splice(index, 1);
  },

  settle(op, answer, { confirm }) {
    confirm.removeCatalogueItem(op.itemID);
  },
};
