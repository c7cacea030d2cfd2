// The JSON API client (docs/API.md). Every call resolves to the parsed body or
// rejects with an ApiError carrying the HTTP status and the problem+json detail.

import { t } from "/messages.js";

const BASE = "/api/v1";
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Who is signed in, from GET /api/v1/session: {user, mode: "single-user" | "accounts",
 * csrfToken?}; null until known (or while the server cannot be reached).
 */
export let session = null;
let sessionLoad = null;

/** The sign-in page, coming back to this page afterwards. */
export function signInURL() {
  return `/login?next=${encodeURIComponent(location.pathname + location.search)}`;
}

let leaving = false;
/** Leaves for the sign-in page; resolves never (the page is going away). */
function goToSignIn() {
  if (!leaving) {
    leaving = true;
    location.assign(signInURL());
  }
  return new Promise(() => {});
}

/**
 * Finds out who is signed in (once; `fresh` asks again). A 401 goes to the sign-in page. A
 * failure to reach the server resolves to null and is tried again with the next write.
 */
export function loadSession({ fresh = false } = {}) {
  if (sessionLoad && !fresh) return sessionLoad;
  const load = (async () => {
    let response;
    try {
      response = await fetch(`${BASE}/session`, { headers: { Accept: "application/json" }, cache: "no-store" });
    } catch {
      return null;
    }
    if (response.status === 401) return goToSignIn();
    if (!response.ok) return null;
    try {
      session = await response.json();
    } catch {
      return null;
    }
    return session;
  })();
  sessionLoad = load;
  load.then((value) => {
    if (value === null && sessionLoad === load) sessionLoad = null; // ask again next time
  });
  return load;
}

/**
 * Whether the signed-in session is `user`'s (null: the single-user mode's one store): true or
 * false, or null while it cannot be asked. A device's kept edits are only ever sent, and the
 * feed only read into its store, as the user they belong to.
 */
export async function sessionIs(user) {
  const known = session ?? (await loadSession());
  if (!known) return null;
  return (known.mode === "accounts" ? known.user : null) === (user ?? null);
}

/** Signs out through the API (with the anti-CSRF token), then shows the sign-in page. */
export async function signOut() {
  await request("DELETE", "/session");
  leaving = true;
  location.replace("/login");
}

/** An error answer from the API, or a network failure (status 0). */
export class ApiError extends Error {
  /** `body` is the parsed problem+json (a 412 may name its `conflicts` and the `current` resource), `etag` the answer's ETag. */
  constructor(status, title, detail, { body = null, etag = null } = {}) {
    super(detail || title || t("web.error.http", { status }));
    this.status = status;
    this.title = title;
    this.detail = detail || title || "";
    this.body = body;
    this.etag = etag;
  }
  /** True when the server could not be reached at all. */
  get isNetwork() {
    return this.status === 0;
  }
}

/** The `If-Match` value for a revision. */
export const etagFor = (revision) => `"r${revision}"`;

/** The revision in an ETag such as `"r14"` (or `W/"r14"`), or null. */
export function revisionOf(etag) {
  const match = /"r(\d+)"/.exec(etag || "");
  return match ? Number(match[1]) : null;
}

/**
 * Sends one request to the API.
 * - Parameters: `body` (sent as JSON), `ifMatch` (a revision), `ifNoneMatch` (an ETag),
 *   `signal` (an AbortSignal: an aborted request rejects with the AbortError itself),
 *   `checksPassword` (a request that sends a password: its 401 is a wrong password, thrown as
 *   an ApiError, not a signed-out session).
 * - Returns: the parsed body (with a non-enumerable `etag`), `{ notModified: true }` for 304,
 *   or null for 204.
 */
export async function request(method, path, { body, ifMatch, ifNoneMatch, signal, checksPassword = false } = {}, retried = false) {
  // Prices come back `formatted` for this language, and typed prices ("1,99") are read in it.
  const headers = { Accept: "application/json", "Accept-Language": navigator.language || "en" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (ifMatch !== undefined && ifMatch !== null) headers["If-Match"] = etagFor(ifMatch);
  if (ifNoneMatch) headers["If-None-Match"] = ifNoneMatch;
  const write = WRITES.has(method);
  if (write) {
    // Changes made with the session cookie must carry the session's anti-CSRF token.
    const known = session ?? (await loadSession());
    if (known?.csrfToken) headers["X-CSRF-Token"] = known.csrfToken;
  }
  let response;
  try {
    response = await fetch(BASE + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, "Offline", t("web.error.unreachable"));
  }
  if (response.status === 401 && !checksPassword) return goToSignIn(); // signed out, or the session ended
  if (response.status === 304) return { notModified: true };
  if (response.status === 204) return null;
  const type = response.headers.get("Content-Type") || "";
  let data = null;
  if (type.includes("json")) {
    try {
      data = await response.json();
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const title = (data && data.title) || response.statusText;
    const detail = data && data.detail;
    if (response.status === 403 && write && !retried && /X-CSRF-Token/.test(detail || "")) {
      // Signed in again in another tab (a new session, a new token): ask who it is, then retry once.
      const before = session?.user;
      const now = await loadSession({ fresh: true });
      if (now && now.user !== before) {
        location.reload(); // someone else now: nothing on this page is theirs
        return new Promise(() => {});
      }
      if (now?.csrfToken) return request(method, path, { body, ifMatch, ifNoneMatch, signal, checksPassword }, true);
    }
    throw new ApiError(response.status, title, detail, { body: data, etag: response.headers.get("ETag") });
  }
  if (data && typeof data === "object") {
    Object.defineProperty(data, "etag", { value: response.headers.get("ETag"), enumerable: false });
  }
  return data;
}

/** Formats a Date as the API's ISO 8601 UTC string, without zero milliseconds. */
export function isoDate(date) {
  return date.toISOString().replace(/\.000Z$/, "Z");
}

/** The ten icons, in Choose Icon's order, with their file names. */
export const ICONS = [
  "No Icon", "Appointments", "Birthdays", "Chores", "Drinks",
  "Folder", "Groceries", "Inbox", "Photos", "Trips",
];
