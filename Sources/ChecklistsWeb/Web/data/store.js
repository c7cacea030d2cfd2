// The one client store (docs/WEB-CLIENT.md), in three parts: the confirmed state kept in
// IndexedDB (confirmed.js), the views screens read = the confirmed state with the outbox's unsent
// ops replayed on it (store-views.js), and here what ties them: opening a user's store, the
// loads, the edits (one per operation of data/ops/), the outbox, and the store's one object.

import { ApiError, request } from "/api.js";
import { databaseName, openDatabase } from "/data/idb.js";
import { t } from "/messages.js";
import { Outbox } from "/data/outbox.js";
import { LIMITS, fold, validated } from "/data/ops-apply.js";
import { itemText } from "/data/ops/op-fields.js";
import { pathOf } from "/data/routes.js";
import { onlineRequests } from "/data/online.js";
import { OPERATIONS } from "/data/ops/registry.js";
import { TARGETS } from "/data/ops/op-targets.js";
import {
  changed, confirm, dirty, holdUntil, loadRecord, persist, saveNow, state, subscribers, summaryFields, touch,
} from "/data/confirmed.js";
import {
  catalogueView, checklistView, checklistsView, forgetViews, locate, shoppingListView, shoppingListsView, shopsView, useOutbox,
} from "/data/store-views.js";

const LAST_USER = "checklists-store-user";

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
useOutbox(outbox);

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
  forgetViews();
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
  /** What needs a connection (data/online.js): `store.search(q)`, `store.share(listID, user, role)`, … */
  ...onlineRequests(call),
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
