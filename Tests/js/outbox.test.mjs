// The outbox's pure parts and its sending order, with a hand-written store host and a fake
// session answer instead of IndexedDB and the network (data/outbox.js is not changed for it).

import { after, beforeEach, describe, test } from "node:test";
import assert from "node:assert/strict";
import { fakeHost, setNavigator } from "./support/fakes.mjs";
import { importWeb } from "./support/web.mjs";
import { useCatalogue } from "./support/messages.mjs";

setNavigator({ language: "en-US", onLine: false });
await useCatalogue("en"); // conflict messages are the catalogue's, as in the browser
// GET /api/v1/session, which the outbox asks before sending: the single-user mode.
globalThis.fetch = async () => ({ status: 200, ok: true, json: async () => ({ mode: "single-user" }) });

const { Outbox, targetOf } = await importWeb("/data/outbox.js");
const { etagFor, revisionOf } = await importWeb("/api.js");
const { databaseName } = await importWeb("/data/idb.js");

const outboxes = [];
function makeOutbox(options) {
  const host = fakeHost(options);
  const outbox = new Outbox(host);
  outboxes.push(outbox);
  return { host, outbox };
}
// A backoff leaves a timer; none may keep the test process alive.
after(() => outboxes.forEach((o) => clearTimeout(o.timer)));
beforeEach(() => setNavigator({ language: "en-US", onLine: false }));

describe("what an op is about", () => {
  test("items and entries name their list, lists and the catalogue do not", () => {
    assert.deepEqual(targetOf({ kind: "updateItem", itemID: "I", listID: "L" }), { kind: "item", id: "I", listID: "L" });
    assert.deepEqual(targetOf({ kind: "updateEntry", itemID: "I", listID: "L" }), { kind: "entry", id: "I", listID: "L" });
    assert.deepEqual(targetOf({ kind: "updateCatalogueItem", itemID: "I" }), { kind: "catalogueItem", id: "I" });
    assert.deepEqual(targetOf({ kind: "pickShop", listID: "L" }), { kind: "shoppingList", id: "L" });
    assert.deepEqual(targetOf({ kind: "orderShop", shopID: "S" }), { kind: "shop", id: "S" });
    assert.deepEqual(targetOf({ kind: "uncheckAll", listID: "L" }), { kind: "checklist", id: "L" });
  });
});

describe("the outbox's order", () => {
  test("restored ops come back in the order they were made, conflicts kept as conflicts", () => {
    const { outbox } = makeOutbox();
    outbox.restore([
      { seq: 30, kind: "deleteItem", listID: "L", itemID: "B", status: "queued" },
      null,
      { seq: 10, kind: "addItem", listID: "L", itemID: "A", status: "sending" },
      { seq: 20, kind: "updateItem", listID: "L", itemID: "A", status: "conflict", conflict: { kind: "changed" } },
      { seq: 40 },
    ]);
    assert.deepEqual(outbox.pendingOps().map((op) => [op.seq, op.status]), [[10, "queued"], [20, "conflict"], [30, "queued"]]);
    assert.equal(outbox.pendingCount(), 2);
    assert.equal(outbox.conflicts().length, 1);
    assert.deepEqual(outbox.opsAbout("checklist:L").map((op) => op.seq), [10, 20, 30]);
    // The next op comes after every restored one.
    const op = outbox.enqueue({ kind: "uncheckAll", listID: "L" });
    assert.ok(op.seq > 30);
  });

  test("quick edits of one thing go as one request with the latest state; other things keep their own", () => {
    const { outbox, host } = makeOutbox();
    const first = outbox.enqueue({ kind: "updateItem", listID: "L", itemID: "A", body: { text: "Mlk" }, base: 3 });
    const again = outbox.enqueue({ kind: "updateItem", listID: "L", itemID: "A", body: { text: "Milk", checked: true }, base: 3 });
    const other = outbox.enqueue({ kind: "updateItem", listID: "L", itemID: "B", body: { text: "Bread" }, base: 1 });
    const third = outbox.enqueue({ kind: "updateItem", listID: "L", itemID: "A", body: { checked: false }, base: 3 });
    assert.equal(again, first);
    assert.deepEqual(first.body, { text: "Milk", checked: true });
    assert.notEqual(third, first, "an edit after another thing's is its own op");
    assert.deepEqual(outbox.pendingOps().map((op) => op.itemID), ["A", "B", "A"]);
    assert.ok(first.seq < other.seq && other.seq < third.seq);
    assert.ok(host.touched.includes("checklist:L") && host.touched.includes("outbox"));
  });

  test("an update made without a revision is sent without If-Match (base null)", () => {
    const { outbox } = makeOutbox();
    assert.equal(outbox.enqueue({ kind: "renameShoppingList", listID: "S", body: { name: "Party" } }).base, null);
    assert.equal("base" in outbox.enqueue({ kind: "addItem", listID: "L", itemID: "X", body: { text: "X" } }), false);
  });
});

