// What the Checklists screens know from the server, and the requests that change it.
// (Until the one client store, /data/store.js, replaces it: this is app.js's old cache and
// its loaders and edits, moved out unchanged.)

import { api } from "/api.js";
import { announce, confirmDialog, toast } from "/views.js";
import { staleConflicts } from "/conflicts.js";
import { shareSheetChanged } from "/sharing.js";
import { noteError, setOnline } from "/app/connection.js";
import { scheduleRefresh } from "/app/live.js";
import { LAST_LIST_KEY } from "/checklists/checklist-paths.js";

/** What the app knows from the server. */
export const store = {
  lists: null, // [List] in All Lists order
  listsETag: null,
  details: new Map(), // list id → { checklist, items, etag }
};

/** Per-item checkmarks the user set that the server has not confirmed yet. */
export const pendingChecks = new Map();
const syncingChecks = new Set();

export async function loadLists() {
  const result = await api.lists(store.lists ? store.listsETag : null);
  setOnline(true);
  if (result && result.notModified) return false;
  store.lists = result.checklists;
  store.listsETag = result.etag;
  return true;
}

/** The list loads in flight, by id. */
const detailLoads = new Map();

/**
 * Loads a list into the cache; resolves to whether it changed. A load asked for while one is in
 * flight (the live stream opening during the first load) waits for it, then asks with its ETag:
 * a 304 rather than the whole list again.
 */
export async function loadDetail(id) {
  const running = detailLoads.get(id);
  if (running) await running.catch(() => undefined);
  const load = fetchDetail(id);
  detailLoads.set(id, load);
  try {
    return await load;
  } finally {
    if (detailLoads.get(id) === load) detailLoads.delete(id);
  }
}

async function fetchDetail(id) {
  const cached = store.details.get(id);
  const result = await api.list(id, cached ? cached.etag : null);
  setOnline(true);
  if (result && result.notModified) return false;
  let items = result.items;
  if (cached) {
    // An answer that left before one of our own writes landed must not undo it: keep the newer item.
    const local = new Map(cached.items.map((item) => [item.id, item]));
    items = items.map((item) => {
      const mine = local.get(item.id);
      return mine && mine.revision > item.revision ? mine : item;
    });
  }
  store.details.set(id, { checklist: result.checklist, items, etag: result.etag });
  return true;
}

export function findItem(itemID) {
  for (const detail of store.details.values()) {
    const index = detail.items.findIndex((i) => i.id === itemID);
    if (index >= 0) return { detail, item: detail.items[index], index };
  }
  return null;
}

/** Puts the server's answer for an item into the cache. */
export function storeItem(item) {
  const detail = store.details.get(item.checklistID);
  if (!detail) return;
  const index = detail.items.findIndex((i) => i.id === item.id);
  if (index >= 0) detail.items[index] = item;
  else detail.items.push(item);
  detail.etag = null; // the list's revision moved on
}

export function forgetItem(itemID) {
  const found = findItem(itemID);
  if (found) {
    found.detail.items.splice(found.index, 1);
    found.detail.etag = null;
  }
}

/** All Lists order until the server's answer arrives: as Finder sorts ("List 2" before "List 10"). */
export const nameCollator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
export const byName = (a, b) => nameCollator.compare(a.name, b.name);

export function listName(id) {
  return store.details.get(id)?.checklist.name ?? store.lists?.find((l) => l.id === id)?.name;
}

/**
 * A list was shared with the user, or their role changed, or the share ended (or the user is
 * the owner and shared it): the lists and that list's cached answers are stale. Lists answer
 * 304 by revision, which a share does not change, so their ETags are dropped.
 */
export function sharingChanged(change) {
  store.listsETag = null;
  const id = (change.collectionID || "").toUpperCase();
  for (const [listID, detail] of store.details) if (listID.toUpperCase() === id) detail.etag = null;
  shareSheetChanged(change);
}

