// A reminder's Done and In 1 hour, run by the service worker (sw.js) with no page open.
// They are ops of the app's one outbox (data/outbox.js), kept in the signed-in user's IndexedDB
// outbox and sent by the same code as the page's edits:
// - written before anything is sent, so a Done tapped offline survives the worker stopping;
//   an open page, a reload, the `sync` event or the next reminder sends it (whoever comes first,
//   under the outbox's lock; the others find it gone);
// - an `updateItem` of `checked` (or `dueDate`) made on the item revision the push carried,
//   so a replay is merged field by field and never checks (or advances a repeat) twice.
// This worker keeps no state of its own: what the server answers reaches the pages through
// the delta feed.

import { loadSession, isoDate, request } from "/api.js";
import { databaseName, openDatabase } from "/data/idb.js";
import { Outbox } from "/data/outbox.js";

/** The `from` of the ops made here: the page sends them too, and saves at once when it did. */
export const FROM_NOTIFICATION = "notification";
const USER_CACHE = "checklists-push-user";
const USER_KEY = "/push-user";

/** Remembers who is signed in (push.js says so, and every session the worker reads). */
export async function rememberUser(user) {
  const cache = await caches.open(USER_CACHE);
  await cache.put(USER_KEY, new Response(JSON.stringify({ user: user ?? null }), { headers: { "Content-Type": "application/json" } }));
}

/** The signed-in user (null: single-user mode), from the server or, offline, the one remembered. */
async function currentUser() {
  const session = await loadSession();
  if (session) {
    const user = session.mode === "accounts" ? session.user : null;
    await rememberUser(user).catch(() => undefined);
    return user;
  }
  const kept = await (await caches.open(USER_CACHE)).match(USER_KEY);
  if (!kept) return undefined;
  return (await kept.json()).user ?? null;
}

/** An outbox host with no views: writes go to IndexedDB at once, confirmed state is the pages'. */
function workerHost(db, user) {
  const writes = new Set();
  const noop = () => undefined;
  const keep = (promise) => {
    writes.add(promise);
    promise.finally(() => writes.delete(promise)).catch(noop);
  };
  const state = { db, user, online: true, shopping: new Map(), lists: new Map() };
  return {
    state,
    confirm: new Proxy({}, { get: () => noop }),
    call: (method, path, options) => request(method, path, options),
    touch: noop,
    holdUntil: noop,
    persist: (store, key, value) => keep(db.write([{ store, key, value }])),
    saveNow: () => Promise.allSettled([...writes]),
    isOnline: () => navigator.onLine !== false,
    locate: () => null,
    idle: noop,
  };
}

/** The worker's outbox on the user's database: the ops made from notifications, in order. */
async function openOutbox(user) {
  const db = await openDatabase(databaseName(user));
  const host = workerHost(db, user);
  const outbox = new Outbox(host);
  const records = await db.getAll("outbox");
  outbox.restore(records.filter((r) => r?.from === FROM_NOTIFICATION));
  for (const op of outbox.ops) op.saved = true;
  return { outbox, db, host };
}

/**
 * Queues a reminder action in the outbox and sends it if it can.
 * - Parameters: `action` "done" or "snooze"; `payload` the push's JSON (itemID, checklistID,
 *   revision).
 * - Returns: whether it was sent (false: kept for later).
 */
export async function queueReminderAction(action, payload, { now = new Date() } = {}) {
  if (!payload?.itemID || !payload?.checklistID) throw new Error("The reminder names no item.");
  const body = action === "done"
    ? { checked: true }
    : action === "snooze"
      ? { dueDate: isoDate(new Date(now.getTime() + 3600 * 1000)) }
      : null;
  if (!body) throw new Error(`Unknown reminder action “${action}”: use "done" or "snooze".`);
  const user = await currentUser();
  if (user === undefined) throw new Error("Nobody has signed in on this device yet: the reminder’s action can’t be kept.");
  const { outbox, db, host } = await openOutbox(user);
  try {
    const op = outbox.enqueue({
      kind: "updateItem", listID: payload.checklistID, itemID: payload.itemID, body,
      base: Number.isInteger(payload.revision) ? payload.revision : null, from: FROM_NOTIFICATION,
    });
    await outbox.write(op);
    await outbox.flush();
    await host.saveNow();
    return !outbox.ops.includes(op);
  } finally {
    clearTimeout(outbox.timer); // no retry from a closed database: the next wake-up sends it
    db.close();
  }
}

/** Sends what notifications left in the outbox (the `sync` event, a push); resolves to how many remain. */
export async function flushReminderActions() {
  const user = await currentUser();
  if (user === undefined) return 0;
  const { outbox, db, host } = await openOutbox(user);
  try {
    if (outbox.ops.length > 0) await outbox.flush();
    await host.saveNow();
    return outbox.pendingCount();
  } finally {
    clearTimeout(outbox.timer); // no retry from a closed database: the next wake-up sends it
    db.close();
  }
}
