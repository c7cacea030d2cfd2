// What an op is about: one declaration per kind of thing (an item, a shopping-list entry, a
// catalogue item, a checklist, a shopping list, a shop). An op module names its target; the
// outbox and the store ask the target for its Conflict `target`, the revision it shows, and
// what to forget when the server says the thing is gone.

const sameShopID = (a, b) => !!a && !!b && String(a).toUpperCase() === String(b).toUpperCase();

/**
 * A target kind: `of(op)` the Conflict's `target` ({kind, id, listID?}); `thing(found)` what
 * `locate` found of it; `forget(confirm, op)` drops it from the confirmed state (deleted on
 * another device).
 */
function targetKind(kind, { of, thing, forget = () => undefined }) {
  return { kind, of, thing, forget };
}

export const item = targetKind("item", {
  of: (op) => ({ kind: "item", id: op.itemID, listID: op.listID }),
  thing: (found) => found?.item ?? null,
  forget: (confirm, op) => confirm.removeItem(op.listID, op.itemID),
});

export const entry = targetKind("entry", {
  of: (op) => ({ kind: "entry", id: op.itemID, listID: op.listID }),
  thing: (found) => found?.line ?? null,
  forget: (confirm, op) => confirm.removeLine(op.listID, op.itemID),
});

export const catalogueItem = targetKind("catalogueItem", {
  of: (op) => ({ kind: "catalogueItem", id: op.itemID }),
  thing: (found) => found?.item ?? null,
  forget: (confirm, op) => confirm.removeCatalogueItem(op.itemID),
});

export const checklist = targetKind("checklist", {
  of: (op) => ({ kind: "checklist", id: op.listID }),
  thing: (found) => found?.checklist ?? null,
  forget: (confirm, op) => confirm.removeChecklist(op.listID),
});

export const shoppingList = targetKind("shoppingList", {
  of: (op) => ({ kind: "shoppingList", id: op.listID }),
  thing: (found) => found?.list ?? null,
  forget: (confirm, op) => confirm.removeShoppingList(op.listID),
});

export const shop = targetKind("shop", {
  of: (op) => ({ kind: "shop", id: op.shopID }),
  thing: (found) => found?.shop ?? null,
});

/** Every target kind by its name (`store.locate`'s first argument). */
export const TARGETS = { item, entry, catalogueItem, checklist, shoppingList, shop };

export { sameShopID };
