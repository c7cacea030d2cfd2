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

  test("a notification's Done the service worker kept is taken in once, in order; the page's own ops are not", () => {
    const { outbox, host } = makeOutbox();
    outbox.restore([{ seq: 5, kind: "deleteItem", listID: "L", itemID: "B" }]);
    const kept = [
      { seq: 5, kind: "deleteItem", listID: "L", itemID: "B" },
      { seq: 3, kind: "updateItem", listID: "L", itemID: "A", body: { checked: true }, base: 2, from: "notification" },
    ];
    assert.equal(outbox.adopt(kept), 1);
    assert.equal(outbox.adopt(kept), 0, "taken in once");
    assert.deepEqual(outbox.pendingOps().map((op) => op.seq), [3, 5]);
    assert.ok(host.touched.includes("checklist:L"));
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

/** An answer of the server's that is not a 2xx: what api.js's ApiError carries. */
const refusal = (status, detail = "", body = null) => ({ status, detail, message: detail, body });

describe("each kind of conflict", () => {
  beforeEach(() => setNavigator({ language: "en-US", onLine: true }));

  test("changed: a 412 on a field another device set otherwise waits on the user; Keep Mine sends it over their revision", async () => {
    let answers = 0;
    const { outbox, host } = makeOutbox({
      answer: async () => {
        answers += 1;
        if (answers === 1) {
          throw refusal(412, "changed", {
            conflicts: [{ field: "text", current: "Sea salt", revision: 9, changedBy: "anna" }],
            current: { id: "A", checklistID: "L", text: "Sea salt", revision: 9 },
          });
        }
        return { id: "A", text: "Salt", revision: 10 };
      },
    });
    outbox.restore([{ seq: 1, kind: "updateItem", listID: "L", itemID: "A", body: { text: "Salt" }, base: 2 }]);
    await outbox.flush();
    const [conflict] = outbox.conflicts();
    assert.equal(conflict.kind, "changed");
    assert.deepEqual(conflict.target, { kind: "item", id: "A", listID: "L" });
    assert.deepEqual(conflict.fields, [{ field: "text", mine: "Salt", theirs: "Sea salt", changedBy: "anna" }]);
    assert.match(conflict.message, /Sea salt/);
    assert.deepEqual(host.confirmed[0].slice(0, 1), ["putItem"], "their item is shown as confirmed");
    assert.equal(outbox.pendingCount(), 0, "a conflict is not counted as waiting to be sent");
    assert.equal(outbox.conflictFor("item", "A"), conflict);

    assert.equal(outbox.resolve(conflict.id, "mine"), true);
    await outbox.flush();
    assert.deepEqual(host.calls.map((c) => c.options.ifMatch), [2, 9]);
    assert.equal(outbox.pendingOps().length, 0);
  });

  test("changed, Use Theirs: my other fields of the same edit are still sent; with none left it goes", async () => {
    const { outbox, host } = makeOutbox({
      answer: async (method, path, options) => {
        if (options.ifMatch === 2) throw refusal(412, "changed", { conflicts: [{ field: "checked", current: true, revision: 7 }], current: { id: "A", revision: 7 } });
        return { id: "A", revision: 8 };
      },
    });
    outbox.restore([{ seq: 1, kind: "updateItem", listID: "L", itemID: "A", body: { checked: false, notes: "ripe" }, base: 2 }]);
    await outbox.flush();
    outbox.resolve(outbox.conflicts()[0].id, "theirs");
    await outbox.flush();
    assert.deepEqual(host.calls[1].options, { body: { notes: "ripe" }, ifMatch: 7 });
    assert.equal(outbox.pendingOps().length, 0);
  });

  test("deleted: a 404 on an edit keeps it, with the later edits of the same thing, for Restore (a new id, the same place)", async () => {
    const { outbox, host } = makeOutbox({
      answer: async (method, path) => {
        if (path === "/items/A") throw refusal(404, "does not exist or was already deleted");
        return { id: "B", revision: 2 };
      },
      locate: (kind, id) => (kind === "item" && id === "A" ? { listID: "L", item: { id: "A", text: "Milk", checked: false, revision: 3 }, after: "Z" } : null),
    });
    outbox.restore([
      { seq: 1, kind: "updateItem", listID: "L", itemID: "A", body: { checked: true }, base: 3 },
      { seq: 2, kind: "updateItem", listID: "L", itemID: "A", body: { notes: "2 l" }, base: 3 },
      { seq: 3, kind: "updateItem", listID: "L", itemID: "B", body: { checked: true }, base: 1 },
    ]);
    await outbox.flush();
    const [conflict] = outbox.conflicts();
    assert.equal(conflict.kind, "deleted");
    assert.match(conflict.message, /Deleted on another device/);
    assert.deepEqual(outbox.pendingOps().map((op) => op.seq), [1], "the second edit of A joined the first; B's was sent");
    assert.deepEqual(outbox.pendingOps()[0].body, { checked: true, notes: "2 l" });
    assert.ok(host.confirmed.some(([name, listID, itemID]) => name === "removeItem" && listID === "L" && itemID === "A"));

    const made = [];
    const edits = { addItem: (listID, fields, options) => made.push({ listID, fields, options }) };
    assert.equal(outbox.resolve(conflict.id, "restore", edits), true);
    assert.deepEqual(made, [{ listID: "L", fields: { text: "Milk", checked: true, notes: "2 l" }, options: { after: "Z" } }]);
    assert.equal(outbox.conflicts().length, 0);
  });

  test("deleted here too: a 404'd edit followed by my own delete of it leaves nothing to restore", async () => {
    const { outbox } = makeOutbox({ answer: async () => { throw refusal(404, "gone"); } });
    outbox.restore([
      { seq: 1, kind: "updateEntry", listID: "S", itemID: "C", body: { inCart: true }, base: 3 },
      { seq: 2, kind: "takeOffList", listID: "S", itemID: "C" },
    ]);
    await outbox.flush();
    assert.deepEqual(outbox.pendingOps(), []);
    assert.deepEqual(outbox.conflicts(), []);
  });

  test("refused: any other 4xx waits with the server's words until dismissed", async () => {
    const { outbox } = makeOutbox({ answer: async () => { throw refusal(403, "Only the owner can rename this list."); } });
    outbox.restore([
      { seq: 1, kind: "updateChecklist", listID: "L", body: { name: "Ours" }, base: 1 },
      { seq: 2, kind: "deleteItem", listID: "L", itemID: "B" },
    ]);
    await outbox.flush();
    const conflicts = outbox.conflicts();
    assert.deepEqual(conflicts.map((c) => [c.kind, c.message]), [
      ["refused", "Only the owner can rename this list."],
      ["refused", "Only the owner can rename this list."],
    ], "the next op is still sent (and refused too)");
    outbox.resolve(conflicts[0].id, "dismiss");
    assert.deepEqual(outbox.conflicts().map((c) => c.id), [conflicts[1].id]);
  });

  test("a delete answered 404 is done; a replayed create answered 409 is read back and settles", async () => {
    const { outbox, host } = makeOutbox({
      answer: async (method, path) => {
        if (method === "DELETE") throw refusal(404, "already deleted");
        if (method === "POST") throw refusal(409, "differs");
        return { list: { id: "S", name: "Week", revision: 4 }, lines: [] };
      },
    });
    outbox.restore([
      { seq: 1, kind: "deleteCatalogueItem", itemID: "C" },
      { seq: 2, kind: "createShoppingList", listID: "S", body: { id: "S", name: "Week" } },
      { seq: 3, kind: "renameShoppingList", listID: "S", body: { name: "Party" }, base: null },
    ]);
    outbox.ops[2].status = "conflict"; // held back: only the first two are sent here
    outbox.ops[2].conflict = { kind: "refused", message: "held" };
    await outbox.flush();
    assert.deepEqual(host.calls.map((c) => `${c.method} ${c.path}`), ["DELETE /catalogue/C", "POST /shopping-lists", "GET /shopping-lists/S"]);
    assert.deepEqual(host.confirmed.map(([name]) => name), ["removeCatalogueItem", "putShoppingContents", "putShoppingSummary"]);
    assert.equal(host.confirmed[2][1].name, "Week", "settled with the list as the server has it");
    assert.equal(outbox.ops[0].base, 4, "a later edit made before it existed moves to its revision");
  });

  test("a new shop whose name another device took meanwhile is that shop; my order of it goes there", async () => {
    const { outbox, host } = makeOutbox({
      answer: async (method, path) => {
        if (method === "POST") throw refusal(409, "There is already a shop called Corner.");
        if (method === "GET") return { shops: [{ id: "THEIRS", name: "corner", revision: 3, sections: [] }] };
        return { id: "THEIRS", revision: 4, sections: [] };
      },
    });
    outbox.restore([
      { seq: 1, kind: "createShop", shopID: "MINE", body: { name: "Corner", clientID: "MINE" } },
      { seq: 2, kind: "orderShop", shopID: "MINE", body: { sections: ["Dairy"] }, base: null },
    ]);
    await outbox.flush();
    assert.deepEqual(host.calls.map((c) => `${c.method} ${c.path} ${c.options?.ifMatch ?? ""}`), [
      // Made before the shop existed here, the order is sent without If-Match (the last order wins).
      "POST /shops ", "GET /shops ", "PATCH /shops/THEIRS ",
    ]);
    assert.equal(outbox.pendingOps().length, 0);
  });

  test("a section order answered 412 is sent again over the shop as it is now, at most three times", async () => {
    const { outbox, host } = makeOutbox({
      answer: async (method) => {
        if (method === "GET") return { id: "H", revision: 10 + host.calls.length, sections: [] };
        throw refusal(412, "moved");
      },
    });
    outbox.restore([{ seq: 1, kind: "orderShop", shopID: "H", body: { sections: ["Dairy"] }, base: 2 }]);
    for (let i = 0; i < 5 && outbox.pendingCount() > 0; i += 1) await outbox.flush();
    assert.deepEqual(host.calls.filter((c) => c.method === "PATCH").map((c) => c.options.ifMatch), [2, 12, 14, 16]);
    assert.equal(outbox.conflicts()[0].kind, "refused");
  });

  test("a move whose item to follow is gone leaves the item where it is, with no conflict", async () => {
    const { outbox, host } = makeOutbox({
      answer: async (method) => {
        if (method === "POST") throw refusal(404, "The item to put it after does not exist.");
        return { id: "A", checklistID: "L", revision: 5 };
      },
    });
    outbox.restore([{ seq: 1, kind: "moveItem", listID: "L", itemID: "A", body: { after: "GONE" } }]);
    await outbox.flush();
    assert.deepEqual(host.calls.map((c) => `${c.method} ${c.path}`), ["POST /items/A/move", "GET /items/A"]);
    assert.deepEqual(outbox.pendingOps(), []);
    assert.deepEqual(host.confirmed.map(([name]) => name), ["putItem"]);
  });
});

describe("retries", () => {
  beforeEach(() => setNavigator({ language: "en-US", onLine: true }));

  test("a lost connection keeps everything in order; the next flush sends the same op again, then the rest", async () => {
    let down = true;
    const { outbox, host } = makeOutbox({
      answer: async (method, path) => {
        if (down) throw { status: 0 };
        return path === "/checklists" ? { id: "L", name: "Trip", revision: 1 } : { id: "A", revision: 2 };
      },
    });
    outbox.restore([
      { seq: 1, kind: "createChecklist", listID: "L", body: { id: "L", name: "Trip" } },
      { seq: 2, kind: "addItem", listID: "L", itemID: "A", body: { id: "A", text: "Tent" } },
    ]);
    await outbox.flush();
    clearTimeout(outbox.timer);
    assert.equal(outbox.attempts, 1);
    await outbox.flush();
    clearTimeout(outbox.timer);
    assert.equal(outbox.attempts, 2, "the wait doubles");
    down = false;
    await outbox.flush();
    assert.deepEqual(host.calls.map((c) => `${c.method} ${c.path}`), [
      "POST /checklists", "POST /checklists", "POST /checklists", "POST /checklists/L/items",
    ]);
    assert.deepEqual(host.calls.map((c) => c.options.body.id), ["L", "L", "L", "A"], "a replay carries the same id");
    assert.equal(outbox.pendingOps().length, 0);
    assert.equal(outbox.attempts, 0);
  });

  test("Clear Ticked and Finish Shopping are saved as gone before the next op is sent", async () => {
    const order = [];
    const { outbox, host } = makeOutbox({ answer: async (method, path) => { order.push(path); return null; } });
    host.saveNow = async () => { order.push("saved"); };
    outbox.restore([
      { seq: 1, kind: "clearChecked", listID: "L" },
      { seq: 2, kind: "finishShopping", listID: "S", body: { clientID: "T" } },
      { seq: 3, kind: "deleteItem", listID: "L", itemID: "B" },
    ]);
    await outbox.flush();
    assert.deepEqual(order, ["/checklists/L/clear-checked", "saved", "/shopping-lists/S/finish", "saved", "/items/B"]);
  });

  test("a kept op of a kind this version does not know is left out, not sent", () => {
    const { outbox } = makeOutbox();
    const quiet = console.error;
    console.error = () => undefined;
    try {
      outbox.restore([{ seq: 1, kind: "teleportItem", listID: "L" }, { seq: 2, kind: "uncheckAll", listID: "L" }]);
    } finally {
      console.error = quiet;
    }
    assert.deepEqual(outbox.pendingOps().map((op) => op.kind), ["uncheckAll"]);
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
