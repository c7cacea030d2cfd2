// The one client store (docs/WEB-CLIENT.md): what the server confirmed, kept in IndexedDB, and
// the views screens read = confirmed state + the outbox's unsent edits applied on top.
//
// - Confirmed state: All Lists' summaries, each loaded checklist with its items in order, the
//   shopping lists, each loaded shopping list's lines and totals, the catalogue, the members of
//   shared lists. Written to IndexedDB in batches (50 to 400 ms after a change, and when
//   the page is hidden), read back by `store.open(user)`.
// - Views are memoised per thing ("checklist:<id>"): the same object comes back until the
//   confirmed record or an op about it changed; only the list an op touches is recomputed, and
//   a list without unsent ops is the confirmed object itself (no copy of 5,000 items).
// - Subscribers get one call per batch of changes with the Set of topics that changed.

import { ApiError, request } from "/api.js";
import { databaseName, openDatabase } from "/data/idb.js";
import { Outbox } from "/data/outbox.js";
import {
  LIMITS, byListOrder, byName, fold, insertAfter, lineCost, nameCollator, parsePrice, shopOrder, shoppingTotals, subtitle, validated,
} from "/data/ops-apply.js";
import { itemText } from "/data/ops/op-fields.js";
import { pathOf } from "/data/routes.js";
import { OPERATIONS, operationOf } from "/data/ops/registry.js";
import { TARGETS, sameShopID } from "/data/ops/op-targets.js";

const LAST_USER = "checklists-store-user";

// MARK: - Confirmed state

const state = {
  user: null,
  db: null,
  opened: null,
  checklists: null, // {checklists: [Summary], etag}
  lists: new Map(), // id → {checklist, items, etag, local}
  shoppingLists: null, // {lists, etag}
  shopping: new Map(), // id → {list, lines, totals, shop, etag, local}
  catalogue: null, // {currency, items, etag}
  shops: null, // {shops: [Shop], etag}: the user's own shops, by name
  listShops: new Map(), // listID → [Shop]: the shops a list someone shared can be shopped in (its owner's)
  members: new Map(), // listID → {members, etag}
  trips: new Map(), // listID → the trip its last Finish Shopping from this page recorded (not kept)
  cursor: null,
  live: false, // the stream is open and the feed was read up to it (sync.js)
  online: typeof navigator === "undefined" ? true : navigator.onLine !== false,
};

// MARK: - Change notification and persistence

const versions = new Map(); // key → number, bumped when the key's confirmed record or ops change
let pendingTopics = null;
let holdNotify = 0;
const subscribers = new Set();

function bump(key) {
  versions.set(key, (versions.get(key) ?? 0) + 1);
}

/** Marks topics changed (views recomputed on next read) and schedules one notification. */
function touch(...topics) {
  for (const topic of topics) bump(topic);
  pendingTopics ??= new Set();
  for (const topic of topics) pendingTopics.add(topic);
  if (holdNotify === 0) scheduleNotify();
}

let notifyScheduled = false;
function scheduleNotify() {
  if (notifyScheduled) return;
  notifyScheduled = true;
  queueMicrotask(() => {
    notifyScheduled = false;
    if (holdNotify > 0 || !pendingTopics) return;
    const topics = pendingTopics;
    pendingTopics = null;
    for (const fn of [...subscribers]) {
      try {
        fn(topics);
      } catch (error) {
        console.error(error);
      }
    }
  });
}

/** Holds notifications until `promise` settles (an op is persisted before it is shown). */
function holdUntil(promise) {
  holdNotify += 1;
  const release = () => {
    holdNotify -= 1;
    if (holdNotify === 0 && pendingTopics) scheduleNotify();
  };
  promise.then(release, release);
}

const dirty = new Map(); // store → Map(key → value | undefined)
let saveTimer = null;
let saving = Promise.resolve();
let lastSave = 0;

function persist(storeName, key, value) {
  if (!dirty.has(storeName)) dirty.set(storeName, new Map());
  dirty.get(storeName).set(key, value);
  // 50 ms after a change, but not more often than every 400 ms: a replay on a 5,000-item list
  // must not clone the list for every answer (unsent ops are written at once, by the outbox).
  if (!saveTimer) saveTimer = setTimeout(saveNow, Math.max(50, lastSave + 400 - Date.now()));
}

function recordValue(key) {
  if (key === "checklists") return state.checklists ?? undefined;
  if (key === "shoppingLists") return state.shoppingLists ?? undefined;
  if (key === "catalogue") return state.catalogue ?? undefined;
  if (key === "shops") return state.shops ?? undefined;
  const [kind, id] = splitKey(key);
  if (kind === "checklist") return stripLocal(state.lists.get(id));
  if (kind === "shoppingList") return stripLocal(state.shopping.get(id));
  if (kind === "members") return state.members.get(id);
  return undefined;
}
const stripLocal = (record) => record;

function splitKey(key) {
  const index = key.indexOf(":");
  return index < 0 ? [key, ""] : [key.slice(0, index), key.slice(index + 1)];
}

/** Marks a confirmed record changed: its views are recomputed, it is saved, its topics fire. */
function changed(key, ...alsoTopics) {
  persist("records", key, null); // the value is read when saved
  touch(key, ...alsoTopics);
}

/** Writes what changed since the last save in one transaction. */
function saveNow() {
  clearTimeout(saveTimer);
  saveTimer = null;
  if (dirty.size === 0 || !state.db) {
    dirty.clear();
    return saving;
  }
  const changes = [];
  for (const [storeName, entries] of dirty) {
    for (const [key, value] of entries) {
      const v = storeName === "records" ? recordValue(key) : value;
      changes.push({ store: storeName, key, value: v });
    }
  }
  dirty.clear();
  lastSave = Date.now();
  const db = state.db;
  saving = saving.then(() => db.write(changes)).catch(() => undefined);
  return saving;
}

