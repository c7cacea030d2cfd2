// What the Shopping tab knows from the server, and the changes it is still sending.
//
// - shop.lists: the shopping lists by name; shop.contents: a list's lines and totals by list id;
//   shop.catalogue: every catalogue item, loaded once (GET /catalogue) and then kept current item
//   by item from the live `change` events, so a catalogue of thousands is not fetched again for
//   every change.
// - Checks, quantities and put-on/take-off taps show at once and are sent in the background;
//   until the server has them, `pending` overrides what the last answer said.

import { shopApi } from "/shopping-api.js";
import { shell } from "/shell.js";
import { announce, toast } from "/views.js";
import { staleConflicts } from "/conflicts.js";
import { currentListID, setCurrentListID } from "/shopping/shopping-routes.js";
import { fold } from "/shopping/shopping-views.js";

export const shop = {
  lists: null, // [ShoppingList] by name
  listsETag: null,
  contents: new Map(), // list id → { list, lines, totals, etag }
  catalogue: null, // { currency, items (alphabetical), byId: Map, etag }
  /** Catalogue items changed since it was loaded: a Map of id → deleted (true/false), or "all". */
  catalogueDirty: null,
};

const nameCollator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

// MARK: - Lists

export async function loadLists() {
  const result = await shopApi.lists(shop.lists ? shop.listsETag : null);
  shell.setOnline(true);
  if (result && result.notModified) return false;
  shop.lists = result.lists;
  shop.listsETag = result.etag;
  return true;
}

/**
 * The list to show when the Shopping tab opens: the last one opened here, else the user's own
 * "Shopping List", else their first (before lists others share). Someone whose own lists are
 * all empty while a list shared with them has items (a household's list) gets that one.
 */
export function resolveCurrentList() {
  const lists = shop.lists || [];
  const stored = currentListID();
  const own = lists.filter((l) => !l.owner);
  const sharedInUse = own.every((l) => l.entryCount === 0)
    ? lists.find((l) => l.owner && l.entryCount > 0)
    : undefined;
  const list = lists.find((l) => l.id === stored)
    ?? sharedInUse
    ?? own.find((l) => l.name === "Shopping List")
    ?? own[0]
    ?? lists[0];
  setCurrentListID(list ? list.id : null);
  return list ?? null;
}

export function listName(id) {
  return shop.contents.get(id)?.list.name ?? shop.lists?.find((l) => l.id === id)?.name;
}

/** Forgets a list that was deleted (here or elsewhere). */
export function forgetList(id) {
  shop.contents.delete(id);
  if (shop.lists) shop.lists = shop.lists.filter((l) => l.id !== id);
  shop.listsETag = null;
  if (currentListID() === id) setCurrentListID(null);
}

// MARK: - A list's lines

/** Loads a list's contents; resolves to true when they changed. Throws 404 for a deleted list. */
export async function loadContents(id) {
  const cached = shop.contents.get(id);
  const result = await shopApi.contents(id, cached ? cached.etag : null);
  shell.setOnline(true);
  if (result && result.notModified) return false;
  // An answer that left before one of our own writes landed must not undo it.
  if (cached && result.list.revision < cached.list.revision) return false;
  shop.contents.set(id, { list: result.list, lines: result.lines, totals: result.totals, etag: result.etag });
  return true;
}

/** Puts a line the server answered with into the cached contents (totals follow on the next load). */
export function storeLine(listID, line) {
  const contents = shop.contents.get(listID);
  if (!contents) return;
  const index = contents.lines.findIndex((l) => l.item.id === line.item.id);
  if (index >= 0) contents.lines[index] = line;
  else contents.lines.push(line);
  contents.list = { ...contents.list, revision: Math.max(contents.list.revision, line.revision) };
  contents.etag = null;
}

export function dropLine(listID, itemID) {
  const contents = shop.contents.get(listID);
  if (!contents) return;
  contents.lines = contents.lines.filter((l) => l.item.id !== itemID);
  contents.etag = null;
}

/** Changes the user made to lines that the server has not confirmed: "list item" → {inCart?, quantity?}. */
const pending = new Map();
/** Put-on (true) or take-off (false) taps not yet confirmed: "list item" → boolean. */
const pendingPresence = new Map();
const syncing = new Set();
const key = (listID, itemID) => `${listID} ${itemID}`;

/** A line as the user should see it: with the changes still on their way to the server. */
export function shownLine(listID, line) {
  const change = pending.get(key(listID, line.item.id));
  if (!change) return line;
  return { ...line, inCart: change.inCart ?? line.inCart, quantity: change.quantity ?? line.quantity };
}

