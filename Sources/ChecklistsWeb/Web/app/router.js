// The one router of the web app: every URL of both tabs, history (go, up, Back), the tab bar,
// and rendering the screen for the current URL. Screens reach it through shell.js.
//
// URLs (History API; the server answers index.html for "/" and every "/lists…" and
// "/shopping…" path):
//   /                                  All Lists ("Checklists")
//   /lists/new, /lists/new/icon        Add Checklist, its Choose Icon
//   /lists/{id}                        Checklist (the list's items)
//   /lists/{id}/edit, …/edit/icon      Edit Checklist, its Choose Icon
//   /lists/{id}/items/new              Add Item
//   /lists/{id}/items/{itemId}/edit    Edit Item
//   /smart/{kind}                      a smart list: today, scheduled, overdue, flagged, all
//   /search?q=…                        Search across every list and the catalogue
//   /templates                         Templates (New from Template)
//   /shopping…                         the Shopping tab (its parser: shopping-routes.js)
// The smart list, search and template screens are loaded when first opened (lazyScreens).
// At 1024 px and wider, All Lists stays beside them as a sidebar (app/sidebar.js).

import { ApiError } from "/api.js";
import { backButton, h, setNav } from "/views.js";
import { t } from "/messages.js";
import { noteError } from "/app/connection.js";
import { main } from "/shell.js";
import { closeShareSheet } from "/sharing.js";
import { currentShoppingPath, isShoppingRoute, parseShoppingRoute, shoppingParent } from "/shopping/shopping-routes.js";
import { LAST_LIST_KEY, paths } from "/checklists/checklist-paths.js";
import { listsScreen } from "/checklists/all-lists.js";
import { checklistScreen } from "/checklists/checklist.js";
import { clearListDrafts, listFormScreen } from "/checklists/checklist-form.js";
import { iconScreen } from "/checklists/choose-icon.js";
import { itemFormScreen } from "/checklists/checklist-item-form.js";
import { showSidebarFor, startSidebar } from "/app/sidebar.js";

/** Screens in modules of their own, loaded when first opened: route name → [module, export]. */
const lazyScreens = {
  smart: ["/checklists/smart-lists.js", "smartListScreen"],
  search: ["/checklists/search.js", "searchScreen"],
  templates: ["/checklists/templates.js", "templatesScreen"],
};

let shopping = null;
let shoppingLoad = null;
/** shopping.js and what it imports: fetched side by side rather than one level after another. */
const SHOPPING_MODULES = [
  "/shopping/shopping.js", "/shopping/shopping-views.js", "/shopping/shopping-list.js",
  "/shopping/shopping-lists.js", "/shopping/catalogue.js", "/shopping/catalogue-item-form.js",
];
const loadShopping = () => (shoppingLoad ??= Promise.all([import("/shopping/shopping.js"), shoppingStyles()]).then(
  ([module]) => (shopping = module),
  (error) => {
    shoppingLoad = null; // try again next time (offline without the cached file, say)
    throw error;
  },
));

/** shopping.css, added when the tab first shows; resolves once it applies (no unstyled flash). */
function shoppingStyles() {
  const existing = document.querySelector('link[href="/shopping.css"]');
  if (existing?.sheet) return Promise.resolve();
  const link = existing ?? h("link", { rel: "stylesheet", href: "/shopping.css" });
  const loaded = new Promise((resolve, reject) => {
    link.addEventListener("load", resolve, { once: true });
    link.addEventListener("error", () => {
      link.remove();
      reject(new Error("shopping.css did not load"));
    }, { once: true });
  });
  if (!existing) document.head.append(link);
  return loaded;
}


/** Remembered scroll positions and focused controls, by path, for going Back. */
const scrollMemory = new Map();
const focusMemory = new Map();

let depth = 0; // how many app entries lie below the current one in this tab's history
let screen = null; // the current screen: { ready, refresh(changes), wants?(change), layout?(), dispose() }
let renderToken = 0;

/** The screen on show: { ready, refresh(changes), wants?(change), layout?(), dispose() }, or null. */
export const currentScreen = () => screen;
/** The Shopping tab's module (shopping.js) once loaded, or null. */
export const shoppingModule = () => shopping;

