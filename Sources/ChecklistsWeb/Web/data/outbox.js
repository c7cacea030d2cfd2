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
import { lineCost } from "/data/ops-apply.js";
import { OPERATIONS, operationOf, targetOf, viewKeyOf } from "/data/ops/registry.js";
import { t } from "/messages.js";

export { targetOf };
const targetKey = (t) => `${t.kind} ${t.listID ?? ""} ${t.id}`;

class Retry extends Error {}

const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
same.identity = (answer) => answer;

/** A kept op this app can send (one of an unknown kind, from another version, is left out). */
function ofKnownKind(record) {
  if (!record || !record.kind) return false;
  if (OPERATIONS.has(record.kind)) return true;
  console.error(`Checklists left out a kept change of an unknown kind (${record.kind}).`);
  return false;
}

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
    this.ops = (records || []).filter(ofKnownKind).sort((a, b) => a.seq - b.seq)
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
    const fresh = (records || []).filter((r) => ofKnownKind(r) && r.from === "notification" && !known.has(r.seq));
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
    const { scope } = operationOf(op);
    const lists = () => [...this.host.state.shopping.keys()].map((id) => `shoppingList:${id}`);
    if (scope === "checklist") return ["checklists", `checklist:${op.listID}`];
    if (scope === "catalogue") return ["catalogue", "shoppingLists", ...lists()];
    if (scope === "shops") return ["shops", ...lists()];
    return ["shoppingLists", `shoppingList:${op.listID}`];
  }

  buildIndex() {
    const index = new Map();
    for (const op of this.ops) {
      const key = viewKeyOf(op);
      if (!index.has(key)) index.set(key, []);
      index.get(key).push(op);
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
    const operation = operationOf(fields);
    if (last && last.status === "queued" && !last.sending && last.kind === fields.kind && operation.merges &&
        targetKey(targetOf(last)) === targetKey(targetOf(fields))) {
      // Quick repeated edits of one thing: one request with the latest state.
      last.body = { ...last.body, ...fields.body };
      operation.merge?.(last, fields);
      if (fields.repeatLabel) last.repeatLabel = fields.repeatLabel;
      const written = this.write(last);
      this.changed(last);
      written.then(() => this.flush());
      return last;
    }
    const seq = Math.max(this.lastSeq + 1, Date.now() * 1000);
    this.lastSeq = seq;
    const op = { seq, id: `op-${seq}`, at: new Date().toISOString().replace(/\.\d+Z$/, "Z"), status: "queued", ...fields };
    if (!("base" in op) && operation.role === "update") op.base = null;
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
      if (!this.ops.includes(op) && (operationOf(op).replaySensitive || op.from === "notification")) await this.host.saveNow();
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
    const operation = operationOf(op);
    const [method, path, options] = operation.request(op);
    const result = await this.http(method, path, options);
    if (result.ok) {
      await this.settle(op, result.answer);
      return;
    }
    const { error } = result;
    const { status } = error;
    const { role } = operation;
    if (operation.failed && (await operation.failed(op, error, this))) return;
    if (status === 404 && role === "delete") return this.settle(op, null);
    if (status === 409 && role === "create") {
      // A replayed create whose answer was lost (or the thing was edited since): read it.
      const read = await this.http("GET", operation.readBack(op));
      if (read.ok) return this.settle(op, (operation.unwrap ?? same.identity)(read.answer));
      return this.refuse(op, error.detail);
    }
    if (status === 412 && role === "update") return this.stale(op, error);
    if (status === 404 && (role === "update" || role === "move")) return this.deleted(op);
    return this.refuse(op, error.detail || error.message);
  }

  /** A 2xx (or a done delete): the answer becomes confirmed state; the op goes. */
  async settle(op, answer, { skipApply = false } = {}) {
    const { confirm, state } = this.host;
    const context = {
      confirm, state,
      http: (method, path, options) => this.http(method, path, options),
      remap: (...args) => this.remap(...args),
      rebase: (...args) => this.rebase(...args),
    };
    const revision = skipApply ? null : await operationOf(op).settle(op, answer, context);
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
      const operation = operationOf(op);
      const path = operation.readBack?.(op) ?? null;
      const read = path ? await this.http("GET", path) : { ok: false };
      current = read.ok ? (operation.unwrap ?? same.identity)(read.answer) : null;
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
    operationOf(op).current?.(this.host.confirm, op, current);
  }

  /** A 404 on an edit: it was deleted on another device. Kept as a conflict, with Restore. */
  deleted(op) {
    const target = targetOf(op);
    const kind = operationOf(op).target;
    const found = this.host.locate(target.kind, target.id, target.listID);
    const known = kind.thing(found);
    const snapshot = known ?? op.was?.thing ?? op.conflict?.snapshot ?? null;
    const after = known ? found?.after : op.was?.after;
    kind.forget(this.host.confirm, op);
    // Later edits of the same thing join this one (they would meet the same 404).
    const key = targetKey(target);
    const move = operationOf(op).role === "move";
    let conflictAfter = move ? op.body.after : after;
    let body = move ? {} : { ...op.body };
    for (const later of [...this.ops]) {
      if (later === op || later.status !== "queued" || targetKey(targetOf(later)) !== key) continue;
      const laterRole = operationOf(later).role;
      if (laterRole === "delete") {
        // Deleted here too: nothing to offer back.
        this.drop(later);
        this.drop(op);
        return;
      }
      if (laterRole === "move") conflictAfter = later.body.after;
      else if (later.body) body = { ...body, ...later.body };
      this.drop(later);
    }
    op.status = "conflict";
    op.body = move ? { after: conflictAfter } : body;
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
      operationOf(op).restore?.(op, snapshot, after, edits);
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