/** Whether a list has changes not yet confirmed (its totals are then about to change). */
export function hasPending(listID) {
  const prefix = `${listID} `;
  for (const k of pending.keys()) if (k.startsWith(prefix)) return true;
  for (const k of pendingPresence.keys()) if (k.startsWith(prefix)) return true;
  return false;
}

/** The lines as shown, in shopping order: to get first, then in the cart; by category, then name. */
export function shownLines(listID) {
  const contents = shop.contents.get(listID);
  if (!contents) return [];
  const lines = contents.lines
    .filter((l) => pendingPresence.get(key(listID, l.item.id)) !== false)
    .map((l) => shownLine(listID, l));
  if (!hasPending(listID)) return lines; // the server's order
  return lines.sort(shoppingOrder);
}

/** The server's shopping order (ShoppingListContents.shoppingOrder), for lines changed here. */
export function shoppingOrder(a, b) {
  if (a.inCart !== b.inCart) return a.inCart ? 1 : -1;
  const x = a.item.category;
  const y = b.item.category;
  if (x && y) {
    const c = nameCollator.compare(x, y);
    if (c !== 0) return c;
  } else if (x || y) {
    return x ? -1 : 1;
  }
  return nameCollator.compare(a.item.name, b.item.name) || (a.item.id < b.item.id ? -1 : 1);
}

/**
 * Changes a line at once and sends it: `changes` is {inCart?, quantity?}. Quick repeated taps
 * send only what is still different; `repaint` runs when the server has answered.
 */
export function changeLine(listID, itemID, changes, repaint) {
  const k = key(listID, itemID);
  pending.set(k, { ...pending.get(k), ...changes });
  syncLine(listID, itemID, repaint);
}

async function syncLine(listID, itemID, repaint) {
  const k = key(listID, itemID);
  if (syncing.has(k)) return;
  syncing.add(k);
  let attempts = 0;
  try {
    while (pending.has(k)) {
      const want = pending.get(k);
      const before = shop.contents.get(listID)?.lines.find((l) => l.item.id === itemID);
      try {
        storeLine(listID, await shopApi.updateEntry(listID, itemID, want, before?.revision));
        shell.setOnline(true);
        if (pending.get(k) === want) pending.delete(k);
      } catch (error) {
        attempts += 1;
        if (error.status === 412 && before && attempts < 4) {
          // The line changed elsewhere since this page saw it. The same state there, or a change
          // of another field, is sent again over it; the same field set otherwise there wins here,
          // shown and said, with a one-tap way to set it again.
          const asForm = (line) => ({ inCart: line.inCart, quantity: line.quantity });
          const stale = await staleConflicts(error, {
            base: asForm(before), mine: { ...asForm(before), ...want }, fields: Object.keys(want), read: asForm,
            load: async () => (await shopApi.contents(listID)).lines.find((l) => l.item.id === itemID),
          }).catch(() => null);
          if (stale?.current) {
            storeLine(listID, stale.current);
            if (stale.conflicts.length === 0) continue;
            pending.delete(k);
            const by = stale.conflicts[0].changedBy;
            const now = stale.conflicts.map((c) => (c.field === "inCart" ? (c.theirs ? "put in the cart" : "taken out of the cart") : `set to ${c.theirs}`));
            const message = `“${stale.current.item.name}” was ${now.join(" and ")} elsewhere${by ? ` by ${by}` : ""}.`;
            toast(message, {
              action: "Keep mine",
              timeout: 8000,
              onAction: () => changeLine(listID, itemID, want, repaint),
            });
            announce(message);
            break;
          }
        }
        pending.delete(k);
        if (error.status === 404) {
          dropLine(listID, itemID);
          toast("That item is no longer on the list.");
        } else {
          shell.noteError(error);
          toast(error.isNetwork ? "Can’t reach the server. The change was not saved." : error.detail, { kind: "error" });
        }
      }
    }
  } finally {
    syncing.delete(k);
    repaint?.();
    shell.scheduleRefresh(0); // the totals
  }
}

/** Whether an item is on a list, as shown (with taps still on their way). */
export function isOnList(listID, itemID) {
  const want = pendingPresence.get(key(listID, itemID));
  if (want !== undefined) return want;
  return !!shop.contents.get(listID)?.lines.some((l) => l.item.id === itemID);
}

/** The ids of the items on a list, as shown. */
export function itemsOnList(listID) {
  const ids = new Set(shop.contents.get(listID)?.lines.map((l) => l.item.id) ?? []);
  const prefix = `${listID} `;
  for (const [k, want] of pendingPresence) {
    if (!k.startsWith(prefix)) continue;
    const id = k.slice(prefix.length);
    if (want) ids.add(id);
    else ids.delete(id);
  }
  return ids;
}

