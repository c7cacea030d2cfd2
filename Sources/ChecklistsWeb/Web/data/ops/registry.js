// The registry of client operations (docs/WEB-CLIENT.md, "Operations"): every kind of change
// the web app makes, declared once in its own module of this folder, as Replicache declares
// its mutators. The store builds its edits from it and its views by replaying the outbox's ops
// through it on the newest confirmed state — the outbox sends and settles ops through it.
//
// An operation module's default export:
//   kind             the op's name, the same as the store's edit (`store.updateItem`)
//   scope            the view it shows in: "checklist" (one list's, by listID), "shoppingList"
//                    (by listID), "catalogue" or "shops"
//   target           what it is about (op-targets.js): the Conflict's `target`, the revision
//                    shown, what to forget when the server says it is gone
//   role             "create" (a 409 reads it back), "update" (If-Match — a 412 is merged or a
//                    "changed" conflict — a 404 a "deleted" one), "move" (a 404 is "deleted"),
//                    "delete" (a 404 is done), "put" or "action"
//   merges           quick repeats of one thing are sent as one request with the latest state
//   replaySensitive  acts on what is there when it arrives: its removal is written at once
//   edit(ctx, …)     the mutator: checks the fields, enqueues the op, returns the id
//   request(op)      [method, path, options], the path from the route table's operation id
//   readBack(op)     the path a create (after a 409) or an update (a 412 without `current`)
//                    is read back from — unwrap(answer) the thing in that answer
//   apply(v, op, env)  what it does to its view (v: the view being built, mutated in place)
//   summary(row, op) what it does to its list's row when the list is not kept here
//   shownShop(shop, op, env)  the shop a shopping list shows once it is applied
//   settle(op, answer, ctx)   the answer becomes confirmed state — returns the new revision
//   failed(op, error, outbox) an answer of its own to handle (true when it did)
//   merge(last, fields)       extra work when a quick repeat joins the queued op
//   current(confirm, op, current)  a 412's current resource becomes confirmed state
//   restore(op, fields, after, edits)  "Restore" of a thing deleted elsewhere: made again
//
// Adding a kind of change: one new module here, listed below, and the screen that calls it.

import createChecklist from "/data/ops/create-checklist.js";
import updateChecklist from "/data/ops/update-checklist.js";
import deleteChecklist from "/data/ops/delete-checklist.js";
import addItem from "/data/ops/add-item.js";
import updateItem from "/data/ops/update-item.js";
import moveItem from "/data/ops/move-item.js";
import deleteItem from "/data/ops/delete-item.js";
import uncheckAll from "/data/ops/uncheck-all.js";
import clearChecked from "/data/ops/clear-checked.js";
import createCatalogueItem from "/data/ops/create-catalogue-item.js";
import updateCatalogueItem from "/data/ops/update-catalogue-item.js";
import deleteCatalogueItem from "/data/ops/delete-catalogue-item.js";
import createShoppingList from "/data/ops/create-shopping-list.js";
import renameShoppingList from "/data/ops/rename-shopping-list.js";
import deleteShoppingList from "/data/ops/delete-shopping-list.js";
import putOnList from "/data/ops/put-on-list.js";
import takeOffList from "/data/ops/take-off-list.js";
import updateEntry from "/data/ops/update-entry.js";
import finishShopping from "/data/ops/finish-shopping.js";
import pickShop from "/data/ops/pick-shop.js";
import createShop from "/data/ops/create-shop.js";
import orderShop from "/data/ops/order-shop.js";

const SCOPES = new Set(["checklist", "shoppingList", "catalogue", "shops"]);
const ROLES = new Set(["create", "update", "move", "delete", "put", "action"]);

/** Every operation, by kind. */
export const OPERATIONS = new Map();
for (const operation of [
  createChecklist, updateChecklist, deleteChecklist, addItem, updateItem, moveItem, deleteItem, uncheckAll, clearChecked,
  createCatalogueItem, updateCatalogueItem, deleteCatalogueItem,
  createShoppingList, renameShoppingList, deleteShoppingList, putOnList, takeOffList, updateEntry, finishShopping, pickShop,
  createShop, orderShop,
]) {
  if (OPERATIONS.has(operation.kind)) throw new Error(`Two operations are called ${operation.kind}.`);
  if (!SCOPES.has(operation.scope) || !ROLES.has(operation.role) || !operation.target || typeof operation.request !== "function") {
    throw new Error(`The operation ${operation.kind} does not say its scope, role, target and request.`);
  }
  OPERATIONS.set(operation.kind, operation);
}

/** The declaration of an op's kind; throws for a kind this app does not know. */
export function operationOf(op) {
  const operation = OPERATIONS.get(op.kind);
  if (!operation) throw new Error(`Unknown op ${op.kind}`);
  return operation;
}

/** What an op is about: {kind, id, listID?} (the Conflict's `target`). */
export const targetOf = (op) => operationOf(op).target.of(op);

/** The key of the view an op shows in: "checklist:<id>", "shoppingList:<id>", "catalogue", "shops". */
export function viewKeyOf(op) {
  const { scope } = operationOf(op);
  return scope === "checklist" || scope === "shoppingList" ? `${scope}:${op.listID}` : scope;
}
