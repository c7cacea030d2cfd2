// The registry of client operations (data/ops/): every kind declared once, each request built
// from the route table's operation ids (fixtures/operations.json, which ClientOperationsTests
// keeps equal to the server's table), and each view application checked on its own.

import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { setNavigator } from "./support/fakes.mjs";
import { importWeb } from "./support/web.mjs";

setNavigator({ language: "en-US", onLine: false });

const { OPERATIONS, operationOf, targetOf, viewKeyOf } = await importWeb("/data/ops/registry.js");
const { route } = await importWeb("/data/routes.js");
const table = JSON.parse(await readFile(new URL("./fixtures/operations.json", import.meta.url), "utf8"));

/** One op of every kind, as the store's edits make them. */
const SAMPLES = {
  createChecklist: { listID: "L", body: { id: "L", name: "Trip" } },
  updateChecklist: { listID: "L", body: { name: "Trip" }, base: 3 },
  deleteChecklist: { listID: "L" },
  addItem: { listID: "L", itemID: "I", body: { id: "I", text: "Milk" } },
  updateItem: { listID: "L", itemID: "I", body: { checked: true }, base: 4 },
  moveItem: { listID: "L", itemID: "I", body: { after: null } },
  deleteItem: { listID: "L", itemID: "I" },
  uncheckAll: { listID: "L" },
  clearChecked: { listID: "L" },
  createCatalogueItem: { itemID: "C", body: { id: "C", name: "Milk" } },
  updateCatalogueItem: { itemID: "C", body: { price: "1.99" }, base: 2 },
  deleteCatalogueItem: { itemID: "C" },
  createShoppingList: { listID: "S", body: { id: "S", name: "Week" } },
  renameShoppingList: { listID: "S", body: { name: "Party" }, base: 1 },
  deleteShoppingList: { listID: "S" },
  putOnList: { listID: "S", itemID: "C" },
  takeOffList: { listID: "S", itemID: "C" },
  updateEntry: { listID: "S", itemID: "C", body: { inCart: true }, base: 5 },
  finishShopping: { listID: "S", body: { clientID: "T" } },
  pickShop: { listID: "S", body: { shopID: "H" } },
  createShop: { shopID: "H", body: { name: "Corner", clientID: "H" } },
  orderShop: { shopID: "H", body: { sections: ["Dairy"] }, base: 6 },
};

/** What each kind sends: [method, path, If-Match]. */
const REQUESTS = {
  createChecklist: ["POST", "/checklists", undefined],
  updateChecklist: ["PATCH", "/checklists/L", 3],
  deleteChecklist: ["DELETE", "/checklists/L", undefined],
  addItem: ["POST", "/checklists/L/items", undefined],
  updateItem: ["PATCH", "/items/I", 4],
  moveItem: ["POST", "/items/I/move", undefined],
  deleteItem: ["DELETE", "/items/I", undefined],
  uncheckAll: ["POST", "/checklists/L/uncheck-all", undefined],
  clearChecked: ["POST", "/checklists/L/clear-checked", undefined],
  createCatalogueItem: ["POST", "/catalogue", undefined],
  updateCatalogueItem: ["PATCH", "/catalogue/C", 2],
  deleteCatalogueItem: ["DELETE", "/catalogue/C", undefined],
  createShoppingList: ["POST", "/shopping-lists", undefined],
  renameShoppingList: ["PATCH", "/shopping-lists/S", 1],
  deleteShoppingList: ["DELETE", "/shopping-lists/S", undefined],
  putOnList: ["PUT", "/shopping-lists/S/entries/C", undefined],
  takeOffList: ["DELETE", "/shopping-lists/S/entries/C", undefined],
  updateEntry: ["PATCH", "/shopping-lists/S/entries/C", 5],
  finishShopping: ["POST", "/shopping-lists/S/finish", undefined],
  pickShop: ["PUT", "/shopping-lists/S/shop", undefined],
  createShop: ["POST", "/shops", undefined],
  orderShop: ["PATCH", "/shops/H", 6],
};

const op = (kind) => ({ kind, seq: 1, id: "op-1", at: "2026-01-01T00:00:00Z", status: "queued", ...SAMPLES[kind] });
const flag = (row, o) => (o.status === "conflict" ? { ...row, _conflict: o.id } : { ...row, _pending: true });

