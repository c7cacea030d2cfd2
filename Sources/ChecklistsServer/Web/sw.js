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
  "/api.js",
  "/views.js",
  "/shell.js",
  "/shopping.js",
  "/shopping-routes.js",
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
];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL.map((url) => new Request(url, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

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

/** The cached index.html at once; the network refreshes the cache for the next visit. */
async function shellFirst(event) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match("/");
  const network = fetch("/", { cache: "no-cache" }).then((response) => {
    if (response.ok) cache.put("/", response.clone());
    return response;
  });
  if (cached) {
    event.waitUntil(network.catch(() => undefined));
    return cached;
  }
  return network;
}

async function staleWhileRevalidate(event, request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreSearch: true });
  const network = fetch(request).then((response) => {
    if (response.ok) cache.put(request, response.clone());
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