// MARK: - Routes

export function parseRoute(pathname) {
  const parts = pathname.split("/").filter(Boolean).map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return p;
    }
  });
  if (parts.length === 0) return { name: "lists" };
  if (parts[0] === "shopping") return parseShoppingRoute(parts.slice(1));
  if (parts[0] === "smart" && parts.length === 2) return { name: "smart", kind: parts[1] };
  if (parts[0] === "search" && parts.length === 1) return { name: "search" };
  if (parts[0] === "templates" && parts.length === 1) return { name: "templates" };
  if (parts[0] !== "lists") return { name: "notFound" };
  if (parts.length === 1) return { name: "lists" }; // "/lists" shows All Lists too
  const [, id, a, b, c] = parts;
  if (parts.length === 2) return id === "new" ? { name: "listForm", id: null } : { name: "list", id };
  if (parts.length === 3 && id === "new" && a === "icon") return { name: "icon", id: null };
  if (parts.length === 3 && a === "edit") return { name: "listForm", id };
  if (parts.length === 4 && a === "edit" && b === "icon") return { name: "icon", id };
  if (parts.length === 4 && a === "items" && b === "new") return { name: "itemForm", listID: id, itemID: null };
  if (parts.length === 5 && a === "items" && c === "edit") return { name: "itemForm", listID: id, itemID: b };
  return { name: "notFound" };
}


/** The screen a screen's Back, Cancel or Done returns to. */
function parentPath(route) {
  switch (route.name) {
    case "list":
    case "listForm":
    case "notFound":
    case "smart":
    case "search":
    case "templates":
      return "/";
    case "icon":
      return route.id ? paths.editList(route.id) : paths.newList();
    case "itemForm":
      return paths.list(route.listID);
    default:
      return shoppingParent(route);
  }
}

/** The chain of screens from All Lists down to a path, so Back works after a deep link. */
export function ancestry(path) {
  const chain = [path];
  for (let p = parentPath(parseRoute(path)); p; p = parentPath(parseRoute(p))) chain.unshift(p);
  return chain;
}

function rememberCurrent() {
  const path = location.pathname;
  scrollMemory.set(path, window.scrollY);
  const active = document.activeElement;
  if (active && active !== document.body && main().contains(active)) {
    const row = active.closest("[data-item-id],[data-list-id],[data-icon]");
    focusMemory.set(path, {
      testid: active.dataset.testid,
      itemID: row?.dataset.itemId,
      listID: row?.dataset.listId,
    });
  } else if (active && active.dataset && active.dataset.testid) {
    focusMemory.set(path, { testid: active.dataset.testid });
  }
}

/**
 * Opens a screen, adding a history entry (or replacing the current one). Each entry remembers
 * the path below it (`prev`), so Back in the app only goes back in history to its parent.
 */
export function go(path, { replace = false } = {}) {
  rememberCurrent();
  if (replace) {
    history.replaceState({ app: true, depth, prev: history.state?.prev ?? null }, "", path);
  } else {
    const prev = location.pathname;
    depth += 1;
    history.pushState({ app: true, depth, prev }, "", path);
  }
  scrollMemory.delete(path);
  focusMemory.delete(path);
  render({ direction: "forward" });
}

/** Returns to the current screen's parent, as Back, Cancel and Done do. */
export function up() {
  const route = parseRoute(location.pathname);
  const parent = parentPath(route) || tabRoot(tabOf(route));
  if (depth > 0 && history.state?.prev === parent) {
    history.back(); // popstate renders the parent
  } else {
    // Came here from another tab or by a link: show the parent in place of this screen.
    rememberCurrent();
    history.replaceState({ app: true, depth, prev: depth > 0 ? history.state?.prev ?? null : null }, "", parent);
    render({ direction: "back" });
  }
}

// MARK: - Tabs

/** The path each tab showed last, so switching tabs returns to where the user was. */
const tabMemory = { checklists: "/", shopping: "/shopping" };
const tabOf = (route) => (isShoppingRoute(route) ? "shopping" : "checklists");
const tabRoot = (tab) => (tab === "shopping" ? currentShoppingPath() : "/");