if (typeof window !== "undefined") {
  window.addEventListener("pagehide", () => saveNow());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") saveNow();
  });
}

// MARK: - Network, with the connection state

function setOnline(online) {
  if (!online) state.live = false; // changes may be missed until the feed is read again
  if (state.online === online) return;
  state.online = online;
  touch("connection");
  if (online) outbox.flush();
}

/** `request` that keeps the connection state: offline on a network error, online on any answer. */
async function call(method, path, options) {
  try {
    const answer = await request(method, path, options);
    setOnline(true);
    return answer;
  } catch (error) {
    if (error instanceof ApiError) setOnline(error.isNetwork ? false : true);
    throw error;
  }
}

// MARK: - Confirmed-state mutators (used by loads, the outbox's answers and the delta feed)

const indexes = new WeakMap(); // an items/lines array → Map(id → index)
function indexOf(rows, id, idOf = (r) => r.id) {
  let index = indexes.get(rows);
  if (!index) {
    index = new Map();
    rows.forEach((row, i) => index.set(idOf(row), i));
    indexes.set(rows, index);
  }
  return index.get(id) ?? -1;
}
const lineID = (line) => line.item.id;

/** A kept list's lines and totals under another shop (its order changes with it). */
function setShop(record, shop) {
  setLines({ ...record, shop }, record.lines);
}