/** Puts an item on a list or takes it off, at once, and tells the server. */
export function setOnList(listID, itemID, on, repaint, { quantity } = {}) {
  pendingPresence.set(key(listID, itemID), on);
  repaint?.();
  syncPresence(listID, itemID, repaint, quantity);
}

async function syncPresence(listID, itemID, repaint, quantity) {
  const k = key(listID, itemID);
  if (syncing.has(`presence ${k}`)) return;
  syncing.add(`presence ${k}`);
  try {
    while (pendingPresence.has(k)) {
      const want = pendingPresence.get(k);
      try {
        if (want) {
          storeLine(listID, await shopApi.put(listID, itemID, quantity));
        } else {
          try {
            await shopApi.removeEntry(listID, itemID);
          } catch (error) {
            if (error.status !== 404) throw error; // already off the list
          }
          dropLine(listID, itemID);
        }
        shell.setOnline(true);
        if (pendingPresence.get(k) === want) pendingPresence.delete(k);
      } catch (error) {
        pendingPresence.delete(k);
        shell.noteError(error);
        toast(error.isNetwork ? "Can’t reach the server. The list was not changed." : error.detail, { kind: "error" });
      }
    }
  } finally {
    syncing.delete(`presence ${k}`);
    repaint?.();
    shell.scheduleRefresh(0);
  }
}

// MARK: - The catalogue

function indexCatalogue(currency, items, etag) {
  shop.catalogue = { currency, items, byId: new Map(items.map((i) => [i.id, i])), etag, keyed: false };
  shop.catalogueDirty = null;
}

/** Loads the whole catalogue (with If-None-Match when it is loaded); resolves to true when it changed. */
export async function loadCatalogue() {
  const result = await shopApi.catalogue(shop.catalogue ? shop.catalogue.etag : null);
  shell.setOnline(true);
  if (result && result.notModified) {
    shop.catalogueDirty = null;
    return false;
  }
  indexCatalogue(result.currency, result.items, result.etag);
  return true;
}

/** Notes a live change to the catalogue; the Items screen applies it when it next refreshes. */
export function noteCatalogueChange(change) {
  if (!shop.catalogue || shop.catalogueDirty === "all") return;
  if (!change || !change.itemID || change.kind === "catalogueUpdated") {
    shop.catalogueDirty = "all";
    return;
  }
  shop.catalogueDirty ??= new Map();
  shop.catalogueDirty.set(change.itemID, change.kind === "catalogueItemDeleted");
}

/** Applies the catalogue changes noted since the last sync: item by item when few, else a reload. */
export async function syncCatalogue() {
  if (!shop.catalogue) return loadCatalogue();
  const dirty = shop.catalogueDirty;
  if (!dirty) return false;
  if (dirty === "all" || dirty.size > 40) return loadCatalogue();
  shop.catalogueDirty = null;
  const changed = [...dirty].filter(([, deleted]) => !deleted).map(([id]) => id);
  for (const [id, deleted] of dirty) if (deleted) putCatalogueItem(id, null);
  const answers = await Promise.all(changed.map((id) => shopApi.item(id).then(
    (item) => ({ id, item }),
    (error) => {
      if (error.status === 404) return { id, item: null };
      throw error;
    })));
  shell.setOnline(true);
  for (const { id, item } of answers) putCatalogueItem(id, item);
  shop.catalogue.etag = null;
  return true;
}

/** Puts an item the server answered with into the catalogue, in its place by name (null removes it). */
export function putCatalogueItem(id, item) {
  const catalogue = shop.catalogue;
  if (!catalogue) return;
  const items = catalogue.items;
  const old = catalogue.byId.get(id);
  if (old) items.splice(items.indexOf(old), 1);
  catalogue.byId.delete(id);
  if (item) {
    if (catalogue.keyed) item._key = fold(item.name);
    let lo = 0;
    let hi = items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (nameCollator.compare(items[mid].name, item.name) < 0) lo = mid + 1;
      else hi = mid;
    }
    items.splice(lo, 0, item);
    catalogue.byId.set(id, item);
  }
  catalogue.etag = null;
  // Lines show the item's name and price: theirs change too.
  for (const contents of shop.contents.values()) {
    if (contents.lines.some((l) => l.item.id === id)) contents.etag = null;
  }
}

/** Computes every item's search key, once, in idle time after the first render. */
export function keyCatalogue() {
  const catalogue = shop.catalogue;
  if (!catalogue || catalogue.keyed) return;
  for (const item of catalogue.items) item._key = fold(item.name);
  catalogue.keyed = true;
}
