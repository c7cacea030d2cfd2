// The persistent outbox (docs/WEB-CLIENT.md): every edit is an op, written to IndexedDB before
// it shows, and sent in order, one at a time, when the server can be reached.
//
// - Creates carry the client's id; edits carry `base`, the revision they were made on (sent as
//   If-Match: the server merges field by field). When an op settles with revision R, later ops
//   about the same thing made on the same base move to R; a create answered with another id
//   (the catalogue's item of that name) rewrites the id in every later op.
// - A network error, 5xx or 503 keeps everything and tries again with backoff (1 s doubling to
//   30 s), and at once on every flush trigger (sync.js).
// - 412 with fields that differ from mine: a "changed" Conflict; 412 where every conflicting
//   field already has my value: settled quietly. 404 on an edit: a "deleted" Conflict (Restore
//   makes it again with a new id). Other 4xx: "refused" (the server's detail). A 404 on a
//   delete is done; a 409 on a replayed create reads the thing and settles with it.
// - Replays are safe (docs/API.md "Writes that are safe to replay"): states, not flips;
//   moves `after` an item; creates with their id.

import { revisionOf, session, sessionIs } from "/api.js";
import { fold, lineCost, shoppingTotals } from "/data/ops-apply.js";
import { t } from "/messages.js";

const enc = encodeURIComponent;
const entryPath = (op) => `/shopping-lists/${enc(op.listID)}/entries/${enc(op.itemID)}`;

const CHECKLIST_KINDS = new Set(["createChecklist", "updateChecklist", "deleteChecklist", "addItem", "updateItem", "moveItem", "deleteItem", "uncheckAll", "clearChecked"]);
const CATALOGUE_KINDS = new Set(["createCatalogueItem", "updateCatalogueItem", "deleteCatalogueItem"]);
const SHOPPING_KINDS = new Set(["createShoppingList", "renameShoppingList", "deleteShoppingList", "putOnList", "takeOffList", "updateEntry", "finishShopping", "pickShop"]);
/** Edits of the user's shops (indexed under "shops"): every kept list may show the shop. */
const SHOP_KINDS = new Set(["createShop", "orderShop"]);
/** Kinds that set a whole state (the latest wins): quick repeats of one are sent as one. */
const STATE_KINDS = new Set(["pickShop", "orderShop"]);
const REPLAY_SENSITIVE = new Set(["uncheckAll", "clearChecked", "finishShopping"]);
const UPDATE_KINDS = new Set(["updateChecklist", "updateItem", "updateCatalogueItem", "renameShoppingList", "updateEntry"]);
const DELETE_KINDS = new Set(["deleteChecklist", "deleteItem", "deleteCatalogueItem", "deleteShoppingList", "takeOffList"]);
const CREATE_KINDS = new Set(["createChecklist", "addItem", "createCatalogueItem", "createShoppingList"]);

/** What an op is about: {kind, id, listID?} (the Conflict's `target`). */
export function targetOf(op) {
  switch (op.kind) {
    case "addItem": case "updateItem": case "moveItem": case "deleteItem":
      return { kind: "item", id: op.itemID, listID: op.listID };
    case "createCatalogueItem": case "updateCatalogueItem": case "deleteCatalogueItem":
      return { kind: "catalogueItem", id: op.itemID };
    case "putOnList": case "takeOffList": case "updateEntry":
      return { kind: "entry", id: op.itemID, listID: op.listID };
    case "createShoppingList": case "renameShoppingList": case "deleteShoppingList": case "finishShopping": case "pickShop":
      return { kind: "shoppingList", id: op.listID };
    case "createShop": case "orderShop":
      return { kind: "shop", id: op.shopID };
    default:
      return { kind: "checklist", id: op.listID };
  }
}
const targetKey = (t) => `${t.kind} ${t.listID ?? ""} ${t.id}`;