const confirm = {
  setChecklists(checklists, etag) {
    state.checklists = { checklists, etag };
    // Lists gone from All Lists are gone (deleted elsewhere, or no longer shared).
    const ids = new Set(checklists.map((c) => c.id));
    for (const id of [...state.lists.keys()]) if (!ids.has(id)) confirm.removeChecklist(id, { summary: false });
    changed("checklists");
  },
  putSummary(summary) {
    if (!state.checklists) return;
    const list = state.checklists.checklists;
    const index = list.findIndex((c) => c.id === summary.id);
    const next = list.slice();
    const merged = index >= 0 ? { ...list[index], ...summary } : summary;
    if (index >= 0) next[index] = merged;
    else next.push(merged);
    if (index < 0 || list[index].name !== merged.name) next.sort(byListOrder);
    state.checklists = { checklists: next, etag: null };
    changed("checklists");
  },
  /** A list's whole state (GET /checklists/{id}); `etag` null when it came from elsewhere. */
  putChecklist(detail, etag = null) {
    const old = state.lists.get(detail.checklist.id);
    if (old && etag && old.checklist.revision > detail.checklist.revision) return; // an older answer
    state.lists.set(detail.checklist.id, { checklist: detail.checklist, items: detail.items, etag, local: false });
    changed(`checklist:${detail.checklist.id}`);
    confirm.putSummary(summaryFields(detail.checklist));
  },
  /** A list's own fields (a PATCH answer, a feed entry without items). */
  putChecklistFields(checklist) {
    const old = state.lists.get(checklist.id);
    if (old) {
      state.lists.set(checklist.id, { ...old, checklist: { ...old.checklist, ...checklist }, etag: null });
      changed(`checklist:${checklist.id}`);
    }
    confirm.putSummary(summaryFields(checklist));
  },
  removeChecklist(id, { summary = true } = {}) {
    if (state.lists.delete(id)) changed(`checklist:${id}`);
    if (summary && state.checklists?.checklists.some((c) => c.id === id)) {
      state.checklists = { checklists: state.checklists.checklists.filter((c) => c.id !== id), etag: null };
      changed("checklists");
    }
  },
  /** An item as the server answered it; `after` (when known) is the item before it. */
  putItem(item, after) {
    const record = state.lists.get(item.checklistID);
    if (!record) return;
    const items = record.items.slice();
    const index = indexOf(record.items, item.id);
    if (index >= 0 && after === undefined) {
      items[index] = item;
    } else {
      if (index >= 0) items.splice(index, 1);
      insertAfter(items, item, after);
    }
    setItems(record, items);
  },
  moveItem(listID, itemID, after) {
    const record = state.lists.get(listID);
    if (!record) return;
    const index = indexOf(record.items, itemID);
    if (index < 0) return;
    const items = record.items.slice();
    const [item] = items.splice(index, 1);
    insertAfter(items, item, after);
    setItems(record, items);
  },
  removeItem(listID, itemID) {
    const record = state.lists.get(listID);
    if (!record || indexOf(record.items, itemID) < 0) return;
    // A parent goes with its subtasks (the server deletes them with it).
    setItems(record, record.items.filter((i) => i.id !== itemID && i.parentID !== itemID));
  },
  setShoppingLists(lists, etag) {
    state.shoppingLists = { lists, etag };
    const ids = new Set(lists.map((l) => l.id));
    for (const id of [...state.shopping.keys()]) if (!ids.has(id)) confirm.removeShoppingList(id, { summary: false });
    changed("shoppingLists");
  },
  putShoppingSummary(list) {
    if (state.shopping.has(list.id)) {
      const record = state.shopping.get(list.id);
      state.shopping.set(list.id, { ...record, list: { ...record.list, ...list }, etag: null });
      changed(`shoppingList:${list.id}`);
    }
    if (!state.shoppingLists) return;
    const lists = state.shoppingLists.lists;
    const index = lists.findIndex((l) => l.id === list.id);
    const next = lists.slice();
    if (index >= 0) next[index] = { ...lists[index], ...list };
    else next.push(list);
    next.sort(byName);
    state.shoppingLists = { lists: next, etag: null };
    changed("shoppingLists");
  },
  putShoppingContents(contents, etag = null) {
    const old = state.shopping.get(contents.list.id);
    if (old && etag && old.list.revision > contents.list.revision) return;
    const shop = contents.shop !== undefined ? contents.shop : old?.shop ?? null;
    state.shopping.set(contents.list.id, { list: contents.list, lines: contents.lines, totals: contents.totals, shop, etag, local: false });
    changed(`shoppingList:${contents.list.id}`);
    if (state.shoppingLists) confirm.putShoppingSummary(contents.list);
  },
  removeShoppingList(id, { summary = true } = {}) {
    if (state.shopping.delete(id)) changed(`shoppingList:${id}`);
    if (summary && state.shoppingLists?.lists.some((l) => l.id === id)) {
      state.shoppingLists = { lists: state.shoppingLists.lists.filter((l) => l.id !== id), etag: null };
      changed("shoppingLists");
    }
  },
  putLine(listID, line) {
    const record = state.shopping.get(listID);
    if (!record) return;
    const lines = record.lines.slice();
    const index = indexOf(record.lines, line.item.id, lineID);
    if (index >= 0) lines[index] = line;
    else lines.push(line);
    setLines(record, lines, Math.max(record.list.revision, line.revision ?? 0));
    confirm.putCatalogueItem(line.item, { lines: false });
  },
  removeLine(listID, itemID) {
    const record = state.shopping.get(listID);
    if (!record || indexOf(record.lines, itemID, lineID) < 0) return;
    setLines(record, record.lines.filter((l) => l.item.id !== itemID));
  },
  /** The user's shops (GET /shops); kept lists showing one of them take its latest order. */
  setShops(shops, etag) {
    state.shops = { shops, etag };
    changed("shops");
    for (const shop of shops) confirm.putShop(shop, { list: false });
  },
  /** A shop as the server answered it (a create, an order, the feed). */
  putShop(shop, { list = true } = {}) {
    if (list && state.shops) {
      const next = state.shops.shops.filter((s) => !sameShopID(s.id, shop.id));
      next.push(shop);
      next.sort(byName);
      state.shops = { shops: next, etag: null };
      changed("shops");
    }
    for (const record of [...state.shopping.values()]) {
      const kept = record.shop;
      if (!kept || !sameShopID(kept.id, shop.id)) continue;
      if (kept.revision === shop.revision && JSON.stringify(kept) === JSON.stringify(shop)) continue;
      setShop(record, shop);
    }
  },
  removeShop(id) {
    if (state.shops?.shops.some((s) => sameShopID(s.id, id))) {
      state.shops = { shops: state.shops.shops.filter((s) => !sameShopID(s.id, id)), etag: null };
      changed("shops");
    }
    for (const record of [...state.shopping.values()]) if (record.shop && sameShopID(record.shop.id, id)) setShop(record, null);
  },
  setCatalogue(currency, items, etag) {
    state.catalogue = { currency, items, etag };
    changed("catalogue");
  },
  putCatalogueItem(item, { lines = true } = {}) {
    if (state.catalogue) {
      const items = state.catalogue.items;
      const index = indexOf(items, item.id);
      const old = index >= 0 ? items[index] : null;
      const same = old && (old === item || (old.revision === item.revision && old.name === item.name &&
        old.updatedAt === item.updatedAt && JSON.stringify(old.price) === JSON.stringify(item.price)));
      if (!same) {
        const next = items.slice();
        if (index >= 0) next.splice(index, 1);
        let lo = 0;
        let hi = next.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (nameCollator.compare(next[mid].name, item.name) < 0) lo = mid + 1;
          else hi = mid;
        }
        next.splice(lo, 0, item);
        state.catalogue = { ...state.catalogue, items: next, etag: null };
        changed("catalogue");
      }
    }
    if (!lines) return;
    for (const [listID, record] of state.shopping) {
      const index = indexOf(record.lines, item.id, lineID);
      if (index < 0) continue;
      const next = record.lines.slice();
      next[index] = { ...next[index], item, cost: lineCost(item, next[index].quantity) };
      setLines(record, next);
      void listID;
    }
  },
  removeCatalogueItem(id) {
    if (state.catalogue && indexOf(state.catalogue.items, id) >= 0) {
      state.catalogue = { ...state.catalogue, items: state.catalogue.items.filter((i) => i.id !== id), etag: null };
      changed("catalogue");
    }
    for (const listID of state.shopping.keys()) confirm.removeLine(listID, id);
  },
  setMembers(listID, members) {
    state.members.set(listID, { members });
    changed(`members:${listID}`);
  },
  removeMembers(listID) {
    if (state.members.delete(listID)) changed(`members:${listID}`);
  },
  /** Finish Shopping's answer: the trip it recorded (null: the cart was empty), for its toast. */
  putTrip(listID, trip) {
    state.trips.set(listID, trip ?? null);
    touch(`trip:${listID}`);
  },
  /** A create answered with another id (the catalogue's item of that name): move what was kept. */
  remap(kind, from, to) {
    void kind;
    void from;
    void to;
  },
};

function summaryFields(checklist) {
  const { id, name, icon, revision, itemCount, remainingCount, subtitle: sub, hideChecked, owner, role, createdAt, updatedAt } = checklist;
  const out = { id, name, icon, revision };
  if (itemCount !== undefined) Object.assign(out, { itemCount, remainingCount, subtitle: sub });
  for (const [k, v] of Object.entries({ hideChecked, owner, role, createdAt, updatedAt })) if (v !== undefined) out[k] = v;
  return out;
}

