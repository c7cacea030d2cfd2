// Keeping the store current (docs/WEB-CLIENT.md): the live event stream
// (/api/v1/events), the delta feed catch-up (GET /api/v1/changes?since=<cursor>), and the
// triggers that send the outbox.
//
// - The first cursor comes from `GET /changes?since=now`, taken before the first full loads. A
//   server without `since=now` (400) is read from the start of its feed, pages only, for the
//   cursor (nothing applied: the loads that follow fetch the state).
// - On the stream's open, on every `change` event, on `online` and when the page becomes visible:
//   catch up, page by page until `more` is false, applying each entry's whole state or tombstone,
//   and store `next` (with the records, in one IndexedDB transaction).
// - 410 (a cursor older than the server keeps): drop it, take a new one, reload in full what
//   this device keeps.
// - The outbox is sent on `online`, visibility, focus, the stream opening, its backoff timer and
//   the service worker's `{type: "flush-outbox"}` message (Background Sync).

import { sessionIs } from "/api.js";
import { store } from "/data/store.js";
import { pathOf } from "/data/routes.js";

const { state, confirm, call, setOnline, touch, persist, outbox, idleListeners, saveNow } = store._internal;

let source = null;
let started = false;
let catching = null;
let again = false;
/** Listeners for the stream's other events ("reminder", and every `change` as it comes). */
const listeners = new Map();

function setCursor(cursor) {
  if (!cursor || cursor === state.cursor) return;
  state.cursor = cursor;
  persist("meta", "cursor", cursor);
}

/** The first cursor, kept at once. */
async function takeFirstCursor() {
  await firstCursor();
  saveNow();
}

/** Takes a first cursor: `since=now`, or (an older server) the end of the feed read from its start. */
async function firstCursor() {
  try {
    const page = await call("GET", pathOf("changes", { query: { since: "now" } }));
    setCursor(page.next);
    return;
  } catch (error) {
    if (error.status !== 400 && error.status !== 422) throw error;
  }
  let since = "";
  for (let pages = 0; pages < 1000; pages += 1) {
    const page = await call("GET", pathOf("changes", { query: { limit: 1000, since: since || undefined } }));
    if (page.next) since = page.next;
    if (!page.more) break;
  }
  if (since) setCursor(since);
}

/** Applies one entry of the delta feed to the confirmed state. */
function applyEntry(entry, reload) {
  const { kind, id, deleted } = entry;
  switch (kind) {
    case "checklist":
      if (deleted) confirm.removeChecklist(id);
      else if (entry.state?.checklist) confirm.putChecklist(entry.state);
      if (!state.checklists) reload.add("checklists");
      break;
    case "item":
      if (deleted) {
        confirm.removeItem(entry.listID, id);
      } else if (entry.state && state.lists.has(entry.listID)) {
        confirm.putItem(entry.state, entry.after === undefined ? undefined : entry.after);
      }
      if (!state.lists.has(entry.listID)) reload.add("checklists"); // its counts
      break;
    case "shoppingList":
      if (deleted) confirm.removeShoppingList(id);
      else if (entry.state?.list) confirm.putShoppingContents(entry.state);
      if (!state.shoppingLists) reload.add("shoppingLists");
      break;
    case "entry":
      if (deleted) confirm.removeLine(entry.listID, id);
      else if (entry.state?.item && state.shopping.has(entry.listID)) confirm.putLine(entry.listID, entry.state);
      if (!state.shopping.has(entry.listID)) reload.add("shoppingLists"); // its counts (a kept list counts itself)
      break;
    case "catalogueItem":
      if (deleted) confirm.removeCatalogueItem(id);
      else if (entry.state) confirm.putCatalogueItem(entry.state);
      break;
    case "shop":
      // A shop's order changed (dragged elsewhere, or learned from a trip): the lists showing it follow.
      if (deleted) confirm.removeShop(id);
      else if (entry.state?.id) confirm.putShop(entry.state, { list: !!state.shops });
      else if (state.shops) reload.add("shops");
      break;
    case "share":
      if (deleted) {
        confirm.removeChecklist(id);
        confirm.removeShoppingList(id);
        confirm.removeMembers(id);
      } else if (entry.state?.members) {
        confirm.setMembers(id, entry.state.members);
      }
      reload.add("checklists");
      reload.add("shoppingLists");
      break;
    default:
      break;
  }
}