function showTab(route) {
  const tab = tabOf(route);
  document.body.dataset.tab = tab;
  if (route.name !== "notFound") tabMemory[tab] = location.pathname + location.search;
  for (const link of document.querySelectorAll("#tabbar [data-tab]")) {
    const here = link.dataset.tab === tab;
    if (here) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
    link.setAttribute("href", here ? tabRoot(tab) : tabMemory[link.dataset.tab]);
  }
}

/** A tab opens where it was left; the open tab's own button goes to its first screen. */
export function openTab(tab) {
  const target = tab === document.body.dataset.tab ? tabRoot(tab) : tabMemory[tab];
  if (target === location.pathname + location.search) {
    window.scrollTo(0, 0);
    document.getElementById("nav-title").focus({ preventScroll: true });
    return;
  }
  go(target);
}

window.addEventListener("popstate", (event) => {
  depth = event.state && event.state.app ? event.state.depth : 0;
  render({ direction: "back" });
});

// MARK: - Rendering screens

export async function render({ direction = "forward" } = {}) {
  const token = ++renderToken;
  screen?.dispose?.();
  screen = null;
  document.getElementById("confirm").open && document.getElementById("confirm").close();
  closeShareSheet();
  const route = parseRoute(location.pathname);
  if (route.name === "lists" && location.pathname !== "/") history.replaceState(history.state, "", "/");
  const alive = () => token === renderToken;
  const ctx = { route, alive, direction };
  document.body.dataset.screen = route.name;
  document.documentElement.dataset.screen = route.name; // for CSS of the root (scroll padding)
  showTab(route);
  showSidebarFor(route);
  if (isShoppingRoute(route)) {
    try {
      await loadShopping();
    } catch {
      if (alive()) showLoadError(new ApiError(0, "Offline", t("web.load.shoppingTab")), () => render({ direction: "none" }));
      return;
    }
    if (!alive()) return;
    screen = shopping.shoppingScreen(route, ctx);
    await screen.ready;
    if (!alive()) return;
    afterRender(direction);
    return;
  }
  if (lazyScreens[route.name]) {
    screen = await lazyScreen(route, ctx);
    if (!alive()) {
      screen?.dispose?.();
      return;
    }
    if (!screen) return;
    await screen.ready;
    if (!alive()) return;
    afterRender(direction);
    return;
  }
  switch (route.name) {
    case "lists":
      localStorage.removeItem(LAST_LIST_KEY);
      clearListDrafts();
      screen = listsScreen(ctx);
      break;
    case "list":
      localStorage.setItem(LAST_LIST_KEY, route.id);
      clearListDrafts();
      screen = checklistScreen(ctx);
      break;
    case "listForm":
      screen = listFormScreen(ctx);
      break;
    case "icon":
      screen = iconScreen(ctx);
      break;
    case "itemForm":
      screen = itemFormScreen(ctx);
      break;
    default:
      screen = notFoundScreen(ctx);
  }
  await screen.ready;
  if (!alive()) return;
  afterRender(direction);
}

/** A screen of `lazyScreens`: its module loaded, then called as the contract names it; null after a load error. */
async function lazyScreen(route, ctx) {
  const [path, name] = lazyScreens[route.name];
  let module;
  try {
    module = await import(path);
  } catch {
    if (ctx.alive()) showLoadError(new ApiError(0, "Offline", t("web.load.screen")), () => render({ direction: "none" }));
    return null;
  }
  if (!ctx.alive()) return null;
  const make = module[name];
  if (typeof make !== "function") throw new Error(`${path} exports no ${name}().`);
  if (route.name === "smart") return make(ctx, route.kind);
  if (route.name === "search") return make(ctx, new URLSearchParams(location.search).get("q") ?? "");
  return make(ctx);
}