function setItems(record, items) {
  const remaining = items.reduce((n, i) => n + (i.checked ? 0 : 1), 0);
  const checklist = { ...record.checklist, itemCount: items.length, remainingCount: remaining, subtitle: subtitle(items.length, remaining) };
  const next = { ...record, checklist, items, etag: null, local: true };
  state.lists.set(checklist.id, next);
  changed(`checklist:${checklist.id}`);
  if (state.checklists) {
    const old = state.checklists.checklists.find((c) => c.id === checklist.id);
    if (old && (old.itemCount !== checklist.itemCount || old.remainingCount !== checklist.remainingCount)) {
      confirm.putSummary({ id: checklist.id, itemCount: checklist.itemCount, remainingCount: remaining, subtitle: checklist.subtitle });
    }
  }
}

function setLines(record, lines, revision = record.list.revision) {
  const sorted = lines.slice().sort(shopOrder(record.shop ?? null));
  const inCartCount = sorted.reduce((n, l) => n + (l.inCart ? 1 : 0), 0);
  const list = { ...record.list, entryCount: sorted.length, inCartCount, remainingCount: sorted.length - inCartCount, revision };
  state.shopping.set(list.id, { ...record, list, lines: sorted, totals: shoppingTotals(sorted), etag: null, local: true });
  changed(`shoppingList:${list.id}`);
  if (state.shoppingLists) {
    const old = state.shoppingLists.lists.find((l) => l.id === list.id);
    if (old && (old.entryCount !== list.entryCount || old.inCartCount !== list.inCartCount)) {
      confirm.putShoppingSummary({ id: list.id, entryCount: list.entryCount, inCartCount, remainingCount: list.remainingCount });
    }
  }
}

// MARK: - The outbox

const outbox = new Outbox({
  state,
  confirm,
  call,
  touch,
  holdUntil,
  persist,
  saveNow,
  isOnline: () => state.online && navigator.onLine !== false,
  locate: (kind, id, listID) => locate(kind, id, listID),
  idle: () => {
    for (const fn of idleListeners) fn();
  },
});
const idleListeners = new Set();

// MARK: - Views

const memo = new Map(); // key → {version, opsVersion, value}

function memoised(key, compute, deps = []) {
  let version = String(versions.get(key) ?? 0);
  for (const dep of deps) version += ` ${versions.get(dep) ?? 0}`;
  const cached = memo.get(key);
  if (cached && cached.version === version) return cached.value;
  const value = compute();
  memo.set(key, { version, value });
  return value;
}

const flag = (row, op) => {
  if (op.status === "conflict") return { ...row, _pending: row._pending ?? false, _conflict: outbox.conflictOf(op) };
  return { ...row, _pending: true };
};

/** What a view's ops are given besides the view: `flag` marks a row pending or in conflict. */
const applying = { flag };

function checklistView(id) {
  return memoised(`checklist:${id}`, () => {
    const record = state.lists.get(id);
    const ops = outbox.opsAbout(`checklist:${id}`);
    if (ops.length === 0) return record ? { checklist: record.checklist, items: record.items } : null;
    const v = { id, checklist: record?.checklist ?? null, items: record ? record.items.slice() : [], gone: false };
    v.find = (itemID) => v.items.findIndex((i) => i.id === itemID);
    for (const op of ops) {
      operationOf(op).apply?.(v, op, applying);
      if (v.gone) return null;
    }
    if (!v.checklist) return null;
    const { items } = v;
    const remaining = items.reduce((n, i) => n + (i.checked ? 0 : 1), 0);
    const checklist = { ...v.checklist, itemCount: items.length, remainingCount: remaining, subtitle: subtitle(items.length, remaining) };
    return { checklist, items };
  });
}

/** The list-level ops of a list view (its own create, fields and delete, not its items'). */
const listOp = (op, role) => {
  const operation = operationOf(op);
  return operation.role === role && (operation.target === TARGETS.checklist || operation.target === TARGETS.shoppingList);
};

function checklistsView() {
  const touched = outbox.listsTouched("checklist");
  return memoised("checklists", () => {
    const base = state.checklists?.checklists ?? null;
    if (touched.size === 0) return base;
    const out = [];
    const seen = new Set();
    let reorder = false;
    for (const summary of base ?? []) {
      seen.add(summary.id);
      if (!touched.has(summary.id)) {
        out.push(summary);
        continue;
      }
      const view = checklistView(summary.id);
      const ops = outbox.opsAbout(`checklist:${summary.id}`);
      if (ops.some((op) => listOp(op, "delete") && op.status !== "conflict")) {
        continue;
      }
      let next = { ...summary, _pending: ops.some((op) => op.status !== "conflict") };
      if (view && state.lists.has(summary.id)) {
        const c = view.checklist;
        Object.assign(next, { name: c.name, icon: c.icon, itemCount: c.itemCount, remainingCount: c.remainingCount, subtitle: c.subtitle });
        if (c.hideChecked !== undefined) next.hideChecked = c.hideChecked;
      } else {
        for (const op of ops) operationOf(op).summary?.(next, op);
      }
      const conflict = ops.find((op) => op.status === "conflict" && (listOp(op, "update") || listOp(op, "delete")));
      if (conflict) next._conflict = outbox.conflictOf(conflict);
      if (next.name !== summary.name) reorder = true;
      out.push(next);
    }
    for (const id of touched) {
      if (seen.has(id)) continue;
      const view = checklistView(id);
      if (!view) continue;
      const ops = outbox.opsAbout(`checklist:${id}`);
      const ghost = ops.find((op) => listOp(op, "update") && op.status === "conflict" && op.conflict?.kind === "deleted");
      if (ghost) {
        out.push({ ...summaryFields(view.checklist), _pending: false, _conflict: outbox.conflictOf(ghost) });
        reorder = true;
        continue;
      }
      if (!ops.some((op) => listOp(op, "create"))) continue;
      out.push({ ...summaryFields(view.checklist), _pending: true });
      reorder = true;
    }
    if (reorder) out.sort(byListOrder);
    return out;
  }, [...touched].map((id) => `checklist:${id}`));
}