export async function deleteList(list, ul) {
  const count = list.itemCount;
  const ok = await confirmDialog({
    title: `Delete “${list.name}”?`,
    message: count > 0
      ? `The list and its ${count === 1 ? "item" : `${count} items`} will be deleted. This can’t be undone.`
      : "The list will be deleted. This can’t be undone.",
    confirm: "Delete",
  });
  if (!ok) return false;
  try {
    await api.deleteList(list.id);
  } catch (error) {
    if (error.status !== 404) {
      toast(error.isNetwork ? "Can’t reach the server. The list was not deleted." : error.detail, { kind: "error" });
      noteError(error);
      return false;
    }
  }
  store.lists = store.lists?.filter((l) => l.id !== list.id) ?? null;
  store.listsETag = null;
  store.details.delete(list.id);
  if (localStorage.getItem(LAST_LIST_KEY) === list.id) localStorage.removeItem(LAST_LIST_KEY);
  announce(`Deleted ${list.name}.`);
  toast(`Deleted “${list.name}”.`);
  if (ul) {
    const li = ul.querySelector(`[data-list-id="${CSS.escape(list.id)}"]`);
    const next = li?.nextElementSibling || li?.previousElementSibling;
    li?.remove();
    (next?.querySelector("[data-testid=open-list]") || document.getElementById("nav-title")).focus();
    scheduleRefresh(0);
  }
  return true;
}

export function toggleItem(itemID, paint) {
  const found = findItem(itemID);
  if (!found) return;
  const shown = pendingChecks.has(itemID) ? pendingChecks.get(itemID) : found.item.checked;
  pendingChecks.set(itemID, !shown);
  paint();
  announce(!shown ? `${found.item.text} checked` : `${found.item.text} unchecked`);
  syncCheck(itemID, paint);
}

async function syncCheck(itemID, paint) {
  if (syncingChecks.has(itemID)) return;
  syncingChecks.add(itemID);
  let attempts = 0;
  // Whether the stored item is the server's answer to this sync (not what this page saw before
  // the taps, which may be stale): only then is a checkmark that matches it left unsent.
  let confirmed = false;
  try {
    while (pendingChecks.has(itemID)) {
      const found = findItem(itemID);
      const want = pendingChecks.get(itemID);
      if (!found) {
        pendingChecks.delete(itemID);
        break;
      }
      if (confirmed && found.item.checked === want) {
        pendingChecks.delete(itemID);
        break;
      }
      try {
        storeItem(await api.updateItem(itemID, { checked: want }, found.item.revision));
        confirmed = true;
        setOnline(true);
      } catch (error) {
        attempts += 1;
        if (error.status === 412 && attempts < 4) {
          // Changed elsewhere. The same checkmark set there is no conflict; another change to the
          // item (a rename) is not either: the checkmark is sent again over it. Only a checkmark set
          // the other way there, after this page last saw it, wins: the page shows it and says so,
          // with a one-tap way to set it again (a flip of the other person's tap is never silent).
          const stale = await staleConflicts(error, {
            base: { checked: found.item.checked }, mine: { checked: want }, fields: ["checked"],
            read: (item) => ({ checked: item.checked }), load: () => api.item(itemID),
          });
          storeItem({ ...stale.current, revision: stale.revision ?? stale.current.revision });
          confirmed = true;
          if (stale.conflicts.length > 0) {
            pendingChecks.delete(itemID);
            const by = stale.conflicts[0].changedBy;
            const name = stale.current.text;
            toast(`“${name}” was ${stale.current.checked ? "checked" : "unchecked"} elsewhere${by ? ` by ${by}` : ""}.`, {
              action: want ? "Check" : "Uncheck",
              timeout: 8000,
              onAction: () => {
                if (!findItem(itemID)) return;
                pendingChecks.set(itemID, want);
                paint();
                syncCheck(itemID, paint);
              },
            });
            announce(`${name} was ${stale.current.checked ? "checked" : "unchecked"} elsewhere.`);
            break;
          }
          continue;
        }
        pendingChecks.delete(itemID);
        if (error.status === 404) {
          forgetItem(itemID);
          toast("That item was deleted elsewhere.");
        } else {
          noteError(error);
          toast(error.isNetwork ? "Can’t reach the server. The checkmark was not saved." : error.detail, { kind: "error" });
        }
        break;
      }
    }
  } catch (error) {
    pendingChecks.delete(itemID);
    noteError(error);
  } finally {
    syncingChecks.delete(itemID);
    paint();
  }
}