/** The HTTP request of an op. */
function requestOf(op) {
  const list = `/checklists/${enc(op.listID)}`;
  const shopping = `/shopping-lists/${enc(op.listID)}`;
  switch (op.kind) {
    case "createChecklist": return ["POST", "/checklists", { body: op.body }];
    case "updateChecklist": return ["PATCH", list, { body: op.body, ifMatch: op.base }];
    case "deleteChecklist": return ["DELETE", list, {}];
    case "addItem": return ["POST", `${list}/items`, { body: op.body }];
    case "updateItem": return ["PATCH", `/items/${enc(op.itemID)}`, { body: op.body, ifMatch: op.base }];
    case "moveItem": return ["POST", `/items/${enc(op.itemID)}/move`, { body: { after: op.body.after } }];
    case "deleteItem": return ["DELETE", `/items/${enc(op.itemID)}`, {}];
    case "uncheckAll": return ["POST", `${list}/uncheck-all`, {}];
    case "clearChecked": return ["POST", `${list}/clear-checked`, {}];
    case "createCatalogueItem": return ["POST", "/catalogue", { body: op.body }];
    case "updateCatalogueItem": return ["PATCH", `/catalogue/${enc(op.itemID)}`, { body: op.body, ifMatch: op.base }];
    case "deleteCatalogueItem": return ["DELETE", `/catalogue/${enc(op.itemID)}`, {}];
    case "createShoppingList": return ["POST", "/shopping-lists", { body: op.body }];
    case "renameShoppingList": return ["PATCH", shopping, { body: op.body, ifMatch: op.base }];
    case "deleteShoppingList": return ["DELETE", shopping, {}];
    case "putOnList": return ["PUT", entryPath(op), { body: op.body }];
    case "takeOffList": return ["DELETE", entryPath(op), {}];
    case "updateEntry": return ["PATCH", entryPath(op), { body: op.body, ifMatch: op.base }];
    case "finishShopping": return ["POST", `${shopping}/finish`, op.body ? { body: op.body } : {}];
    case "pickShop": return ["PUT", `${shopping}/shop`, { body: op.body }];
    case "createShop": return ["POST", "/shops", { body: op.body }];
    case "orderShop": return ["PATCH", `/shops/${enc(op.shopID)}`, { body: op.body, ifMatch: op.base }];
    default: throw new Error(`Unknown op ${op.kind}`);
  }
}

/** Where a created thing is read back (after a 409 on a replayed create). */
function readPathOf(op) {
  switch (op.kind) {
    case "createChecklist": return `/checklists/${enc(op.listID)}`;
    case "addItem": return `/items/${enc(op.itemID)}`;
    case "createCatalogueItem": return `/catalogue/${enc(op.itemID)}`;
    case "createShoppingList": return `/shopping-lists/${enc(op.listID)}`;
    default: return null;
  }
}

class Retry extends Error {}