function catalogueView() {
  return memoised("catalogue", () => {
    const base = state.catalogue;
    const ops = outbox.opsAbout("catalogue");
    if (ops.length === 0) {
      if (!base) return null;
      return { currency: base.currency, items: base.items, byId: new Map(base.items.map((i) => [i.id, i])) };
    }
    const currency = base?.currency ?? "EUR";
    const v = { currency, items: base ? base.items.slice() : [], reorder: false };
    v.find = (itemID) => v.items.findIndex((i) => i.id === itemID);
    v.fields = (body) => {
      const out = { ...body };
      if ("price" in body) out.price = parsePrice(body.price, currency);
      if ("unit" in body) out.unit = body.unit || null;
      if ("category" in body) out.category = body.category || null;
      return out;
    };
    for (const op of ops) operationOf(op).apply?.(v, op, applying);
    const items = v.reorder ? v.items.sort(byName) : v.items;
    return { currency, items, byId: new Map(items.map((i) => [i.id, i])) };
  });
}

function shoppingListView(id) {
  return memoised(`shoppingList:${id}`, () => {
    const record = state.shopping.get(id);
    const ops = outbox.opsAbout(`shoppingList:${id}`);
    const catalogueOps = outbox.opsAbout("catalogue");
    const shopOps = outbox.opsAbout("shops");
    const keptShop = record?.shop ?? null;
    if (ops.length === 0 && catalogueOps.length === 0 && !shopOps.some((op) => sameShopID(op.shopID, keptShop?.id))) {
      return record ? { list: record.list, lines: record.lines, totals: record.totals, shop: keptShop } : null;
    }
    const shop = shownShop(keptShop, ops, shopOps);
    const catalogue = catalogueView();
    let list = record?.list ?? null;
    let lines = record ? record.lines.slice() : [];
    let changedLines = false;
    // Lines show their catalogue item: a pending rename or new price shows on them too.
    if (catalogueOps.length > 0 && catalogue) {
      const deleted = new Set(catalogueOps.filter((op) => operationOf(op).role === "delete" && op.status !== "conflict").map((op) => op.itemID));
      lines = lines.flatMap((line) => {
        if (deleted.has(line.item.id)) {
          changedLines = true;
          return [];
        }
        const item = catalogue.byId.get(line.item.id);
        if (!item || item === line.item || !item._pending) return [line];
        changedLines = true;
        return [{ ...line, item, cost: lineCost(item, line.quantity), _pending: !!item._pending || line._pending }];
      });
    }
    const v = { id, list, lines, changedLines, catalogue, gone: false };
    v.find = (itemID) => v.lines.findIndex((l) => l.item.id === itemID);
    for (const op of ops) {
      operationOf(op).apply?.(v, op, applying);
      if (v.gone) return null;
    }
    ({ list, lines, changedLines } = v);
    if (!list) return null;
    if (!changedLines && record && shop === keptShop) return { list, lines: record.lines, totals: record.totals, shop };
    lines = lines.map((l) => {
      const cost = lineCost(l.item, l.quantity);
      return (l.cost?.minorUnits ?? null) === (cost?.minorUnits ?? null) ? l : { ...l, cost };
    });
    lines.sort(shopOrder(shop));
    const inCartCount = lines.reduce((n, l) => n + (l.inCart ? 1 : 0), 0);
    list = { ...list, entryCount: lines.length, inCartCount, remainingCount: lines.length - inCartCount };
    return { list, lines, totals: shoppingTotals(lines), shop };
  }, ["catalogue", "shops"]);
}

/**
 * The shop a list shows: the one kept with it, or the one picked here and not sent yet, with
 * an order set here and not sent yet. The same object as `kept` when no op touches it.
 */
function shownShop(kept, listOps, shopOps) {
  const env = { kept, shops: shopsView, listShops: () => [...state.listShops.values()].flat() };
  let shop = kept;
  const show = (op) => {
    const operation = operationOf(op);
    if (op.status !== "conflict" && operation.shownShop) shop = operation.shownShop(shop, op, env);
  };
  listOps.forEach(show);
  if (!shop) return null;
  shopOps.forEach(show);
  return shop;
}

/** The user's shops, by name, with the ones made and the orders set here and not sent yet. */
function shopsView() {
  return memoised("shops", () => {
    const base = state.shops?.shops ?? null;
    const ops = outbox.opsAbout("shops");
    if (ops.length === 0) return base;
    const v = { shops: base ? base.slice() : [] };
    v.find = (shopID) => v.shops.findIndex((s) => sameShopID(s.id, shopID));
    for (const op of ops) if (op.status !== "conflict") operationOf(op).apply?.(v, op, applying);
    return v.shops.sort(byName);
  });
}

