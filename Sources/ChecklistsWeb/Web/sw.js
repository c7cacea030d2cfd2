// The offline shell: the app's files are cached at install; navigations to app URLs
// ("/", "/lists/…" and "/shopping/…") get the cached index.html; other files are served from the
// cache (it is this version's: see shellFirst). The API is never cached.
// The server replaces VERSION with a fingerprint of all the app's files as it serves this
// file (StaticFiles.swift), so every change to the app installs a fresh cache.
// Background Sync: a `sync` event tagged "outbox" (registered by the page when it queues edits
// while offline) asks every open window to send its outbox, and sends what a notification's
// Done or In 1 hour left in it.
// Web Push (docs/PUSH.md): a `push` shows the reminder the server sent; its actions are ops of
// the one outbox (app/reminder-actions.js), sent from here even with no page open.
// A module worker (registered with type "module" by app.js): it imports the app's outbox.

import { flushReminderActions, queueReminderAction, rememberUser } from "/app/reminder-actions.js";
import { setMessages, t } from "/messages.js";

const VERSION = "development";
const CACHE = `checklists-shell-${VERSION}`;

// The offline shell: "/" and every file of the app. The server replaces this line with the list
// of every file of Web/ (StaticFiles.swift) as it serves this file: nobody keeps it by hand.
const SHELL = ["/"];

self.addEventListener("install", (event) => {
  event.waitUntil(install().then(() => self.skipWaiting()));
});

/**
 * Caches every file of the shell. The page itself ("/") is left for the next visit when the
 * server sends a signed-out browser to /login instead (say, a new version installing while on
 * the sign-in page).
 */
async function install() {
  const cache = await caches.open(CACHE);
  await Promise.all(SHELL.map(async (url) => {
    const page = url === "/";
    const response = await fetch(new Request(url, { cache: "reload", redirect: page ? "manual" : "follow" }));
    if (page && !isShell(response)) return;
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    await cache.put(url, response);
  }));
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("checklists-shell-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

const isAppPage = (path) =>
  path === "/" || path === "/index.html" || path === "/lists" || path.startsWith("/lists/")
  || path === "/shopping" || path.startsWith("/shopping/") || path.startsWith("/smart/")
  || path === "/search" || path === "/templates";

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/")) return; // network only: lists, items and events are always live

  if (request.mode === "navigate") {
    if (!isAppPage(url.pathname)) return;
    event.respondWith(shellFirst(event));
    return;
  }
  if (SHELL.includes(url.pathname)) {
    event.respondWith(cacheFirst(event, request));
  }
});

/**
 * The cached index.html at once. The cache is named after a fingerprint of every file of the
 * app (VERSION), so what it holds is always this worker's version: a new version of any file is
 * a new sw.js, which installs a fresh cache. Nothing is fetched again behind the page's back
 * (a refresh of every file at each start queued the page's own first requests behind them).
 * Once the server has accounts, "/" redirects a signed-out browser to /login: that answer is
 * never cached as the shell (the app itself goes to /login when the API says 401).
 */
async function shellFirst(event) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match("/");
  if (cached) return cached;
  // Not cached yet (installed while signed out): the page itself, so that a redirect to /login
  // is followed as one; kept once it is the app's page.
  const response = await fetch(event.request);
  if (isShell(response) && new URL(response.url).pathname === "/") {
    event.waitUntil(cache.put("/", response.clone()).catch(() => undefined));
  }
  return response;
}

/** Whether a response is the app's page itself (not a redirect, an error or the sign-in page). */
const isShell = (response) => response.ok && response.type === "basic" && !response.redirected;

/** A file of this version from the cache, else from the network (and then kept). */
async function cacheFirst(event, request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreSearch: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (isShell(response)) event.waitUntil(cache.put(request, response.clone()).catch(() => undefined));
  return response;
}

// MARK: - Reminders (Web Push)

/** The app's messages (the page's language, English), from this version's cache or the server. */
const MESSAGES = "/messages/en.json";
let wordsLoaded = null;
function loadWords() {
  wordsLoaded ??= (async () => {
    const cached = await (await caches.open(CACHE)).match(MESSAGES);
    const response = cached ?? (await fetch(MESSAGES));
    if (!response.ok) throw new Error(`${MESSAGES} answered ${response.status}`);
    setMessages(await response.json(), "en");
  })().catch(() => {
    wordsLoaded = null; // the keys show this time; the next reminder tries again
  });
  return wordsLoaded;
}

/** The notification of a pushed reminder (the server's payload: docs/PUSH.md). */
async function showReminder(payload) {
  await loadWords();
  const actions = [{ action: "done", title: t("web.reminder.done") }, { action: "snooze", title: t("web.reminder.snooze") }];
  return self.registration.showNotification(payload.title || t("web.reminder.notificationTitle"), {
    body: payload.body || "",
    tag: payload.itemID,
    data: payload,
    icon: "/app-icon-192.png",
    badge: "/app-icon-192.png",
    actions,
  });
}

self.addEventListener("push", (event) => {
  let payload = null;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null;
  }
  if (!payload || payload.type !== "reminder") return;
  event.waitUntil(Promise.all([
    showReminder(payload),
    loadWords().then(flushReminderActions).catch(() => undefined), // what an earlier Done left unsent
  ]));
});

/**
 * A notification's action or click: Done and In 1 hour go through the outbox (and Background
 * Sync when they could not be sent now); a plain click opens the item's list.
 */
async function handleClick(notification, action) {
  const payload = notification.data || {};
  notification.close();
  await loadWords(); // what the outbox words (a conflict) is the catalogue's here too
  if (action === "done" || action === "snooze") {
    let sent = false;
    try {
      sent = await queueReminderAction(action, payload);
    } catch (error) {
      console.warn(`Checklists could not keep the reminder’s action: ${error.message}`);
      return;
    }
    if (!sent) await self.registration.sync?.register("outbox").catch(() => undefined);
    for (const client of await windows()) client.postMessage({ type: "outbox-added" });
    return;
  }
  const url = payload.url || "/";
  const open = (await windows()).find((w) => new URL(w.url).origin === self.location.origin);
  if (open) {
    await open.focus().catch(() => undefined);
    open.postMessage({ type: "open", url });
    return;
  }
  await self.clients.openWindow(url);
}

const windows = () => self.clients.matchAll({ type: "window", includeUncontrolled: true });

self.addEventListener("notificationclick", (event) => {
  event.waitUntil(handleClick(event.notification, event.action));
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "push-user") {
    event.waitUntil(rememberUser(data.user));
  } else if (data.type === "test-notification-click") {
    // The browser tests' stand-in for tapping a notification's action: headless Chromium
    // has no notification to tap. The same path as a real click (a page of this origin only).
    event.waitUntil(self.registration.getNotifications({ tag: data.tag }).then((shown) => {
      if (shown[0]) return handleClick(shown[0], data.action || "");
      return undefined;
    }));
  }
});

// Background Sync: the browser fires "outbox" once the connection is back, even if no window
// noticed; each open window of the app then sends what its outbox holds, and this worker what
// a notification's action left in it.
self.addEventListener("sync", (event) => {
  if (event.tag !== "outbox") return;
  event.waitUntil(Promise.all([
    windows().then((open) => {
      for (const client of open) client.postMessage({ type: "flush-outbox" });
    }),
    loadWords().then(flushReminderActions).catch(() => undefined),
  ]));
});