const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export class Outbox {
  constructor(host) {
    this.host = host;
    this.ops = [];
    this.index = null;
    this.lastSeq = 0;
    this.running = null;
    this.again = false;
    this.timer = null;
    this.attempts = 0;
    this.conflictObjects = new WeakMap();
    /** How many ops reached the server since the page opened (for tests and figures). */
    this.sent = 0;
  }

  // MARK: - Reading

  restore(records) {
    this.ops = (records || []).filter((r) => r && r.kind).sort((a, b) => a.seq - b.seq)
      .map((r) => ({ ...r, saved: true, restored: true, status: r.status === "conflict" ? "conflict" : "queued" }));
    this.lastSeq = this.ops.reduce((m, op) => Math.max(m, op.seq), 0);
    this.index = null;
  }

  /**
   * Takes in the ops the service worker queued from a notification (Done, In 1 hour) while this
   * page was open: they show at once and are sent from here too (checked in IndexedDB first,
   * as restored ops are, so whichever sends first, it is sent once).
   */
  adopt(records) {
    const known = new Set(this.ops.map((op) => op.seq));
    const fresh = (records || []).filter((r) => r && r.kind && r.from === "notification" && !known.has(r.seq));
    if (fresh.length === 0) return 0;
    for (const r of fresh) {
      this.ops.push({ ...r, saved: true, restored: true, status: r.status === "conflict" ? "conflict" : "queued" });
    }
    this.ops.sort((a, b) => a.seq - b.seq);
    this.lastSeq = this.ops.reduce((m, op) => Math.max(m, op.seq), this.lastSeq);
    for (const op of fresh) this.changed(op);
    return fresh.length;
  }

  /** The topics an op's presence changes (and the view keys it touches). */
  topicsOf(op) {
    if (CHECKLIST_KINDS.has(op.kind)) return ["checklists", `checklist:${op.listID}`];
    if (CATALOGUE_KINDS.has(op.kind)) {
      return ["catalogue", "shoppingLists", ...[...this.host.state.shopping.keys()].map((id) => `shoppingList:${id}`)];
    }
    if (SHOP_KINDS.has(op.kind)) return ["shops", ...[...this.host.state.shopping.keys()].map((id) => `shoppingList:${id}`)];
    return ["shoppingLists", `shoppingList:${op.listID}`];
  }

  buildIndex() {
    const index = new Map();
    const add = (key, op) => {
      if (!index.has(key)) index.set(key, []);
      index.get(key).push(op);
    };
    for (const op of this.ops) {
      if (CHECKLIST_KINDS.has(op.kind)) add(`checklist:${op.listID}`, op);
      else if (CATALOGUE_KINDS.has(op.kind)) add("catalogue", op);
      else if (SHOP_KINDS.has(op.kind)) add("shops", op);
      else add(`shoppingList:${op.listID}`, op);
    }
    this.index = index;
    return index;
  }

  /** The ops a view applies ("checklist:<id>", "shoppingList:<id>", "catalogue", "shops"), in order. */
  opsAbout(key) {
    return (this.index ?? this.buildIndex()).get(key) ?? [];
  }

  /** The ids of the lists ("checklist" or "shoppingList") that have ops. */
  listsTouched(kind) {
    const prefix = `${kind}:`;
    const out = new Set();
    for (const key of (this.index ?? this.buildIndex()).keys()) if (key.startsWith(prefix)) out.add(key.slice(prefix.length));
    return out;
  }

  pendingOps() {
    return this.ops;
  }

  pendingCount() {
    return this.ops.reduce((n, op) => n + (op.status === "conflict" ? 0 : 1), 0);
  }

  conflictOf(op) {
    if (op.status !== "conflict" || !op.conflict) return null;
    let conflict = this.conflictObjects.get(op);
    if (!conflict) {
      const c = op.conflict;
      conflict = { id: op.id, kind: c.kind, target: targetOf(op), fields: c.fields ?? [], message: c.message };
      this.conflictObjects.set(op, conflict);
    }
    return conflict;
  }

  conflicts() {
    return this.ops.filter((op) => op.status === "conflict").map((op) => this.conflictOf(op));
  }

  conflictFor(kind, id) {
    const op = this.ops.find((o) => o.status === "conflict" && targetOf(o).kind === kind && targetOf(o).id === id);
    return op ? this.conflictOf(op) : null;
  }

  // MARK: - Queuing

  changed(op, { outbox = true } = {}) {
    this.index = null;
    this.host.touch(...this.topicsOf(op), ...(outbox ? ["outbox"] : []));
  }

  /** Writes an op at once (before it shows: notifications wait for the write). */
  write(op) {
    const db = this.host.state.db;
    if (!db) return Promise.resolve();
    const record = { ...op, status: op.status === "conflict" ? "conflict" : "queued" };
    delete record.sending;
    delete record.saved;
    delete record.restored;
    const written = db.write([{ store: "outbox", key: op.seq, value: record }]).then(
      () => {
        op.saved = true;
      },
      () => undefined);
    this.host.holdUntil(written);
    return written;
  }

  /** Saves an op's new state with the next batch (with the records it changed). */
  save(op) {
    const record = { ...op, status: op.status === "conflict" ? "conflict" : "queued" };
    delete record.sending;
    delete record.saved;
    delete record.restored;
    this.host.persist("outbox", op.seq, record);
  }

  /** Drops an op (settled or resolved) with the next batch. */
  drop(op) {
    const index = this.ops.indexOf(op);
    if (index >= 0) this.ops.splice(index, 1);
    this.host.persist("outbox", op.seq, undefined);
    this.changed(op);
  }

  enqueue(fields) {
    const last = this.ops[this.ops.length - 1];
    if (last && last.status === "queued" && !last.sending && last.kind === fields.kind &&
        (UPDATE_KINDS.has(fields.kind) || STATE_KINDS.has(fields.kind) || fields.kind === "moveItem") &&
        targetKey(targetOf(last)) === targetKey(targetOf(fields))) {
      // Quick repeated edits of one thing: one request with the latest state.
      last.body = { ...last.body, ...fields.body };
      if (fields.kind === "updateItem" && fields.body.checked === false) delete last.body.checkSubtasks;
      if (fields.repeatLabel) last.repeatLabel = fields.repeatLabel;
      const written = this.write(last);
      this.changed(last);
      written.then(() => this.flush());
      return last;
    }
    const seq = Math.max(this.lastSeq + 1, Date.now() * 1000);
    this.lastSeq = seq;
    const op = { seq, id: `op-${seq}`, at: new Date().toISOString().replace(/\.\d+Z$/, "Z"), status: "queued", ...fields };
    if (!("base" in op) && UPDATE_KINDS.has(op.kind)) op.base = null;
    this.ops.push(op);
    const written = this.write(op);
    this.changed(op);
    if (!this.host.isOnline()) registerBackgroundSync();
    written.then(() => this.flush());
    return op;
  }

  // MARK: - Sending

  /** Whether ops are being sent now (the feed waits: their answers are the newer state). */
  get busy() {
    return this.running !== null && this.ops.some((o) => o.status === "queued");
  }

  /** Sends the queued ops now (cancelling a backoff wait); resolves when it stops. */
  flush() {
    clearTimeout(this.timer);
    this.timer = null;
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = async () => {
      do {
        this.again = false;
        await this.drain();
      } while (this.again);
    };
    const locked = typeof navigator !== "undefined" && navigator.locks && this.host.state.db
      ? () => navigator.locks.request(`${this.host.state.db.name}-outbox`, run)
      : run;
    this.running = locked().catch((error) => console.error(error)).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * Sends the queued ops strictly in order, one at a time. (Sending edits of different things
   * side by side was tried: on SQLite the server's writes serialize, and it was no faster.)
   */
  async drain() {
    for (;;) {
      const op = this.ops.find((o) => o.status === "queued");
      if (!op) {
        this.attempts = 0;
        this.host.idle?.();
        return;
      }
      if (typeof navigator !== "undefined" && navigator.onLine === false) return; // `online` flushes
      // Only as the user whose edits these are (another may have signed in on this browser).
      const mine = await sessionIs(this.host.state.user);
      if (mine === null) {
        this.backoff();
        return;
      }
      if (!mine) return; // the app opens the signed-in user's own store, which sends its own
      op.sending = true;
      let retry;
      try {
        retry = await this.sendOne(op);
      } finally {
        delete op.sending;
      }
      if (retry) {
        this.backoff();
        return;
      }
      // Every other kind is safe to send again; these act on what is there when they arrive, so
      // their removal from the outbox is written before the next op goes (a reload meanwhile
      // must not send them twice). So is a notification's Done: the service worker holds it too.
      if (!this.ops.includes(op) && (REPLAY_SENSITIVE.has(op.kind) || op.from === "notification")) await this.host.saveNow();
    }
  }

  /** Sends one op; resolves to true when the server could not be reached (retry later). */
  async sendOne(op) {
    const db = this.host.state.db;
    if (op.restored && db && !db.closed) {
      // Read back from IndexedDB, so another open tab of this site has it too and may have
      // sent it meanwhile (and dropped it from the outbox). Ops made in this tab are its own.
      const stored = await db.get("outbox", op.seq).catch(() => "unknown");
      if (stored === undefined && op.saved) {
        const index = this.ops.indexOf(op);
        if (index >= 0) this.ops.splice(index, 1);
        this.changed(op);
        return false;
      }
    }
    try {
      await this.send(op);
      this.sent += 1;
      this.attempts = 0;
      return false;
    } catch (error) {
      if (error instanceof Retry) return true;
      console.error(error);
      this.refuse(op, error.message || String(error));
      return false;
    }
  }

  backoff() {
    const delay = Math.min(30000, 1000 * 2 ** this.attempts);
    this.attempts = Math.min(this.attempts + 1, 6);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), delay);
  }

  async http(method, path, options) {
    try {
      return { ok: true, answer: await this.host.call(method, path, options) };
    } catch (error) {
      if (error?.name === "AbortError") throw new Retry();
      if (!error || typeof error.status !== "number") throw error;
      if (error.status === 0 || error.status >= 500 || error.status === 429 || error.status === 408) throw new Retry();
      return { ok: false, error };
    }
  }

  /** Sends one op and settles it (or turns it into a conflict); throws Retry to stop. */
  async send(op) {
    const [method, path, options] = requestOf(op);
    const result = await this.http(method, path, options);
    if (result.ok) {
      await this.settle(op, result.answer);
      return;
    }
    const { error } = result;
    const status = error.status;
    if (op.kind === "createShop" && status === 409) return this.shopNameTaken(op, error);
    if (op.kind === "orderShop" && (status === 412 || status === 404)) return this.shopChanged(op, error);
    if (status === 404 && DELETE_KINDS.has(op.kind)) return this.settle(op, null);
    if (status === 409 && CREATE_KINDS.has(op.kind)) {
      // A replayed create whose answer was lost (or the thing was edited since): read it.
      const read = await this.http("GET", readPathOf(op));
      if (read.ok) return this.settle(op, unwrapCreated(op, read.answer));
      return this.refuse(op, error.detail);
    }
    if (status === 412 && UPDATE_KINDS.has(op.kind)) return this.stale(op, error);
    if (status === 404 && op.kind === "moveItem") {
      const read = await this.http("GET", `/items/${enc(op.itemID)}`);
      if (read.ok) {
        // The item it was to follow is gone: it stays where it is.
        this.host.confirm.putItem(read.answer);
        return this.settle(op, null, { skipApply: true });
      }
    }
    if (status === 404 && (UPDATE_KINDS.has(op.kind) || op.kind === "moveItem")) return this.deleted(op);
    return this.refuse(op, error.detail || error.message);
  }

  /** A 2xx (or a done delete): the answer becomes confirmed state; the op goes. */
  async settle(op, answer, { skipApply = false } = {}) {
    const { confirm, state } = this.host;
    let revision = null;
    if (!skipApply) {
      switch (op.kind) {
        case "createChecklist":
          if (!state.lists.has(answer.id)) confirm.putChecklist({ checklist: answer, items: [] });
          else confirm.putChecklistFields(answer);
          revision = answer.revision;
          break;
        case "updateChecklist":
          confirm.putChecklistFields(answer);
          revision = answer.revision;
          break;
        case "deleteChecklist":
          confirm.removeChecklist(op.listID);
          confirm.removeMembers(op.listID);
          break;
        case "addItem":
          confirm.putItem(answer);
          revision = answer.revision;
          if (op.after !== undefined) {
            const moved = await this.http("POST", `/items/${enc(answer.id)}/move`, { body: { after: op.after } });
            if (moved.ok) {
              confirm.putItem(moved.answer);
              confirm.moveItem(op.listID, answer.id, op.after);
              revision = moved.answer.revision;
            }
          }
          break;
        case "updateItem":
          confirm.putItem(answer);
          revision = answer.revision;
          break;
        case "moveItem":
          confirm.putItem(answer);
          confirm.moveItem(op.listID, op.itemID, op.body.after);
          revision = answer.revision;
          break;
        case "deleteItem":
          confirm.removeItem(op.listID, op.itemID);
          break;
        case "uncheckAll":
        case "clearChecked":
          if (answer?.checklist) {
            confirm.putChecklist(answer);
            this.rebase(op, answer.items);
          }
          break;
        case "createCatalogueItem":
          if (answer.id !== op.itemID) this.remap(op, op.itemID, answer.id);
          confirm.putCatalogueItem(answer);
          revision = answer.revision;
          break;
        case "updateCatalogueItem":
          confirm.putCatalogueItem(answer);
          revision = answer.revision;
          break;
        case "deleteCatalogueItem":
          confirm.removeCatalogueItem(op.itemID);
          break;
        case "createShoppingList":
          if (!state.shopping.has(answer.id)) {
            confirm.putShoppingContents({ list: answer, lines: [], totals: shoppingTotals([]) });
          }
          confirm.putShoppingSummary(answer);
          revision = answer.revision;
          break;
        case "renameShoppingList":
          confirm.putShoppingSummary(answer);
          revision = answer.revision;
          break;
        case "deleteShoppingList":
          confirm.removeShoppingList(op.listID);
          confirm.removeMembers(op.listID);
          break;
        case "putOnList":
        case "updateEntry":
          confirm.putLine(op.listID, answer);
          revision = answer.revision;
          break;
        case "takeOffList":
          confirm.removeLine(op.listID, op.itemID);
          break;
        case "finishShopping":
          if (answer?.contents) confirm.putShoppingContents(answer.contents);
          if (answer && "trip" in answer) confirm.putTrip(op.listID, answer.trip);
          break;
        case "pickShop":
          if (answer?.list) confirm.putShoppingContents(answer.contents ?? answer);
          break;
        case "createShop":
          if (answer.id !== op.shopID) this.remap(op, op.shopID, answer.id);
          confirm.putShop(answer);
          revision = answer.revision;
          break;
        case "orderShop":
          confirm.putShop(answer);
          revision = answer.revision;
          break;
        default:
          break;
      }
    }
    if (revision !== null && revision !== undefined) this.bump(op, revision);
    this.drop(op);
  }

  /**
   * Later ops about the same thing move to `revision` when made before it existed, or on the
   * same base and setting only fields this op set: `revision` may hold another device's change
   * of other fields, which a later op's If-Match must not claim to have seen (that would
   * overwrite it unasked). Other later ops keep their base: the server merges their fields.
   */
  bump(op, revision) {
    const key = targetKey(targetOf(op));
    const covered = (later) => {
      const mine = op.body && typeof op.body === "object" ? Object.keys(op.body) : [];
      const theirs = later.body && typeof later.body === "object" ? Object.keys(later.body) : [];
      return theirs.length > 0 && theirs.every((field) => mine.includes(field));
    };
    for (const later of this.ops) {
      if (later === op || !("base" in later) || targetKey(targetOf(later)) !== key) continue;
      if (later.base === null || later.base === undefined || (later.base === op.base && covered(later))) {
        later.base = revision;
        this.save(later);
      }
    }
  }

  /** After a whole-list answer of my own (uncheck all, clear ticked): later item edits are made on it. */
  rebase(op, items) {
    const revisions = new Map(items.map((i) => [i.id, i.revision]));
    for (const later of this.ops) {
      if (later.kind !== "updateItem" || later.listID !== op.listID || !revisions.has(later.itemID)) continue;
      later.base = revisions.get(later.itemID);
      this.save(later);
    }
  }

  remap(op, from, to) {
    for (const later of this.ops) {
      if (later === op) continue;
      let touched = false;
      if (later.itemID === from) {
        later.itemID = to;
        touched = true;
      }
      if (later.shopID === from) {
        later.shopID = to;
        touched = true;
      }
      if (later.body && later.body.shopID === from) {
        later.body = { ...later.body, shopID: to };
        touched = true;
      }
      if (later.body && later.body.after === from) {
        later.body = { ...later.body, after: to };
        touched = true;
      }
      if (touched) this.save(later);
    }
    this.index = null;
  }

  /** A 412: fields only one side changed were merged; the ones both changed are a conflict. */
  async stale(op, error) {
    const body = error.body && typeof error.body === "object" ? error.body : {};
    let current = body.current ?? null;
    if (!current) {
      const path = op.kind === "updateEntry" ? null : requestOf(op)[1];
      const read = path ? await this.http("GET", path) : { ok: false };
      current = read.ok ? (read.answer.checklist && op.kind === "updateChecklist" ? read.answer.checklist : read.answer) : null;
    }
    const revision = current?.revision ?? revisionOf(error.etag);
    const theirs = (field) => (current ? current[field] : undefined);
    const mineValue = (field) => op.body[field];
    const equal = (field, value) => {
      if (field === "price") return priceEqual(value, mineValue(field));
      if (field === "unit" || field === "category") return (value || null) === (mineValue(field) || null);
      return same(value, mineValue(field));
    };
    let conflicting;
    if (Array.isArray(body.conflicts)) {
      conflicting = body.conflicts.filter((c) => c.field in op.body && !equal(c.field, c.current))
        .map((c) => ({ field: c.field, mine: mineValue(c.field), theirs: c.current, changedBy: someoneElse(c.changedBy) }));
    } else {
      conflicting = Object.keys(op.body).filter((f) => f !== "checkSubtasks" && current && !equal(f, theirs(f)))
        .map((f) => ({ field: f, mine: mineValue(f), theirs: theirs(f), changedBy: null }));
    }
    if (current) this.applyCurrent(op, current);
    if (conflicting.length === 0) {
      // Every conflicting field already has my value (or the server merged the rest): send again over it.
      if (revision === null || revision === op.base) return this.refuse(op, error.detail);
      op.base = revision;
      this.save(op);
      return;
    }
    op.status = "conflict";
    op.conflict = { kind: "changed", fields: conflicting, revision, message: changedMessage(conflicting) };
    this.conflictObjects.delete(op);
    this.save(op);
    this.changed(op);
  }

  applyCurrent(op, current) {
    const { confirm } = this.host;
    switch (op.kind) {
      case "updateItem": confirm.putItem(current); break;
      case "updateChecklist": confirm.putChecklistFields(current.checklist ?? current); break;
      case "updateCatalogueItem": confirm.putCatalogueItem(current); break;
      case "renameShoppingList": confirm.putShoppingSummary(current.list ?? current); break;
      case "updateEntry": if (current.item) confirm.putLine(op.listID, current); break;
      default: break;
    }
  }

  /**
   * A new shop's name is taken (made on another device meanwhile): this device's later edits of
   * it go to that shop, which is the one the user meant.
   */
  async shopNameTaken(op, error) {
    const read = await this.http("GET", "/shops");
    const key = fold(op.body.name);
    const found = read.ok ? (read.answer.shops ?? []).find((s) => fold(s.name) === key) : null;
    if (found) return this.settle(op, found);
    return this.refuse(op, error.detail || error.message);
  }

  /**
   * A section order made on an older revision (a trip moved the sections since, or another
   * device ordered them): the order set here is the newest wish, so it is sent again on the
   * shop as it is now, at most three times. A shop deleted meanwhile takes its order with it.
   */
  async shopChanged(op, error) {
    const read = await this.http("GET", `/shops/${enc(op.shopID)}`);
    if (!read.ok) {
      if (read.error.status !== 404) return this.refuse(op, error.detail || error.message);
      this.host.confirm.removeShop(op.shopID);
      return this.settle(op, null, { skipApply: true });
    }
    const current = read.answer;
    this.host.confirm.putShop(current);
    op.staleTries = (op.staleTries ?? 0) + 1;
    if (error.status !== 412 || op.staleTries > 3 || current.revision === op.base) {
      return this.refuse(op, error.detail || error.message);
    }
    op.base = current.revision;
    this.save(op);
  }

  /** A 404 on an edit: it was deleted on another device. Kept as a conflict, with Restore. */
  deleted(op) {
    const target = targetOf(op);
    const found = this.host.locate(target.kind, target.id, target.listID);
    const known = found?.item ?? found?.line ?? found?.checklist ?? found?.list ?? null;
    const snapshot = known ?? op.was?.thing ?? op.conflict?.snapshot ?? null;
    const after = known ? found?.after : op.was?.after;
    const { confirm } = this.host;
    if (target.kind === "item") confirm.removeItem(op.listID, op.itemID);
    else if (target.kind === "entry") confirm.removeLine(op.listID, op.itemID);
    else if (target.kind === "catalogueItem") confirm.removeCatalogueItem(op.itemID);
    else if (target.kind === "checklist") confirm.removeChecklist(op.listID);
    else if (target.kind === "shoppingList") confirm.removeShoppingList(op.listID);
    // Later edits of the same thing join this one (they would meet the same 404).
    const key = targetKey(target);
    let conflictAfter = op.kind === "moveItem" ? op.body.after : after;
    let body = op.kind === "moveItem" ? {} : { ...op.body };
    for (const later of [...this.ops]) {
      if (later === op || later.status !== "queued" || targetKey(targetOf(later)) !== key) continue;
      if (DELETE_KINDS.has(later.kind)) {
        // Deleted here too: nothing to offer back.
        this.drop(later);
        this.drop(op);
        return;
      }
      if (later.kind === "moveItem") conflictAfter = later.body.after;
      else if (later.body) body = { ...body, ...later.body };
      this.drop(later);
    }
    op.status = "conflict";
    op.body = op.kind === "moveItem" ? { after: conflictAfter } : body;
    op.conflict = { kind: "deleted", snapshot, after: conflictAfter, message: t("web.conflict.device.deleted") };
    this.conflictObjects.delete(op);
    this.save(op);
    this.changed(op);
  }

  refuse(op, detail) {
    op.status = "conflict";
    op.conflict = { kind: "refused", message: detail || t("web.conflict.device.refused") };
    this.conflictObjects.delete(op);
    this.save(op);
    this.changed(op);
  }

  // MARK: - Resolving

  /** `choice`: "mine", "theirs", "restore", "dismiss" (store.resolve). */
  resolve(conflictID, choice, edits) {
    const op = this.ops.find((o) => o.id === conflictID && o.status === "conflict");
    if (!op) return false;
    const kind = op.conflict.kind;
    if (choice === "mine" && kind === "changed") {
      op.base = op.conflict.revision;
      op.status = "queued";
      delete op.conflict;
      this.conflictObjects.delete(op);
      this.write(op).then(() => this.flush());
      this.changed(op);
      return true;
    }
    if (choice === "restore" && kind === "deleted") {
      const snapshot = { ...(op.conflict.snapshot || {}), ...op.body };
      const after = op.conflict.after;
      this.drop(op);
      restore(op, snapshot, after, edits);
      return true;
    }
    if (choice === "theirs" && kind === "changed") {
      // Theirs for the fields both changed; my other fields in the same edit are still sent.
      const body = { ...(op.body || {}) };
      for (const field of op.conflict.fields ?? []) delete body[field.field ?? field];
      if (Object.keys(body).length > 0) {
        op.body = body;
        op.base = op.conflict.revision;
        op.status = "queued";
        delete op.conflict;
        this.conflictObjects.delete(op);
        this.write(op).then(() => this.flush());
        this.changed(op);
        return true;
      }
    }
    if (choice === "theirs" || choice === "dismiss" || choice === "restore" || choice === "mine") {
      this.drop(op);
      return true;
    }
    throw new Error(`Unknown choice ${choice}: use "mine", "theirs", "restore" or "dismiss".`);
  }
}