/**
 * A shop was made, renamed or reordered (by a drag elsewhere, or learned from a trip): the feed
 * says so only as a catalogue change, so the shops, and the kept lists shown in one, are read
 * again (the lists' order and headings follow their shop).
 */
function shopsChanged() {
  if (state.shops) store.loadShops({ force: true }).catch(() => undefined);
  for (const [id, record] of state.shopping) {
    if (record.shop) store.loadShoppingList(id, { force: true }).catch(() => undefined);
  }
}

let soonTimer = null;
let afterSending = false;
/** A catch-up for a live change: after the outbox is sent (its answers are newer), batched. */
function catchUpSoon() {
  if (outbox.busy) {
    afterSending = true;
    return;
  }
  if (soonTimer) return;
  soonTimer = setTimeout(() => {
    soonTimer = null;
    catchUp().catch(() => undefined);
  }, 30);
}
idleListeners.add(() => {
  if (!afterSending) return;
  afterSending = false;
  catchUpSoon();
});

/** Reads the feed after the cursor and applies it; resolves when caught up (or offline). */
function catchUp() {
  if (catching) {
    again = true;
    return catching;
  }
  catching = (async () => {
    try {
      do {
        again = false;
        await catchUpOnce();
      } while (again);
    } finally {
      catching = null;
    }
  })();
  return catching;
}

async function catchUpOnce() {
  if ((await sessionIs(store.user)) === false) return; // not this store's user: nothing of theirs goes in
  if (!state.cursor) {
    // No cursor (the first one could not be taken): take one, then reload what is kept.
    await reloadEverything();
    return;
  }
  const reload = new Set();
  for (let pages = 0; pages < 1000; pages += 1) {
    let page;
    try {
      page = await call("GET", pathOf("changes", { query: { since: state.cursor, limit: 500 } }));
    } catch (error) {
      if (error.status === 410 || error.status === 400) {
        await reloadEverything();
        return;
      }
      throw error;
    }
    for (const entry of page.changes || []) applyEntry(entry, reload);
    setCursor(page.next);
    if (!page.more) break;
  }
  saveNow(); // the states and the cursor together, at once
  if (streamOpen || source?.readyState === 0) setLive(true); // connecting: its open catches up again
  for (const key of reload) {
    const load = key === "checklists" ? store.loadChecklists({ force: true })
      : key === "shoppingLists" ? store.loadShoppingLists({ force: true })
        : key === "shops" ? store.loadShops({ force: true }) : null;
    load?.catch(() => undefined);
  }
}

/** The cursor is too old (410) or not this server's: a new one, then every kept thing in full. */
async function reloadEverything() {
  state.cursor = null;
  persist("meta", "cursor", undefined);
  setLive(false);
  await firstCursor();
  const force = { force: true };
  const loads = [];
  if (state.checklists) loads.push(store.loadChecklists(force));
  for (const id of state.lists.keys()) loads.push(store.loadChecklist(id, force));
  if (state.shoppingLists) loads.push(store.loadShoppingLists(force));
  for (const id of state.shopping.keys()) loads.push(store.loadShoppingList(id, force));
  if (state.catalogue) loads.push(store.loadCatalogue(force));
  if (state.shops) loads.push(store.loadShops(force));
  for (const id of state.members.keys()) loads.push(store.loadMembers(id));
  const results = await Promise.allSettled(loads);
  if ((streamOpen || source?.readyState === 0) && results.every((r) => r.status === "fulfilled")) setLive(true);
}

