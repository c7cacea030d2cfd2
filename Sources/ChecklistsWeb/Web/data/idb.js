// A small promise wrapper over IndexedDB: one database per signed-in user
// (`checklists-<user>`, or `checklists-local` without accounts) with three object stores:
// - "records": what the server confirmed, one record per key ("checklists", "checklist:<id>",
//   "shoppingLists", "shoppingList:<id>", "catalogue", "members:<id>");
// - "outbox": the unsent edits, keyed by their sequence number (so read back in order);
// - "meta": small values such as the delta feed's cursor.
// Never hangs: a database another tab keeps open at an older version, a version change asked
// by another tab, a full disk (quota) or a browser without IndexedDB (private mode) are said
// on the console and the promise rejects (or the database closes), so the app keeps working
// from memory.

const VERSION = 1;
const STORES = ["records", "outbox", "meta"];

/** The database name for a user (null or "" without accounts). */
export function databaseName(user) {
  return user ? `checklists-${user}` : "checklists-local";
}

const promised = (request) =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

function explain(error, doing) {
  const name = error?.name || "Error";
  if (name === "QuotaExceededError") {
    console.error(`Checklists could not ${doing}: this device's storage for the site is full. ` +
      "Changes stay in this tab until it is closed; free some space to keep them offline.");
  } else {
    console.error(`Checklists could not ${doing} (IndexedDB ${name}: ${error?.message || "no message"}).`);
  }
}

/** An open database: get/getAll/put/delete in one-store transactions, and `write` for several. */
export class Database {
  constructor(db, name) {
    this.db = db;
    this.name = name;
    this.closed = false;
    db.onversionchange = () => {
      // Another tab upgrades the schema: let it, and carry on from memory here.
      console.warn(`Checklists: another tab is upgrading the offline data (${name}); this tab keeps working from memory until it is reloaded.`);
      this.close();
    };
    db.onclose = () => {
      this.closed = true;
    };
  }

  close() {
    this.closed = true;
    try {
      this.db.close();
    } catch {
      /* already closed */
    }
  }

  transaction(stores, mode) {
    if (this.closed) throw new DOMException("The offline database is closed.", "InvalidStateError");
    return this.db.transaction(stores, mode, mode === "readwrite" ? { durability: "relaxed" } : undefined);
  }

  async get(store, key) {
    return promised(this.transaction([store], "readonly").objectStore(store).get(key));
  }

  async getAll(store) {
    return promised(this.transaction([store], "readonly").objectStore(store).getAll());
  }

  /** Every [key, value] of a store, in key order. */
  async entries(store) {
    const tx = this.transaction([store], "readonly");
    const os = tx.objectStore(store);
    const [keys, values] = await Promise.all([promised(os.getAllKeys()), promised(os.getAll())]);
    return keys.map((key, i) => [key, values[i]]);
  }

  /**
   * Writes in one transaction; resolves when it is committed (durably on disk as far as the
   * browser tells). `changes` is [{store, key, value}] (value undefined deletes the key) or
   * [{store, clear: true}].
   */
  write(changes) {
    return new Promise((resolve, reject) => {
      let tx;
      try {
        tx = this.transaction([...new Set(changes.map((c) => c.store))], "readwrite");
        for (const change of changes) {
          const os = tx.objectStore(change.store);
          if (change.clear) os.clear();
          else if (change.value === undefined) os.delete(change.key);
          else os.put(change.value, change.key);
        }
      } catch (error) {
        explain(error, "save changes on this device");
        reject(error);
        return;
      }
      tx.oncomplete = () => resolve();
      tx.onabort = () => {
        explain(tx.error, "save changes on this device");
        reject(tx.error || new DOMException("The transaction was aborted.", "AbortError"));
      };
      tx.onerror = (event) => event.preventDefault(); // reported once, by onabort
    });
  }
}

/**
 * Opens (creating or upgrading) a user's database. Rejects, with a console message, when
 * IndexedDB is missing, refused, or blocked by another tab for more than `timeout` ms.
 */
export function openDatabase(name, { timeout = 4000 } = {}) {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === "undefined") {
      console.error("Checklists: this browser has no IndexedDB, so nothing is kept for offline use.");
      reject(new Error("IndexedDB is not available."));
      return;
    }
    let settled = false;
    const finish = (fn, value) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn(value);
    };
    const timer = setTimeout(() => {
      console.error(`Checklists: the offline data (${name}) is held by another tab that is being upgraded; close the other tabs of this site, then reload.`);
      finish(reject, new Error("The offline database is blocked by another tab."));
    }, timeout);
    let request;
    try {
      request = indexedDB.open(name, VERSION);
    } catch (error) {
      explain(error, "open the offline data");
      finish(reject, error);
      return;
    }
    request.onupgradeneeded = () => {
      const db = request.result;
      for (const store of STORES) if (!db.objectStoreNames.contains(store)) db.createObjectStore(store);
    };
    request.onblocked = () => {
      console.warn(`Checklists: waiting for another tab to let go of the offline data (${name}).`);
    };
    request.onsuccess = () => {
      const db = request.result;
      if (settled) {
        db.close(); // too late: the app went on without it
        return;
      }
      finish(resolve, new Database(db, name));
    };
    request.onerror = () => {
      explain(request.error, "open the offline data");
      finish(reject, request.error);
    };
  });
}
