// Hand-written stand-ins for the few browser globals the modules under test read.

/**
 * Sets `navigator` (Node 20 has none; Node 21+ has a read-only one): `language` decides how
 * prices are read and formatted, `onLine: false` keeps an outbox from sending.
 */
export function setNavigator(fields) {
  Object.defineProperty(globalThis, "navigator", {
    value: { language: "en-US", onLine: true, ...fields }, configurable: true, writable: true,
  });
}

/**
 * What an Outbox needs of the store (data/store.js's `host`), without IndexedDB (`state.db`
 * null: nothing is written) and recording what it is told: `touched` topics, `persisted`
 * records, and the requests `calls` the server would get, answered by `answer(method, path,
 * options)`; `locate(kind, id, listID)` is where the store finds a thing (none by default).
 */
export function fakeHost({ answer = async () => ({}), online = true, locate = () => null } = {}) {
  const host = {
    state: { db: null, user: null, lists: new Map(), shopping: new Map() },
    touched: [],
    persisted: [],
    calls: [],
    confirm: new Proxy({}, { get: (_, name) => (...args) => host.confirmed.push([name, ...args]) }),
    confirmed: [],
    touch: (...topics) => host.touched.push(...topics),
    persist: (store, key, value) => host.persisted.push({ store, key, value }),
    holdUntil: () => undefined,
    isOnline: () => online,
    saveNow: async () => undefined,
    idle: () => undefined,
    locate,
    call: async (method, path, options) => {
      host.calls.push({ method, path, options });
      return answer(method, path, options);
    },
  };
  return host;
}
