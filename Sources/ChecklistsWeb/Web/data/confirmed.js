// The confirmed state (docs/WEB-CLIENT.md): what the server said, kept in IndexedDB, with the
// change notification screens subscribe to. Loads, the outbox's answers and the delta feed
// write it through `confirm` — the views (store-views.js) are built on it.
//
// - All Lists' summaries, each loaded checklist with its items in order, the shopping lists,
//   each loaded shopping list's lines and totals, the catalogue, the shops, the members of
//   shared lists. Written to IndexedDB in batches (50 to 400 ms after a change, and when the
//   page is hidden), read back by `store.open(user)` (`loadRecord`).
// - Subscribers get one call per batch of changes with the Set of topics that changed — every
//   topic's version is bumped, so the views built on it are computed again when next read.

import { byListOrder, byName, insertAfter, lineCost, nameCollator, shopOrder, shoppingTotals, subtitle } from "/data/ops-apply.js";
import { sameShopID } from "/data/ops/op-targets.js";

// MARK: - Confirmed state

export const state = {
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

export const versions = new Map(); // key → number, bumped when the key's confirmed record or ops change
let pendingTopics = null;
let holdNotify = 0;
export const subscribers = new Set();

function bump(key) {
  versions.set(key, (versions.get(key) ?? 0) + 1);
}

/** Marks topics changed (views recomputed on next read) and schedules one notification. */
export function touch(...topics) {
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
export function holdUntil(promise) {
  holdNotify += 1;
  const release = () => {
    holdNotify -= 1;
    if (holdNotify === 0 && pendingTopics) scheduleNotify();
  };
  promise.then(release, release);
}

export const dirty = new Map(); // store → Map(key → value | undefined)
let saveTimer = null;
let saving = Promise.resolve();
let lastSave = 0;

export function persist(storeName, key, value) {
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

export function splitKey(key) {
  const index = key.indexOf(":");
  return index < 0 ? [key, ""] : [key.slice(0, index), key.slice(index + 1)];
}

/** Marks a confirmed record changed: its views are recomputed, it is saved, its topics fire. */
export function changed(key, ...alsoTopics) {
  persist("records", key, null); // the value is read when saved
  touch(key, ...alsoTopics);
}

/** Writes what changed since the last save in one transaction. */
export function saveNow() {
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

// MARK: - Confirmed-state mutators (used by loads, the outbox's answers and the delta feed)

const indexes = new WeakMap(); // an items/lines array → Map(id → index)
export function indexOf(rows, id, idOf = (r) => r.id) {
  let index = indexes.get(rows);
  if (!index) {
    index = new Map();
    rows.forEach((row, i) => index.set(idOf(row), i));
    indexes.set(rows, index);
  }
  return index.get(id) ?? -1;
}
export const lineID = (line) => line.item.id;

/** A kept list's lines and totals under another shop (its order changes with it). */
function setShop(record, shop) {
  setLines({ ...record, shop }, record.lines);
}

export const confirm = {
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

export function summaryFields(checklist) {
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

export function loadRecord(key, value) {
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
