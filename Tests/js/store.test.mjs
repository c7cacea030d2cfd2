// The store (data/store.js) and sync (data/sync.js) in Node, with no IndexedDB (the store then
// works from memory, as in a browser that refuses it) and a small fake server behind `fetch`:
// views are the confirmed state with the outbox's ops replayed on it, the newest confirmed
// state included, also after the feed answers 410 and everything kept is loaded again.

import { after, test } from "node:test";
import assert from "node:assert/strict";
import { setNavigator } from "./support/fakes.mjs";
import { importWeb } from "./support/web.mjs";
import { useCatalogue } from "./support/messages.mjs";

setNavigator({ language: "en-US", onLine: true });
await useCatalogue("en"); // the store's refusals are the catalogue's, as in the browser

/** One list on a fake server, changed by "another device" when the test says so. */
const server = {
  revision: 1,
  list: { id: "L", name: "Trip", icon: "Trips", hideChecked: false, revision: 1 },
  items: [
    { id: "A", checklistID: "L", text: "Tent", checked: false, revision: 1, parentID: null },
    { id: "B", checklistID: "L", text: "Pegs", checked: false, revision: 1, parentID: null },
  ],
  requests: [],
};
const bump = (thing) => {
  server.revision += 1;
  thing.revision = server.revision;
  server.list.revision = server.revision;
  return thing;
};
const answer = (status, body, etag) => ({
  status, ok: status >= 200 && status < 300, statusText: String(status),
  headers: { get: (name) => (name === "Content-Type" ? "application/json" : name === "ETag" ? etag ?? null : null) },
  json: async () => body,
});
globalThis.fetch = async (url, init = {}) => {
  const method = init.method ?? "GET";
  const path = url.replace(/^\/api\/v1/, "");
  const body = init.body ? JSON.parse(init.body) : undefined;
  server.requests.push(`${method} ${path}`);
  if (path === "/session") return answer(200, { mode: "single-user" });
  if (path.startsWith("/changes")) {
    if (path.includes("since=now")) return answer(200, { changes: [], next: "c2", more: false });
    return answer(410, { title: "Gone", detail: "The cursor is too old." });
  }
  if (method === "GET" && path === "/checklists/L") return answer(200, { checklist: server.list, items: server.items }, `"r${server.list.revision}"`);
  if (method === "PATCH" && path.startsWith("/items/")) {
    const item = server.items.find((i) => i.id === path.split("/")[2]);
    return answer(200, bump(Object.assign(item, body)));
  }
  if (method === "POST" && path === "/checklists/L/items") {
    const item = bump({ id: body.id, checklistID: "L", text: body.text, checked: false, parentID: null });
    server.items.push(item);
    return answer(201, item);
  }
  if (method === "POST" && path.endsWith("/move")) {
    const id = path.split("/")[2];
    const item = server.items.splice(server.items.findIndex((i) => i.id === id), 1)[0];
    server.items.splice(body.after === null ? 0 : server.items.findIndex((i) => i.id === body.after) + 1, 0, item);
    return answer(200, bump(item));
  }
  return answer(404, { title: "Not Found", detail: `No ${method} ${path} here.` });
};

const { store } = await importWeb("/data/store.js");
const { sync } = await importWeb("/data/sync.js");
const { state, outbox } = store._internal;
after(() => clearTimeout(outbox.timer));

const texts = () => store.checklist("L").items.map((i) => `${i.text}${i.checked ? " ✓" : ""}${i._pending ? " …" : ""}`);

test("offline edits are replayed on the newest confirmed state, after a 410 reloads it, then sent in order", async () => {
  await store.open(null);
  await store.loadChecklist("L");
  assert.deepEqual(texts(), ["Tent", "Pegs"]);
  const loaded = store.checklist("L");
  assert.equal(store.checklist("L"), loaded, "a view is memoised while nothing changed");

  // Offline: a check, an item added and moved to the top.
  setNavigator({ language: "en-US", onLine: false });
  store.checkItem("A", true);
  const torch = store.addItem("L", { text: "Torch" });
  store.moveItem(torch, null);
  assert.deepEqual(texts(), ["Torch …", "Tent ✓ …", "Pegs"]);
  assert.equal(store.pendingCount(), 3);
  assert.equal(store.checklist("L").checklist.remainingCount, 2, "counts are the view's");
  await new Promise((resolve) => setImmediate(resolve)); // the flushes the edits started stop: offline
  assert.deepEqual(server.requests, ["GET /checklists/L"], "nothing sent offline");

  // Meanwhile another device renames Pegs; this device's cursor is too old for the feed (410).
  Object.assign(server.items[1], { text: "Tent pegs" });
  bump(server.items[1]);
  state.cursor = "c1";
  setNavigator({ language: "en-US", onLine: true });
  server.requests.length = 0;
  await sync.catchUp();
  assert.deepEqual(server.requests, ["GET /session", "GET /changes?since=c1&limit=500", "GET /changes?since=now", "GET /checklists/L"]);
  assert.equal(state.cursor, "c2", "a new cursor, taken before the reload");
  assert.deepEqual(texts(), ["Torch …", "Tent ✓ …", "Tent pegs"], "my edits on their rename");

  await store.flush();
  const sent = server.requests.filter((r) => !r.startsWith("GET"));
  assert.deepEqual(sent, ["PATCH /items/A", "POST /checklists/L/items", `POST /items/${torch}/move`]);
  assert.equal(store.pendingCount(), 0);
  assert.deepEqual(texts(), ["Torch", "Tent ✓", "Tent pegs"]);
  assert.deepEqual(server.items.map((i) => i.text), ["Torch", "Tent", "Tent pegs"]);
});

test("edits check what the server would refuse before anything is queued", () => {
  const before = store.pendingCount();
  assert.throws(() => store.addItem("L", { text: "   " }));
  assert.throws(() => store.addItem("L", { text: "Alarm", remind: true }), /Remind Me needs a due date/);
  assert.throws(() => store.orderShop("H", ["Dairy", "dairy"]), /names each category once/);
  assert.equal(store.pendingCount(), before);
});