function shoppingListsView() {
  const touched = outbox.listsTouched("shoppingList");
  return memoised("shoppingLists", () => {
    const base = state.shoppingLists?.lists ?? null;
    if (touched.size === 0 && outbox.opsAbout("catalogue").length === 0) return base;
    const out = [];
    const seen = new Set();
    for (const list of base ?? []) {
      seen.add(list.id);
      if (!touched.has(list.id)) {
        out.push(list);
        continue;
      }
      const ops = outbox.opsAbout(`shoppingList:${list.id}`);
      if (ops.some((op) => listOp(op, "delete") && op.status !== "conflict")) continue;
      const view = state.shopping.has(list.id) ? shoppingListView(list.id) : null;
      const next = { ...list, _pending: ops.some((op) => op.status !== "conflict") };
      if (view) {
        const { name, entryCount, inCartCount, remainingCount } = view.list;
        Object.assign(next, { name, entryCount, inCartCount, remainingCount });
      } else {
        for (const op of ops) operationOf(op).summary?.(next, op);
      }
      out.push(next);
    }
    for (const id of touched) {
      if (seen.has(id)) continue;
      const ops = outbox.opsAbout(`shoppingList:${id}`);
      const ghost = ops.find((op) => listOp(op, "update") && op.status === "conflict" && op.conflict?.kind === "deleted");
      if (!ghost && !ops.some((op) => listOp(op, "create"))) continue;
      const view = shoppingListView(id);
      if (view) out.push(ghost ? { ...view.list, _pending: false, _conflict: outbox.conflictOf(ghost) } : { ...view.list, _pending: true });
    }
    out.sort(byName);
    return out;
  }, ["catalogue", ...[...touched].map((id) => `shoppingList:${id}`)]);
}

const aboutItem = (op) => operationOf(op).target === TARGETS.item;

/** Where a thing is: {listID, item} for an item, {line} for an entry; from the views. */
function locate(kind, id, listID) {
  if (kind === "item") {
    for (const op of outbox.pendingOps()) {
      if (op.itemID === id && aboutItem(op) && operationOf(op).role === "create") return { listID: op.listID };
    }
    for (const [lid, record] of state.lists) {
      const index = indexOf(record.items, id);
      if (index >= 0) return { listID: lid, item: record.items[index], after: index > 0 ? record.items[index - 1].id : null };
    }
    // Deleted elsewhere while an edit of it waits on the user (its row stays, with Restore).
    const waiting = outbox.pendingOps().find((op) => op.itemID === id && op.listID && aboutItem(op));
    return waiting ? { listID: waiting.listID } : null;
  }
  if (kind === "entry") {
    const record = state.shopping.get(listID);
    const index = record ? indexOf(record.lines, id, lineID) : -1;
    return index >= 0 ? { line: record.lines[index] } : null;
  }
  if (kind === "catalogueItem") {
    const index = state.catalogue ? indexOf(state.catalogue.items, id) : -1;
    return index >= 0 ? { item: state.catalogue.items[index] } : null;
  }
  if (kind === "checklist") {
    const record = state.lists.get(id);
    return { checklist: record?.checklist ?? state.checklists?.checklists.find((c) => c.id === id) ?? null };
  }
  if (kind === "shoppingList") {
    return { list: state.shopping.get(id)?.list ?? state.shoppingLists?.lists.find((l) => l.id === id) ?? null };
  }
  if (kind === "shop") {
    const own = state.shops?.shops.find((s) => sameShopID(s.id, id));
    if (own) return { shop: own };
    for (const record of state.shopping.values()) if (record.shop && sameShopID(record.shop.id, id)) return { shop: record.shop };
    return null;
  }
  return null;
}

// MARK: - Opening

async function open(user) {
  if (user === undefined) {
    try {
      user = localStorage.getItem(LAST_USER) || null;
    } catch {
      user = null;
    }
  } else {
    try {
      if (user) localStorage.setItem(LAST_USER, user);
      else localStorage.removeItem(LAST_USER);
    } catch {
      /* private mode */
    }
  }
  const name = databaseName(user);
  if (state.opened && state.dbName === name) return state.opened;
  state.dbName = name;
  state.opened = (async () => {
    await saveNow();
    if (state.db) state.db.close();
    state.db = null;
    reset();
    state.user = user;
    let db = null;
    try {
      db = await openDatabase(name);
    } catch {
      db = null; // said on the console; the app works from memory
    }
    state.db = db;
    if (db) {
      try {
        const [records, ops, meta] = await Promise.all([db.entries("records"), db.getAll("outbox"), db.entries("meta")]);
        for (const [key, value] of records) loadRecord(key, value);
        for (const [key, value] of meta) if (key === "cursor") state.cursor = value;
        outbox.restore(ops);
      } catch (error) {
        console.error(`Checklists could not read the offline data (${error?.name}: ${error?.message}).`);
      }
    }
    touch("checklists", "shoppingLists", "catalogue", "shops", "outbox", "connection",
      ...[...state.lists.keys()].map((id) => `checklist:${id}`),
      ...[...state.shopping.keys()].map((id) => `shoppingList:${id}`),
      ...[...state.members.keys()].map((id) => `members:${id}`));
    dirty.clear();
    outbox.flush();
    return store;
  })();
  return state.opened;
}

function reset() {
  state.checklists = null;
  state.lists = new Map();
  state.shoppingLists = null;
  state.shopping = new Map();
  state.catalogue = null;
  state.shops = null;
  state.listShops = new Map();
  state.members = new Map();
  state.cursor = null;
  outbox.restore([]);
  memo.clear();
}

function loadRecord(key, value) {
  if (!value) return;
  if (key === "checklists") state.checklists = value;
  else if (key === "shoppingLists") state.shoppingLists = value;
  else if (key === "catalogue") state.catalogue = value;
  else if (key === "shops") state.shops = value;
  else {
    const [kind, id] = splitKey(key);
    if (kind === "checklist") state.lists.set(id, value);
    else if (kind === "shoppingList") state.shopping.set(id, value);
    else if (kind === "members") state.members.set(id, value);
  }
}

