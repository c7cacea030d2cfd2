// Adds an item to the catalogue. Names are unique ignoring case and accents: a name the
// catalogue has is that item (the server answers with its id, which every later op then uses).

import { route, pathOf } from "/data/routes.js";
import { fold } from "/data/ops-apply.js";
import { catalogueFields } from "/data/ops/op-fields.js";
import { catalogueItem } from "/data/ops/op-targets.js";

/** The catalogue's index letter of a name ("#" for anything but A-Z once folded). */
export function sectionOf(name) {
  const first = fold(name).charAt(0).toUpperCase();
  return /[A-Z]/.test(first) ? first : "#";
}

export default {
  kind: "createCatalogueItem",
  scope: "catalogue",
  target: catalogueItem,
  role: "create",

  /** `store.createCatalogueItem({name, price?, unit?, category?})` → the item's id (the kept one of that name). */
  edit(ctx, fields) {
    const id = ctx.uuid();
    const body = { id, ...catalogueFields(fields, { create: true }) };
    const key = fold(body.name);
    const existing = ctx.catalogueView()?.items.find((i) => ctx.foldedName(i) === key);
    if (existing && !existing._pending) {
      // The catalogue has it (names are unique ignoring case): the server would answer that one.
      const changes = {};
      for (const k of ["price", "unit", "category"]) if (body[k] !== undefined) changes[k] = body[k];
      if (Object.keys(changes).length) ctx.edits.updateCatalogueItem(existing.id, changes);
      return existing.id;
    }
    ctx.enqueue({ kind: "createCatalogueItem", itemID: id, body });
    return id;
  },

  request: (op) => [...route("addCatalogueItem"), { body: op.body }],
  readBack: (op) => pathOf("getCatalogueItem", { itemID: op.itemID }),

  apply(v, op, { flag }) {
    const index = v.find(op.itemID);
    if (index >= 0) v.items.splice(index, 1);
    const name = op.body.name;
    v.items.push(flag({
      id: op.itemID, name, price: null, unit: null, category: null, ...v.fields(op.body),
      section: sectionOf(name), revision: 0, createdAt: op.at, updatedAt: op.at,
    }, op));
    v.reorder = true;
  },

  settle(op, answer, { confirm, remap }) {
    if (answer.id !== op.itemID) remap(op, op.itemID, answer.id);
    confirm.putCatalogueItem(answer);
    return answer.revision;
  },
};