describe("sending", () => {
  test("ops go one at a time in order; later edits move to the answered revision and to the server's id", async () => {
    setNavigator({ language: "en-US", onLine: true });
    let inFlight = 0;
    const { outbox, host } = makeOutbox({
      answer: async (method, path, options) => {
        inFlight += 1;
        assert.equal(inFlight, 1, "one request at a time");
        await new Promise((resolve) => setImmediate(resolve));
        inFlight -= 1;
        // The catalogue already has an item of that name: the server answers with its id.
        if (path === "/catalogue") return { id: "SERVER-ID", name: options.body.name, revision: 7 };
        if (path === "/checklists/L/items") return { id: "A", text: "Milk", revision: 5 };
        return { revision: 6 };
      },
    });
    outbox.restore([
      { seq: 1, kind: "addItem", listID: "L", itemID: "A", body: { id: "A", text: "Milk" } },
      { seq: 2, kind: "updateItem", listID: "L", itemID: "A", body: { checked: true }, base: null },
      { seq: 3, kind: "createCatalogueItem", itemID: "LOCAL-ID", body: { id: "LOCAL-ID", name: "Milk" } },
      { seq: 4, kind: "putOnList", listID: "S", itemID: "LOCAL-ID" },
    ]);
    await outbox.flush();
    assert.deepEqual(host.calls.map((c) => `${c.method} ${c.path}`), [
      "POST /checklists/L/items",
      "PATCH /items/A",
      "POST /catalogue",
      "PUT /shopping-lists/S/entries/SERVER-ID",
    ]);
    assert.equal(host.calls[1].options.ifMatch, 5, "the edit is made on the create's revision");
    assert.equal(outbox.pendingCount(), 0);
    assert.equal(outbox.sent, 4);
  });

  test("a server that cannot answer (503) keeps the op and every later one, and tries again later", async () => {
    setNavigator({ language: "en-US", onLine: true });
    const { outbox, host } = makeOutbox({ answer: async () => { throw { status: 503 }; } });
    outbox.restore([
      { seq: 1, kind: "updateItem", listID: "L", itemID: "A", body: { checked: true }, base: 2 },
      { seq: 2, kind: "deleteItem", listID: "L", itemID: "B" },
    ]);
    await outbox.flush();
    clearTimeout(outbox.timer);
    assert.equal(host.calls.length, 1, "the second op waits for the first");
    assert.deepEqual(outbox.pendingOps().map((op) => [op.seq, op.status]), [[1, "queued"], [2, "queued"]]);
    assert.equal(outbox.attempts, 1);
  });

  test("a 412 on a field the server already has with my value settles quietly over the new revision", async () => {
    setNavigator({ language: "en-US", onLine: true });
    let answers = 0;
    const { outbox, host } = makeOutbox({
      answer: async () => {
        answers += 1;
        if (answers === 1) throw { status: 412, body: { conflicts: [{ field: "checked", current: true }], current: { id: "A", checked: true, revision: 9 } } };
        return { id: "A", checked: true, revision: 10 };
      },
    });
    outbox.restore([{ seq: 1, kind: "updateItem", listID: "L", itemID: "A", body: { checked: true }, base: 2 }]);
    await outbox.flush();
    assert.deepEqual(host.calls.map((c) => c.options.ifMatch), [2, 9]);
    assert.equal(outbox.pendingOps().length, 0);
    assert.equal(outbox.conflicts().length, 0);
  });
});

describe("small helpers", () => {
  test("ETags carry revisions both ways", () => {
    assert.equal(etagFor(14), '"r14"');
    assert.equal(revisionOf('"r14"'), 14);
    assert.equal(revisionOf('W/"r14"'), 14);
    assert.equal(revisionOf(null), null);
  });

  test("each user has their own database", () => {
    assert.equal(databaseName("anna"), "checklists-anna");
    assert.equal(databaseName(null), "checklists-local");
  });
});