describe("the registry", () => {
  test("every kind the app makes is declared once, and every declared kind is covered here", () => {
    assert.deepEqual([...OPERATIONS.keys()].sort(), Object.keys(SAMPLES).sort());
    for (const operation of OPERATIONS.values()) {
      assert.equal(typeof operation.edit, "function", `${operation.kind} has its edit`);
      assert.equal(typeof operation.settle, "function", `${operation.kind} settles`);
      assert.equal(typeof operation.apply === "function" || typeof operation.shownShop === "function", true, `${operation.kind} shows`);
    }
  });

  test("each request is the route table's operation, with its parameters filled in", () => {
    const methods = new Set(Object.values(table).map(([method]) => method));
    for (const [kind, [method, path, ifMatch]] of Object.entries(REQUESTS)) {
      const [m, p, options] = operationOf(op(kind)).request(op(kind));
      assert.deepEqual([m, p, options.ifMatch], [method, path, ifMatch], kind);
      assert.ok(methods.has(m));
      // The path is one of the table's templates with its parameters put in.
      const templates = Object.values(table).filter(([tm]) => tm === m).map(([, t]) => new RegExp(`^${t.replace(/\{\w+\}/g, "[^/]+")}$`));
      assert.ok(templates.some((t) => t.test(p)), `${kind}: ${p} is a route of the table`);
    }
  });

  test("a route the server does not have, or a parameter left out, is the app's mistake and throws", () => {
    assert.throws(() => route("noSuchOperation"), /no operation noSuchOperation/);
    assert.throws(() => route("updateItem", {}), /updateItem needs its id/);
    assert.deepEqual(route("searchCatalogue", { query: { q: "crème brûlée", limit: 5 } }), ["GET", "/catalogue/search?q=cr%C3%A8me%20br%C3%BBl%C3%A9e&limit=5"]);
  });

  test("creates and updates say where they are read back from; creates and updates only", () => {
    for (const operation of OPERATIONS.values()) {
      if (operation.role === "create" && operation.kind !== "createShop") assert.equal(typeof operation.readBack, "function", operation.kind);
      if (operation.role !== "create" && operation.role !== "update") assert.equal(operation.readBack, undefined, operation.kind);
    }
    assert.equal(operationOf(op("addItem")).readBack(op("addItem")), "/items/I");
    assert.equal(operationOf(op("createShoppingList")).unwrap({ list: { id: "S" }, lines: [] }).id, "S");
  });

  test("targets and view keys", () => {
    assert.deepEqual(targetOf(op("moveItem")), { kind: "item", id: "I", listID: "L" });
    assert.deepEqual(targetOf(op("finishShopping")), { kind: "shoppingList", id: "S" });
    assert.equal(viewKeyOf(op("updateItem")), "checklist:L");
    assert.equal(viewKeyOf(op("updateEntry")), "shoppingList:S");
    assert.equal(viewKeyOf(op("deleteCatalogueItem")), "catalogue");
    assert.equal(viewKeyOf(op("orderShop")), "shops");
    assert.throws(() => operationOf({ kind: "teleportItem" }), /Unknown op teleportItem/);
  });
});