let streamOpen = false;
/** Kept state is current while the stream is open and the feed was read up to it. */
function setLive(live) {
  state.live = live;
}

function openStream() {
  if (typeof EventSource === "undefined") return;
  source?.close();
  source = new EventSource(`/api/v1${pathOf("events")}`);
  source.addEventListener("open", () => {
    streamOpen = true;
    setOnline(true);
    store.flush();
    catchUp().catch(() => undefined);
  });
  source.addEventListener("change", (event) => {
    let data = null;
    try {
      data = JSON.parse(event.data);
    } catch {
      data = null;
    }
    catchUpSoon();
    if (data?.kind === "shopUpdated") shopsChanged();
    emit("change", data);
  });
  source.addEventListener("reminder", (event) => {
    let data = null;
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    emit("reminder", data);
  });
  source.addEventListener("error", () => {
    // Changes may be missed until it is open again and the feed is read: loads ask again.
    streamOpen = false;
    setLive(false);
    // The browser reconnects by itself (sending Last-Event-ID); a request tells whether we're offline.
    if (navigator.onLine === false) setOnline(false);
  });
}

// A page that goes (a reload, another page) lets go of its stream at once: left to the server to
// notice, it held one of the browser's six connections to the server for seconds, and a few quick
// reloads left the next page waiting with "Loading…". A page back from the back/forward cache opens
// it again.
if (typeof window !== "undefined") {
  window.addEventListener("pagehide", () => {
    source?.close();
    source = null;
    streamOpen = false;
    setLive(false);
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && started) openStream();
  });
}

function emit(type, data) {
  for (const fn of listeners.get(type) ?? []) {
    try {
      fn(data);
    } catch (error) {
      console.error(error);
    }
  }
}

/** A notification's Done or In 1 hour, queued by the service worker: shown here and sent. */
async function adoptFromWorker() {
  const db = state.db;
  if (!db || db.closed) return;
  try {
    outbox.adopt(await db.getAll("outbox"));
  } catch {
    return; // said on the console by idb.js; the worker or the next start sends it
  }
  store.flush();
}

function trigger() {
  store.flush();
  catchUp().catch(() => undefined);
}

/** The live connection (docs/WEB-CLIENT.md). */
export const sync = {
  /** Whether the server answered the last request (false after a network error, or navigator.onLine false). */
  get online() {
    return store.online;
  },
  /**
   * Starts following the server: opens the event stream, sets the flush triggers, and catches
   * up from the kept cursor (or takes a first one). Await it before the screens' loads: kept
   * things are then current and their loads cost nothing while the stream stays open.
   * Idempotent.
   */
  async start() {
    if (started) return;
    started = true;
    window.addEventListener("online", () => {
      touch("connection");
      trigger();
    });
    window.addEventListener("offline", () => setOnline(false));
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") trigger();
    });
    window.addEventListener("focus", () => store.flush());
    navigator.serviceWorker?.addEventListener("message", (event) => {
      if (event.data?.type === "flush-outbox") store.flush();
      if (event.data?.type === "outbox-added") adoptFromWorker();
    });
    openStream();
    // With a kept cursor, what is kept is brought up to date before the screens load (they then
    // load nothing they keep); without one, the first cursor is taken before their full loads.
    if (state.cursor) await catchUp().catch(() => undefined);
    else await takeFirstCursor().catch(() => undefined);
  },
  /** Closes the stream (signing out, tests). */
  stop() {
    source?.close();
    source = null;
    streamOpen = false;
    setLive(false);
  },
  flush: () => store.flush(),
  catchUp,
  /** `fn(data)` for each stream event of `type` ("change", "reminder"); returns a stop function. */
  on(type, fn) {
    if (!listeners.has(type)) listeners.set(type, new Set());
    listeners.get(type).add(fn);
    return () => listeners.get(type).delete(fn);
  },
};