function restore(op, fields, after, edits) {
  switch (op.kind) {
    case "updateItem":
    case "moveItem": {
      const item = { text: fields.text ?? "", checked: !!fields.checked };
      if (fields.dueDate) item.dueDate = fields.dueDate;
      if (fields.remind && fields.dueDate) item.remind = true;
      for (const key of ["notes", "flagged", "priority", "repeat"]) if (fields[key]) item[key] = fields[key];
      return edits.addItem(op.listID, item, { after: after === undefined ? undefined : after });
    }
    case "updateEntry": {
      const itemID = fields.item?.id ?? op.itemID;
      edits.putOnList(op.listID, itemID, { quantity: fields.quantity ?? 1 });
      if (fields.inCart) edits.updateEntry(op.listID, itemID, { inCart: true });
      return itemID;
    }
    case "updateCatalogueItem": {
      const price = fields.price && typeof fields.price === "object" ? fields.price.amount : fields.price;
      return edits.createCatalogueItem({ name: fields.name, price: price ?? undefined, unit: fields.unit ?? undefined, category: fields.category ?? undefined });
    }
    case "updateChecklist":
      return edits.createChecklist({ name: fields.name, icon: fields.icon });
    case "renameShoppingList":
      return edits.createShoppingList(fields.name);
    default:
      return null;
  }
}