function afterRender(direction) {
  const path = location.pathname;
  if (direction === "back") {
    window.scrollTo(0, scrollMemory.get(path) || 0);
    screen?.layout?.();
    const memory = focusMemory.get(path);
    let target = null;
    if (memory) {
      const row = memory.itemID
        ? main().querySelector(`[data-item-id="${CSS.escape(memory.itemID)}"]`)
        : memory.listID
          ? main().querySelector(`[data-list-id="${CSS.escape(memory.listID)}"]`)
          : null;
      const scope = row || document;
      if (memory.testid) target = scope.querySelector(`[data-testid="${CSS.escape(memory.testid)}"]`);
    }
    (target || document.getElementById("nav-title")).focus({ preventScroll: !!target });
  } else if (direction === "forward") {
    window.scrollTo(0, 0);
    const autofocus = main().querySelector("[data-autofocus]");
    (autofocus || document.getElementById("nav-title")).focus({ preventScroll: true });
  }
}

/** Shows "Loading…" if data takes more than a moment. */
export function showLoadingSoon(alive) {
  const timer = setTimeout(() => {
    if (alive()) main().replaceChildren(h("p", { class: "loading", "data-testid": "loading", text: t("web.load.loading") }));
  }, 150);
  return () => clearTimeout(timer);
}

export function showLoadError(error, retry) {
  main().replaceChildren(
    h("div", { class: "empty", "data-testid": "load-error" },
      h("p", { text: error.isNetwork ? t("web.error.unreachable") : error.detail || t("web.load.failed") }),
      h("button", { type: "button", class: "plain-button", "data-testid": "load-retry", text: t("web.load.tryAgain"), onclick: retry })),
  );
}

// MARK: - Not found

/** Shows why a screen's data could not load: a not-found page, or the server's message. */
export function showLoadFailure(error, notFoundMessage) {
  noteError(error);
  main().replaceChildren(
    error.status === 404 ? notFoundContent(notFoundMessage) : h("p", { class: "empty", text: error.detail }),
  );
}

export function notFoundContent(message) {
  return h("div", { class: "empty", "data-testid": "not-found" },
    h("p", { text: message }),
    h("button", { type: "button", class: "plain-button", text: t("web.notFound.showAllLists"), onclick: () => go("/", { replace: true }) }));
}

function notFoundScreen() {
  setNav({ left: [backButton(t("web.app.name"), () => up())], title: t("web.notFound.title"), right: [] });
  main().replaceChildren(notFoundContent(t("web.notFound.message")));
  return { ready: Promise.resolve(), dispose() {} };
}

// MARK: - Start

/** Sets up history for the first screen (Back works after a deep link) and the tab bar. */
export function startRouter() {
  if (isShoppingRoute(parseRoute(location.pathname))) {
    for (const href of SHOPPING_MODULES) document.head.append(h("link", { rel: "modulepreload", href }));
    loadShopping().catch(() => undefined); // render() reports a failure
  }
  const lastList = localStorage.getItem(LAST_LIST_KEY);
  if (lastList) tabMemory.checklists = paths.list(lastList); // as a fresh visit to "/" reopens it
  startSidebar(go);
  // A click on a reminder's notification with the app open: the service worker asks for its list.
  navigator.serviceWorker?.addEventListener("message", (event) => {
    const url = event.data?.type === "open" ? String(event.data.url || "/") : null;
    if (url && url.startsWith("/") && !url.startsWith("//")) go(url);
  });
  document.getElementById("tabbar").addEventListener("click", (event) => {
    const link = event.target.closest("a[data-tab]");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    openTab(link.dataset.tab);
  });
  const state = history.state;
  if (state && state.app) {
    depth = state.depth;
  } else {
    // A fresh visit: reopen the last list, and put the screens above it in history so Back works.
    let path = location.pathname;
    const last = localStorage.getItem(LAST_LIST_KEY);
    if (path === "/" && last) path = paths.list(last);
    const chain = ancestry(path);
    const query = location.search + location.hash;
    history.replaceState({ app: true, depth: 0, prev: null }, "", chain[0] + (chain.length === 1 ? query : ""));
    for (let i = 1; i < chain.length; i++) {
      history.pushState({ app: true, depth: i, prev: chain[i - 1] }, "", chain[i] + (i === chain.length - 1 ? query : ""));
    }
    depth = chain.length - 1;
  }
  render({ direction: "none" });
}
