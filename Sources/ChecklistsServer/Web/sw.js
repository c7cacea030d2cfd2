// The offline shell: the app's files are cached at install; navigations to app URLs
// ("/", "/lists/…" and "/shopping/…") get the cached index.html first; other files are served from
// the cache while a fresh copy is fetched for next time. The API is never cached.
// The server replaces VERSION with a fingerprint of all the app's files as it serves this
// file (StaticFiles.swift), so every change to the app installs a fresh cache.

const VERSION = "development";
const CACHE = `checklists-shell-${VERSION}`;

const SHELL = [
  "/",
  "/app.js",
  "/app/router.js",
  "/app/connection.js",
  "/app/live.js",
  "/app/focus.js",
  "/app/account.js",
  "/checklists/checklist-paths.js",
  "/checklists/checklist-rows.js",
  "/checklists/checklist-menu.js",
  "/checklists/inline-add.js",
  "/data/idb.js",
  "/data/store.js",
  "/data/outbox.js",
  "/data/ops-apply.js",
  "/data/sync.js",
  "/checklists/all-lists.js",
  "/checklists/checklist.js",
  "/checklists/checklist-form.js",
  "/checklists/choose-icon.js",
  "/checklists/checklist-item-form.js",
  "/api.js",
  "/conflicts.js",
  "/views.js",
  "/shell.js",
  "/shopping.js",
  "/shopping-routes.js",
  "/sharing.js",
  "/tokens.js",
  "/shopping-store.js",
  "/shopping-api.js",
  "/shopping-views.js",
  "/shopping-list.js",
  "/shopping-lists.js",
  "/catalogue.js",
  "/item-form.js",
  "/app.css",
  "/shopping.css",
  "/manifest.webmanifest",
  "/app-icon.svg",
  "/app-icon-180.png",
  "/app-icon-192.png",
  "/app-icon-512.png",
  "/icons/no-icon.svg",
  "/icons/appointments.svg",
  "/icons/birthdays.svg",
  "/icons/chores.svg",
  "/icons/drinks.svg",
  "/icons/folder.svg",
  "/icons/groceries.svg",
  "/icons/inbox.svg",
  "/icons/photos.svg",
  "/icons/trips.svg",
  "/ui/ui-back.svg",
  "/ui/ui-bell.svg",
  "/ui/ui-chevron.svg",
  "/ui/ui-close.svg",
  "/ui/ui-down.svg",
  "/ui/ui-grip.svg",
  "/ui/ui-info.svg",
  "/ui/ui-minus.svg",
  "/ui/ui-plus.svg",
  "/ui/ui-up.svg",
  "/ui/ui-check.svg",
  "/ui/ui-search.svg",
  "/ui/ui-trash.svg",
  "/ui/ui-tab-checklists.svg",
  "/ui/ui-tab-shopping.svg",
  "/ui/ui-person.svg",
];

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
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("checklists-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

const isAppPage = (path) =>
  path === "/" || path === "/index.html" || path === "/lists" || path.startsWith("/lists/")
  || path === "/shopping" || path.startsWith("/shopping/");

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
    event.respondWith(staleWhileRevalidate(event, request));
  }
});

/**
 * The cached index.html at once; the network refreshes the cache for the next visit. Once the
 * server has accounts, "/" redirects a signed-out browser to /login: that answer is never
 * cached as the shell (the app itself goes to /login when the API says 401).
 */
async function shellFirst(event) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match("/");
  if (cached) {
    const refresh = fetch("/", { cache: "no-cache", redirect: "manual" }).then((response) => {
      if (isShell(response)) return cache.put("/", response);
      return undefined;
    });
    event.waitUntil(refresh.catch(() => undefined));
    return cached;
  }
  // Not cached yet: the page itself, so that a redirect to /login is followed as one.
  return fetch(event.request);
}

/** Whether a response is the app's page itself (not a redirect, an error or the sign-in page). */
const isShell = (response) => response.ok && response.type === "basic" && !response.redirected;

async function staleWhileRevalidate(event, request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreSearch: true });
  const network = fetch(request).then((response) => {
    if (isShell(response)) cache.put(request, response.clone());
    return response;
  });
  if (cached) {
    event.waitUntil(network.catch(() => undefined));
    return cached;
  }
  return network;
}

// A click on a reminder shown through the service worker opens the app.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      return open ? open.focus() : self.clients.openWindow("/");
    }),
  );
});