// MARK: - Loads

const inFlight = new Map();
/** One load per key at a time; a load asked while one runs waits for it, then asks (a 304). */
/**
 * Whether what is kept is current without asking: the event stream is open and the feed was
 * read up to it since (sync.js sets `state.live`). A screen's load of something kept then
 * costs nothing; `{force: true}` asks anyway.
 */
function current(kept, force) {
  return !force && state.live && kept !== null && kept !== undefined;
}

function single(key, fn) {
  const running = inFlight.get(key);
  const next = (running ? running.catch(() => undefined) : Promise.resolve()).then(fn);
  inFlight.set(key, next);
  const clear = () => {
    if (inFlight.get(key) === next) inFlight.delete(key);
  };
  next.then(clear, clear);
  return next;
}

async function loadChecklists({ force = false } = {}) {
  if (current(state.checklists, force)) return false;
  return single("checklists", async () => {
    const answer = await call("GET", pathOf("listChecklists"), { ifNoneMatch: state.checklists?.etag ?? undefined });
    if (answer?.notModified) return false;
    confirm.setChecklists(answer.checklists, answer.etag ?? null);
    saveNow(); // what a load got is kept at once (a tab closed right after still has it)
    return true;
  });
}

async function loadChecklist(id, { force = false } = {}) {
  if (current(state.lists.get(id), force)) return false;
  return single(`checklist:${id}`, async () => {
    const kept = state.lists.get(id);
    let answer;
    try {
      answer = await call("GET", pathOf("getChecklist", { id }), { ifNoneMatch: kept?.etag ?? undefined });
    } catch (error) {
      if (error.status === 404) confirm.removeChecklist(id);
      throw error;
    }
    if (answer?.notModified) return false;
    const before = state.lists.get(id);
    if (before && before !== kept && before.checklist.revision > answer.checklist.revision) return false;
    state.lists.set(id, { checklist: answer.checklist, items: answer.items, etag: answer.etag ?? null, local: false });
    changed(`checklist:${id}`);
    confirm.putSummary(summaryFields(answer.checklist));
    saveNow();
    return true;
  });
}

async function loadShoppingLists({ force = false } = {}) {
  if (current(state.shoppingLists, force)) return false;
  return single("shoppingLists", async () => {
    const answer = await call("GET", pathOf("listShoppingLists"), { ifNoneMatch: state.shoppingLists?.etag ?? undefined });
    if (answer?.notModified) return false;
    confirm.setShoppingLists(answer.lists, answer.etag ?? null);
    saveNow();
    return true;
  });
}

async function loadShoppingList(id, { force = false } = {}) {
  if (current(state.shopping.get(id), force)) return false;
  return single(`shoppingList:${id}`, async () => {
    const kept = state.shopping.get(id);
    let answer;
    try {
      answer = await call("GET", pathOf("getShoppingList", { listID: id }), { ifNoneMatch: kept?.etag ?? undefined });
    } catch (error) {
      if (error.status === 404) confirm.removeShoppingList(id);
      throw error;
    }
    if (answer?.notModified) return false;
    const before = state.shopping.get(id);
    if (before && before !== kept && before.list.revision > answer.list.revision) return false;
    const shop = answer.shop !== undefined ? answer.shop : before?.shop ?? null;
    state.shopping.set(id, { list: answer.list, lines: answer.lines, totals: answer.totals, shop, etag: answer.etag ?? null, local: false });
    changed(`shoppingList:${id}`);
    if (state.shoppingLists) confirm.putShoppingSummary(answer.list);
    saveNow();
    return true;
  });
}

async function loadCatalogue({ force = false } = {}) {
  if (current(state.catalogue, force)) return false;
  return single("catalogue", async () => {
    const answer = await call("GET", pathOf("getCatalogue"), { ifNoneMatch: state.catalogue?.etag ?? undefined });
    if (answer?.notModified) return false;
    confirm.setCatalogue(answer.currency, answer.items, answer.etag ?? null);
    saveNow();
    return true;
  });
}

async function loadShops({ force = false } = {}) {
  if (current(state.shops, force)) return false;
  return single("shops", async () => {
    const answer = await call("GET", pathOf("listShops"), { ifNoneMatch: state.shops?.etag ?? undefined });
    if (answer?.notModified) return false;
    confirm.setShops(answer.shops, answer.etag ?? null);
    saveNow();
    return true;
  });
}

/** The shops a list someone shared with the user can be shopped in (its owner's): GET /shops?list=. */
async function loadListShops(listID) {
  return single(`listShops:${listID}`, async () => {
    const answer = await call("GET", pathOf("listShops", { query: { list: listID } }));
    state.listShops.set(listID, answer.shops);
    touch(`listShops:${listID}`);
    return true;
  });
}

async function loadMembers(listID) {
  return single(`members:${listID}`, async () => {
    try {
      const answer = await call("GET", pathOf("getListMembers", { listID }));
      confirm.setMembers(listID, answer.members);
    } catch (error) {
      if (error.status === 404) confirm.removeMembers(listID);
      throw error;
    }
    return true;
  });
}

const foldedNames = new WeakMap(); // catalogue item → its folded name (computed once per item)
function foldedName(item) {
  let key = foldedNames.get(item);
  if (key === undefined) {
    key = fold(item.name);
    foldedNames.set(item, key);
  }
  return key;
}