/** Moves an item to a position (0-based) and tells the server. */
/** Moves are sent one at a time, in order: each is an index in the order the previous made. */
let moveQueue = Promise.resolve();

export function moveItem(itemID, index, paint) {
  const found = findItem(itemID);
  if (!found) return Promise.resolve();
  const items = found.detail.items;
  const to = Math.max(0, Math.min(items.length - 1, index));
  if (to !== found.index) {
    items.splice(to, 0, items.splice(found.index, 1)[0]);
  }
  paint();
  announce(`${found.item.text} moved to position ${to + 1} of ${items.length}.`);
  const send = async () => {
    try {
      let updated;
      try {
        // The revision as of now: an earlier move of this item may have changed it.
        updated = await api.moveItem(itemID, to, findItem(itemID)?.item.revision);
      } catch (error) {
        if (error.status !== 412) throw error;
        const fresh = await api.item(itemID);
        updated = await api.moveItem(itemID, to, fresh.revision);
      }
      const again = findItem(itemID);
      if (again) again.detail.items[again.index] = updated;
      found.detail.etag = null;
    } catch (error) {
      noteError(error);
      toast(error.isNetwork ? "Can’t reach the server. The new order was not saved." : error.detail, { kind: "error" });
      found.detail.etag = null;
    }
    scheduleRefresh(0);
  };
  moveQueue = moveQueue.then(send, send);
  return moveQueue;
}

/** Deletes an item at once and offers Undo (which adds it back where it was). */
export async function deleteItem(itemID, { paint, ul } = {}) {
  const found = findItem(itemID);
  if (!found) return false;
  const { item, index, detail } = found;
  const listID = item.checklistID;
  let nextFocus = null;
  if (ul) {
    const li = ul.querySelector(`[data-item-id="${CSS.escape(itemID)}"]`);
    const sibling = li?.nextElementSibling || li?.previousElementSibling;
    const testid = document.activeElement?.dataset?.testid;
    nextFocus = sibling ? () => (sibling.querySelector(`[data-testid="${testid}"]`) || sibling.querySelector("button"))?.focus() : null;
  }
  detail.items.splice(index, 1);
  paint?.();
  nextFocus ? nextFocus() : ul && document.getElementById("nav-title").focus();
  try {
    await api.deleteItem(itemID);
  } catch (error) {
    if (error.status !== 404) {
      detail.items.splice(index, 0, item);
      paint?.();
      noteError(error);
      toast(error.isNetwork ? "Can’t reach the server. The item was not deleted." : error.detail, { kind: "error" });
      return false;
    }
  }
  detail.etag = null;
  announce(`Deleted ${item.text}.`);
  toast(`Deleted “${item.text}”.`, {
    action: "Undo",
    timeout: 8000,
    onAction: async () => {
      try {
        const body = { text: item.text, checked: item.checked, dueDate: item.dueDate, remind: item.remind && !!item.dueDate };
        const created = await api.addItem(listID, body);
        let placed = created;
        const current = store.details.get(listID);
        const length = current ? current.items.length : index + 1;
        if (index < length) placed = await api.moveItem(created.id, index, created.revision);
        if (current) {
          current.items = current.items.filter((i) => i.id !== placed.id);
          current.items.splice(Math.min(index, current.items.length), 0, placed);
          current.etag = null;
        }
        announce(`Restored ${item.text}.`);
        scheduleRefresh(0);
      } catch (error) {
        noteError(error);
        toast(error.detail || "The item could not be restored.", { kind: "error" });
      }
    },
  });
  return true;
}