function unwrapCreated(op, answer) {
  if (op.kind === "createChecklist") return answer.checklist ?? answer;
  if (op.kind === "createShoppingList") return answer.list ?? answer;
  return answer;
}

/** Who changed a field, unless it was the person signed in here (on another of their devices). */
const someoneElse = (user) => (user && user !== session?.user ? user : null);

function priceEqual(theirs, mine) {
  if (theirs === null || theirs === undefined) return mine === null || mine === undefined || mine === "";
  if (mine === null || mine === undefined) return false;
  const digits = String(mine).replace(/[^\d.,]/g, "").replace(",", ".");
  return Number(digits) === Number(theirs.amount);
}

const describe = (field, value) => {
  if (value === null || value === undefined || value === "") return null;
  if (field === "price" && typeof value === "object") return value.formatted || value.amount;
  return typeof value === "string" ? t("web.conflict.quoted", { value }) : String(value);
};

function changedMessage(fields) {
  return fields.map(({ field, theirs, changedBy }) => {
    const by = changedBy ? t("web.conflict.byUser", { user: changedBy }) : "";
    if (field === "checked") return theirs ? t("web.conflict.device.checked", { by }) : t("web.conflict.device.unchecked", { by });
    if (field === "inCart") return theirs ? t("web.conflict.device.inCart", { by }) : t("web.conflict.device.outOfCart", { by });
    if (field === "flagged") return theirs ? t("web.conflict.device.flagged", { by }) : t("web.conflict.device.unflagged", { by });
    if (field === "priority") return t("web.conflict.device.priority", { priority: theirs ?? t("web.conflict.device.priorityNone"), by });
    if (field === "repeat") return theirs ? t("web.conflict.device.repeatChanged", { by }) : t("web.conflict.device.repeatOff", { by });
    if (field === "notes") return theirs ? t("web.conflict.device.notesChanged", { by }) : t("web.conflict.device.notesCleared", { by });
    if (field === "parentID") return t("web.conflict.device.moved", { by });
    if (field === "hideChecked") return theirs ? t("web.conflict.device.tickedHidden", { by }) : t("web.conflict.device.tickedShown", { by });
    const shown = describe(field, theirs);
    return shown === null ? t("web.conflict.device.cleared", { by }) : t("web.conflict.device.changedTo", { value: shown, by });
  }).join(t("web.conflict.device.separator"));
}

function registerBackgroundSync() {
  try {
    navigator.serviceWorker?.ready
      .then((registration) => registration.sync?.register("outbox"))
      .catch(() => undefined);
  } catch {
    /* no service worker here */
  }
}

export { lineCost };