describe("what each op does to its view", () => {
  const list = () => {
    const v = {
      id: "L", checklist: { id: "L", name: "Trip" }, gone: false,
      items: [
        { id: "A", text: "Tent", checked: true, parentID: null },
        { id: "B", text: "Pegs", checked: false, parentID: "A" },
        { id: "I", text: "Milk", checked: false, parentID: null },
        { id: "D", text: "Map", checked: true, parentID: null },
      ],
    };
    v.find = (id) => v.items.findIndex((i) => i.id === id);
    return v;
  };
  const apply = (v, o) => operationOf(o).apply(v, o, { flag });

  test("an added item shows where it was put, pending; a move puts it after the other", () => {
    const v = list();
    apply(v, { ...op("addItem"), itemID: "N", body: { id: "N", text: "Torch" }, after: "A" });
    assert.deepEqual(v.items.map((i) => i.id), ["A", "N", "B", "I", "D"]);
    assert.equal(v.items[1]._pending, true);
    apply(v, { ...op("moveItem"), itemID: "N", body: { after: null } });
    assert.deepEqual(v.items.map((i) => i.id), ["N", "A", "B", "I", "D"]);
  });

  test("a check with its subtasks checks them too; a delete takes the subtasks with it", () => {
    const v = list();
    apply(v, { ...op("updateItem"), itemID: "A", body: { checked: true, checkSubtasks: true } });
    assert.equal(v.items.find((i) => i.id === "B").checked, true);
    apply(v, { ...op("deleteItem"), itemID: "A" });
    assert.deepEqual(v.items.map((i) => i.id), ["I", "D"]);
  });

  test("Clear Ticked keeps a ticked parent with an unticked subtask; Uncheck All unticks all", () => {
    const v = list();
    apply(v, op("clearChecked"));
    assert.deepEqual(v.items.map((i) => i.id), ["A", "B", "I"]);
    apply(v, op("uncheckAll"));
    assert.ok(v.items.every((i) => !i.checked));
  });

  test("an edit of a thing deleted elsewhere keeps its row while the conflict waits", () => {
    const v = list();
    const conflict = { ...op("updateItem"), itemID: "X", status: "conflict", conflict: { kind: "deleted", snapshot: { id: "X", text: "Gone" }, after: "A" } };
    apply(v, conflict);
    assert.deepEqual(v.items.map((i) => i.id), ["A", "X", "B", "I", "D"]);
    assert.equal(v.items[1]._conflict, "op-1");
  });

  test("a delete of the list hides it; one in conflict does not", () => {
    const v = list();
    apply(v, { ...op("deleteChecklist"), status: "conflict" });
    assert.equal(v.gone, false);
    apply(v, op("deleteChecklist"));
    assert.equal(v.gone, true);
  });

  test("Finish Shopping takes the cart off the list; a pick shows the picked shop", () => {
    const v = { id: "S", list: { id: "S" }, lines: [{ item: { id: "C" }, inCart: true }, { item: { id: "E" }, inCart: false }], changedLines: false };
    apply(v, op("finishShopping"));
    assert.deepEqual(v.lines.map((l) => l.item.id), ["E"]);
    assert.equal(v.changedLines, true);
    const shops = () => [{ id: "h", name: "Corner", sections: [] }];
    const picked = operationOf(op("pickShop")).shownShop(null, op("pickShop"), { kept: null, shops, listShops: () => [] });
    assert.equal(picked.name, "Corner", "shop ids compare ignoring case");
    const order = { ...op("orderShop"), shopID: "h", body: { sections: ["Dairy", "Bakery"] } };
    const ordered = operationOf(order).shownShop(picked, order);
    assert.deepEqual(ordered.sections, [{ category: "Dairy", rank: 0 }, { category: "Bakery", rank: 1 }]);
    assert.equal(ordered._pending, true);
    assert.equal(operationOf(order).shownShop({ id: "other" }, order).sections, undefined, "another shop's order is not shown");
  });
});

describe("what needs a connection (data/online.js)", () => {
  test("every request a screen asks the store for is an operation of the route table", async () => {
    const { onlineRequests } = await importWeb("/data/online.js");
    const calls = [];
    const requests = onlineRequests(async (method, path, options) => calls.push([method, path, options?.body]));
    const args = {
      smartList: ["today", "Europe/Berlin"], trip: ["T"], spending: [{ months: 6, tz: "UTC" }], priceHistory: ["C"],
      addEntryByName: ["S", "Milk"], deleteTemplate: ["P"], startTemplate: ["P", { name: "Trip" }], listMembers: ["L"],
      share: ["L", "anna", "editor"], unshare: ["L", "anna"], leave: ["L"], invites: ["shoppingList", "S"],
      createInvite: ["checklist", "L", { role: "viewer" }], revokeInvite: ["V"], revokeToken: ["K"], search: ["milk & honey"],
    };
    for (const [name, fn] of Object.entries(requests)) await fn(...(args[name] ?? []));
    assert.equal(calls.length, Object.keys(requests).length);
    const sent = new Map(Object.keys(requests).map((name, i) => [name, calls[i]]));
    assert.deepEqual(sent.get("share"), ["PUT", "/shares/L/anna", { role: "editor" }]);
    assert.deepEqual(sent.get("invites").slice(0, 2), ["GET", "/shopping-lists/S/invites"]);
    assert.deepEqual(sent.get("createInvite").slice(0, 2), ["POST", "/checklists/L/invites"]);
    assert.deepEqual(sent.get("search").slice(0, 2), ["GET", "/search?q=milk%20%26%20honey"]);
    assert.deepEqual(sent.get("smartList").slice(0, 2), ["GET", "/smart-lists/today?tz=Europe%2FBerlin"]);
    assert.deepEqual(sent.get("smartLists").slice(0, 2), ["GET", "/smart-lists"], "no time zone: no tz");
  });
});