function searchLocal(q, limit) {
  const key = fold(q);
  const catalogue = catalogueView();
  if (!key || !catalogue) return [];
  const starts = [];
  const contains = [];
  for (const item of catalogue.items) {
    const name = foldedName(item);
    if (name.startsWith(key)) starts.push(item);
    else if (name.includes(key)) contains.push(item);
    if (starts.length >= limit) break;
  }
  return [...starts, ...contains].slice(0, limit);
}

/**
 * Catalogue items whose name holds `q` (case and accents ignored), those starting with it
 * first. From the kept catalogue when it is loaded (offline too, with unsent items), else from
 * the server. Resolves to [CatalogueItem].
 */
async function searchCatalogue(q, limit = 20) {
  if (state.catalogue) return searchLocal(q, limit);
  try {
    const answer = await call("GET", pathOf("searchCatalogue", { query: { q, limit } }));
    return answer.items;
  } catch (error) {
    if (error.isNetwork) return searchLocal(q, limit);
    throw error;
  }
}

// MARK: - Edits

const uuid = () => (crypto.randomUUID ? crypto.randomUUID() : fallbackUUID()).toUpperCase();
function fallbackUUID() {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function itemListID(itemID) {
  const found = locate("item", itemID);
  if (!found) throw new Error(`There is no item with id ${itemID} on this device.`);
  return found.listID;
}

/** The revision the shown thing has (confirmed), or null for one not yet created. */
function shownRevision(kind, id, listID) {
  return TARGETS[kind]?.thing(locate(kind, id, listID))?.revision ?? null;
}

/** What an edit was made on, kept with the op: offered back if it is deleted elsewhere meanwhile. */
function was(kind, id, listID) {
  const found = locate(kind, id, listID);
  const thing = found?.item ?? found?.line ?? found?.checklist ?? found?.list ?? null;
  return thing ? { thing, after: found.after } : undefined;
}

/** What an operation's `edit` is given (data/ops/registry.js): the store's side of a mutator. */
const editing = {
  enqueue: (fields) => outbox.enqueue(fields),
  uuid,
  itemListID,
  shownRevision,
  was,
  foldedName,
  catalogueView: () => catalogueView(),
  shopsView: () => shopsView(),
  edits: null,
};

/** One edit per operation (`store.updateItem(…)` is data/ops/update-item.js's `edit`), and a few made of them. */
const edits = {
  ...Object.fromEntries([...OPERATIONS.values()].filter((o) => o.edit).map((o) => [o.kind, (...args) => o.edit(editing, ...args)])),
  /** Adds one item per text (pasting several lines) → their ids. */
  addItems(listID, texts) {
    const clean = texts.map((t) => String(t ?? "").trim()).filter((t) => t.length > 0).map(itemText);
    return clean.map((text) => edits.addItem(listID, { text }));
  },
  /** Checks or unchecks an item; `subtasks: true` checks its unchecked subtasks with it (one request). */
  checkItem(id, checked, { subtasks = false } = {}) {
    return edits.updateItem(id, { checked: !!checked, checkSubtasks: !!checked && subtasks });
  },
  /** Puts an item on a list by name: the catalogue's item of that name (case and accents ignored) or a new one. */
  putNamedOnList(listID, name) {
    const clean = validated(name, ...LIMITS.catalogueName);
    const key = fold(clean);
    const existing = catalogueView()?.items.find((i) => foldedName(i) === key);
    const itemID = existing ? existing.id : edits.createCatalogueItem({ name: clean });
    const shown = shoppingListView(listID)?.lines.find((l) => l.item.id === itemID);
    if (!shown) edits.putOnList(listID, itemID);
    return itemID;
  },
};
editing.edits = edits;

// MARK: - The store

/** The one client store (docs/WEB-CLIENT.md). */
export const store = {
  open,
  /** The signed-in user whose data is open (null: single-user), and whether the app is online. */
  get user() {
    return state.user;
  },
  get online() {
    return state.online && (typeof navigator === "undefined" || navigator.onLine !== false);
  },
  checklists: checklistsView,
  checklist: checklistView,
  item(id) {
    const found = locate("item", id);
    if (!found) return null;
    return checklistView(found.listID)?.items.find((i) => i.id === id) ?? null;
  },
  shoppingLists: shoppingListsView,
  shoppingList: shoppingListView,
  catalogue: catalogueView,
  shops: shopsView,
  listShops: (listID) => state.listShops.get(listID) ?? null,
  members: (listID) => state.members.get(listID)?.members ?? null,
  /** The trip the last Finish Shopping of `listID` on this page recorded (undefined: none answered yet). */
  lastTrip: (listID) => state.trips.get(listID),
  pendingCount: () => outbox.pendingCount(),
  conflicts: () => outbox.conflicts(),
  conflictFor: (kind, id) => outbox.conflictFor(kind, id),
  subscribe(fn) {
    subscribers.add(fn);
    return () => subscribers.delete(fn);
  },
  loadChecklists,
  loadChecklist,
  loadShoppingLists,
  loadShoppingList,
  loadCatalogue,
  loadShops,
  loadListShops,
  loadMembers,
  searchCatalogue,
  ...edits,
  resolve: (conflictID, choice) => outbox.resolve(conflictID, choice, edits),
  /** Sends the outbox now (sync.js calls it on every trigger); resolves when it stopped. */
  flush: () => outbox.flush(),
  // For sync.js and tests: not for screens.
  _internal: { state, confirm, call, setOnline, touch, saveNow, persist, outbox, changed, idleListeners },
};

if (typeof window !== "undefined") {
  window.addEventListener("online", () => {
    touch("connection");
    outbox.flush();
  });
  window.addEventListener("offline", () => touch("connection"));
}
