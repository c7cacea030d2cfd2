// Checklists web app: screens, routing, the tab bar (Checklists | Shopping), live updates.
// The Shopping tab's screens are in shopping.js and the modules it imports, loaded when that
// tab first shows (from the offline shell's cache once installed), so the Checklists screens
// start as quickly as before.
//
// URLs (History API; the server answers index.html for "/" and every "/lists…" and
// "/shopping…" path; shopping-routes.js lists the Shopping tab's):
//   /                                  All Lists ("Checklists")
//   /lists/new, /lists/new/icon        Add Checklist, its Choose Icon
//   /lists/{id}                        Checklist (the list's items)
//   /lists/{id}/edit, …/edit/icon      Edit Checklist, its Choose Icon
//   /lists/{id}/items/new              Add Item
//   /lists/{id}/items/{itemId}/edit    Edit Item
//
// data-testid hooks for browser tests:
//   Navigation bar: back, add-list, add-item, edit-mode (Edit/Done toggle on All Lists
//     and Checklist), cancel, done; the title is #nav-title.
//   All Lists: lists (the <ul>), list-row (data-list-id, data-list-name), open-list (the row's
//     main button), list-name, list-subtitle, edit-list (ⓘ), delete-list (in edit mode),
//     empty-state.
//   Checklist: items (the <ul>), item-row (data-item-id, data-checked="true|false"),
//     item-toggle (role=checkbox, aria-checked), checkmark (present only when checked,
//     text "√"), item-text, item-due, edit-item (ⓘ); in edit mode (edit-mode button):
//     delete-item, move-up, move-down, drag-handle.
//   List form: list-form, list-name-input, icon-row, delete-list-button, form-error.
//   Choose Icon: icon-choice (data-icon="Groceries", aria-pressed).
//   Item form: item-form, item-text-input, remind-switch, due-input, clear-due, remind-hint,
//     delete-item-button, form-error.
//   Dialog: confirm-dialog, confirm-ok, confirm-cancel.
//   Toasts: toasts (role=status region), toast, toast-action (Undo/Open), toast-dismiss.
//   Tab bar: tab-checklists, tab-shopping (aria-current="page" on the open tab); with accounts,
//     account (who is signed in): account-button, account-name, account-menu, account-tokens
//     (opens the Command line & tokens sheet, tokens.js), sign-out.
//   Shared lists: list-shared (a row's "Shared by alice · can check off"), shared-note (the
//     note atop a shared list), share-row (the owner's Share… in Edit Checklist), leave-list.
//   Other: offline-banner, retry, loading, load-error, not-found.

import { api, ApiError, ICONS, isoDate, loadSession, signOut } from "/api.js";
import {
  h, iconEl, hidden, setNav, setTitle, navButton, backButton, addButton, toast, announce,
  confirmDialog, formatDue, toLocalInput, fromLocalInput, nextFullHour,
} from "/views.js";
import { shell } from "/shell.js";
import { currentShoppingPath, isShoppingRoute, parseShoppingRoute, shoppingParent } from "/shopping/shopping-routes.js";
import {
  canCheck, canEditItems, closeShareSheet, isShared, leaveList, shareRow, shareSheetChanged, sharedBadge, sharedInfo,
  sharedNote,
} from "/sharing.js";
import { openTokensSheet } from "/tokens.js";
import { FieldConflicts, placeAfter, quoted, staleConflicts } from "/conflicts.js";

/** shopping.js, once loaded: { shoppingScreen, shoppingChanged, shoppingResync }. */
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

const LAST_LIST_KEY = "checklists.lastList";

// MARK: - State

/** What the app knows from the server. */
const store = {
  lists: null, // [List] in All Lists order
  listsETag: null,
  details: new Map(), // list id → { checklist, items, etag }
};

/** Per-item checkmarks the user set that the server has not confirmed yet. */
const pendingChecks = new Map();
const syncingChecks = new Set();

/** Add/Edit Checklist drafts kept while Choose Icon is open: "new" or list id → {name, icon}. */
const listDrafts = new Map();

/** Remembered scroll positions and focused controls, by path, for going Back. */
const scrollMemory = new Map();
const focusMemory = new Map();

let depth = 0; // how many app entries lie below the current one in this tab's history
let screen = null; // the current screen: { ready, refresh(changes), wants?(change), layout?(), dispose() }
let renderToken = 0;
let online = true;

const main = () => document.getElementById("main");

// MARK: - Routes

function parseRoute(pathname) {
  const parts = pathname.split("/").filter(Boolean).map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return p;
    }
  });
  if (parts.length === 0) return { name: "lists" };
  if (parts[0] === "shopping") return parseShoppingRoute(parts.slice(1));
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

const enc = encodeURIComponent;
export const paths = {
  lists: () => "/",
  list: (id) => `/lists/${enc(id)}`,
  newList: () => "/lists/new",
  editList: (id) => `/lists/${enc(id)}/edit`,
  icon: (id) => (id ? `/lists/${enc(id)}/edit/icon` : "/lists/new/icon"),
  newItem: (listID) => `/lists/${enc(listID)}/items/new`,
  editItem: (listID, itemID) => `/lists/${enc(listID)}/items/${enc(itemID)}/edit`,
};

/** The screen a screen's Back, Cancel or Done returns to. */
function parentPath(route) {
  switch (route.name) {
    case "list":
    case "listForm":
    case "notFound":
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
function ancestry(path) {
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
function go(path, { replace = false } = {}) {
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
function up() {
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
function openTab(tab) {
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

async function render({ direction = "forward" } = {}) {
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
  if (isShoppingRoute(route)) {
    try {
      await loadShopping();
    } catch {
      if (alive()) showLoadError(new ApiError(0, "Offline", "Can’t load the Shopping tab."), () => render({ direction: "none" }));
      return;
    }
    if (!alive()) return;
    screen = shopping.shoppingScreen(route, ctx);
    await screen.ready;
    if (!alive()) return;
    afterRender(direction);
    return;
  }
  switch (route.name) {
    case "lists":
      localStorage.removeItem(LAST_LIST_KEY);
      listDrafts.clear();
      screen = listsScreen(ctx);
      break;
    case "list":
      localStorage.setItem(LAST_LIST_KEY, route.id);
      listDrafts.clear();
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
function showLoadingSoon(alive) {
  const timer = setTimeout(() => {
    if (alive()) main().replaceChildren(h("p", { class: "loading", "data-testid": "loading", text: "Loading…" }));
  }, 150);
  return () => clearTimeout(timer);
}

function showLoadError(error, retry) {
  main().replaceChildren(
    h("div", { class: "empty", "data-testid": "load-error" },
      h("p", { text: error.isNetwork ? "Can’t reach the server." : error.detail || "Something went wrong." }),
      h("button", { type: "button", class: "plain-button", "data-testid": "load-retry", text: "Try Again", onclick: retry })),
  );
}

// MARK: - Connection state

function setOnline(value) {
  if (online === value) return;
  online = value;
  document.getElementById("banner").hidden = value;
  document.body.classList.toggle("offline", !value);
  if (!value) scheduleRetry();
}

let retryTimer = 0;
function scheduleRetry() {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(async () => {
    if (online) return;
    await refreshNow();
    if (!online) scheduleRetry();
  }, 4000);
}

/** Handles an error from a background refresh; returns true when it was about the connection. */
function noteError(error) {
  if (error instanceof ApiError && error.isNetwork) {
    setOnline(false);
    return true;
  }
  return false;
}

// MARK: - Live updates

let refreshTimer = 0;
let refreshing = null;
let refreshAgain = false;
/** The live changes since the last refresh, for screens that refresh only what changed; null: everything. */
let pendingChanges = [];

/** Refreshes the current screen after `delay` ms (calls within it share one refresh). */
function scheduleRefresh(delay = 60, change = null) {
  if (change && pendingChanges) pendingChanges.push(change);
  else pendingChanges = null;
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(refreshNow, delay);
}

async function refreshNow() {
  if (refreshing) {
    refreshAgain = true;
    return refreshing;
  }
  // Assign before awaiting: a screen without refresh() would otherwise finish (and clear
  // `refreshing`) before the assignment, leaving a settled promise that blocks every later
  // refresh.
  const changes = pendingChanges;
  pendingChanges = [];
  const run = (async () => {
    if (screen?.refresh) await screen.refresh(changes);
  })();
  refreshing = run;
  try {
    await run;
  } finally {
    if (refreshing === run) refreshing = null;
  }
  if (refreshAgain) {
    refreshAgain = false;
    await refreshNow();
  }
}

/** Whether a live change can alter what the current screen shows. */
function wanted(change) {
  if (!change) return true;
  if (screen?.wants) return screen.wants(change);
  return !change.scope || change.scope === "checklist" || change.scope === "sharing"; // checklist screens
}

function connectEvents() {
  if (!("EventSource" in window)) return;
  let source;
  let reconnectTimer = 0;
  let sources = 0;
  const open = () => {
    source = new EventSource("/api/v1/events");
    // A new EventSource has no Last-Event-ID: what changed meanwhile must be fetched again.
    if (++sources > 1) shopping?.shoppingResync();
    source.addEventListener("open", () => {
      // After a reconnection, catch up (Last-Event-ID covers changes; this covers the banner).
      if (!online) setOnline(true);
      scheduleRefresh(0);
    });
    source.addEventListener("change", (event) => {
      let change = null;
      try {
        change = JSON.parse(event.data);
      } catch {
        /* refresh everything */
      }
      // Shopping data is only kept once the Shopping tab has been opened.
      if (change && (change.scope === "catalogue" || change.scope === "shoppingList" || change.scope === "sharing")) {
        shopping?.shoppingChanged(change);
      }
      if (change?.scope === "sharing") sharingChanged(change);
      if (wanted(change)) scheduleRefresh(60, change);
    });
    source.addEventListener("reminder", (event) => {
      let data = null;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      showReminder(data);
    });
    source.addEventListener("error", () => {
      if (source.readyState === EventSource.CLOSED) {
        clearTimeout(reconnectTimer);
        reconnectTimer = setTimeout(open, 3000);
      }
      // Find out whether the server itself is gone, which shows the banner.
      scheduleRefresh(500);
    });
  };
  open();
}

/**
 * A list was shared with the user, or their role changed, or the share ended (or the user is
 * the owner and shared it): the lists and that list's cached answers are stale. Lists answer
 * 304 by revision, which a share does not change, so their ETags are dropped.
 */
function sharingChanged(change) {
  store.listsETag = null;
  const id = (change.collectionID || "").toUpperCase();
  for (const [listID, detail] of store.details) if (listID.toUpperCase() === id) detail.etag = null;
  shareSheetChanged(change);
}

async function showReminder(data) {
  const text = typeof data.text === "string" ? data.text : "";
  if ("Notification" in window && Notification.permission === "granted") {
    const options = { body: text, tag: `reminder-${data.itemID}`, icon: "/app-icon-192.png" };
    try {
      const note = new Notification("Reminder:", options);
      note.addEventListener("click", () => {
        window.focus();
        if (data.checklistID) go(paths.list(data.checklistID));
      });
    } catch {
      // Android Chrome only shows notifications through the service worker.
      try {
        const registration = await navigator.serviceWorker?.ready;
        registration?.showNotification("Reminder:", options);
      } catch {
        /* the in-page toast below still shows it */
      }
    }
  }
  toast(`Reminder: ${text}`, {
    kind: "reminder",
    timeout: 15000,
    action: data.checklistID ? "Open" : undefined,
    onAction: () => go(paths.list(data.checklistID)),
  });
}

// MARK: - Data loading

async function loadLists() {
  const result = await api.lists(store.lists ? store.listsETag : null);
  setOnline(true);
  if (result && result.notModified) return false;
  store.lists = result.checklists;
  store.listsETag = result.etag;
  return true;
}

/** The list loads in flight, by id. */
const detailLoads = new Map();

/**
 * Loads a list into the cache; resolves to whether it changed. A load asked for while one is in
 * flight (the live stream opening during the first load) waits for it, then asks with its ETag:
 * a 304 rather than the whole list again.
 */
async function loadDetail(id) {
  const running = detailLoads.get(id);
  if (running) await running.catch(() => undefined);
  const load = fetchDetail(id);
  detailLoads.set(id, load);
  try {
    return await load;
  } finally {
    if (detailLoads.get(id) === load) detailLoads.delete(id);
  }
}

async function fetchDetail(id) {
  const cached = store.details.get(id);
  const result = await api.list(id, cached ? cached.etag : null);
  setOnline(true);
  if (result && result.notModified) return false;
  let items = result.items;
  if (cached) {
    // An answer that left before one of our own writes landed must not undo it: keep the newer item.
    const local = new Map(cached.items.map((item) => [item.id, item]));
    items = items.map((item) => {
      const mine = local.get(item.id);
      return mine && mine.revision > item.revision ? mine : item;
    });
  }
  store.details.set(id, { checklist: result.checklist, items, etag: result.etag });
  return true;
}

function findItem(itemID) {
  for (const detail of store.details.values()) {
    const index = detail.items.findIndex((i) => i.id === itemID);
    if (index >= 0) return { detail, item: detail.items[index], index };
  }
  return null;
}

/** Puts the server's answer for an item into the cache. */
function storeItem(item) {
  const detail = store.details.get(item.checklistID);
  if (!detail) return;
  const index = detail.items.findIndex((i) => i.id === item.id);
  if (index >= 0) detail.items[index] = item;
  else detail.items.push(item);
  detail.etag = null; // the list's revision moved on
}

function forgetItem(itemID) {
  const found = findItem(itemID);
  if (found) {
    found.detail.items.splice(found.index, 1);
    found.detail.etag = null;
  }
}

/** All Lists order until the server's answer arrives: as Finder sorts ("List 2" before "List 10"). */
const nameCollator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
const byName = (a, b) => nameCollator.compare(a.name, b.name);

function listName(id) {
  return store.details.get(id)?.checklist.name ?? store.lists?.find((l) => l.id === id)?.name;
}

// MARK: - All Lists

function listsScreen({ alive }) {
  let editing = false;
  const editButton = navButton("Edit", "edit-mode", () => {
    editing = !editing;
    editButton.textContent = editing ? "Done" : "Edit";
    editButton.setAttribute("aria-pressed", String(editing));
    paint(true);
  }, { "aria-pressed": "false" });
  setNav({
    left: [editButton],
    title: "Checklists",
    right: [addButton("Add checklist", "add-list", () => go(paths.newList()))],
  });

  const ul = h("ul", { class: "group lists", "data-testid": "lists", "aria-label": "Checklists" });
  ul.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    const li = button?.closest("li[data-list-id]");
    if (!li) return;
    const list = store.lists.find((l) => l.id === li.dataset.listId);
    if (!list) return;
    switch (button.dataset.testid) {
      case "open-list":
        go(paths.list(list.id));
        break;
      case "edit-list":
        go(paths.editList(list.id));
        break;
      case "delete-list":
        deleteList(list, ul);
        break;
    }
  });

  function row(list) {
    const li = h("li", { class: "row list-row", "data-testid": "list-row" });
    if (editing && !isShared(list)) {
      li.append(h("button", {
        type: "button", class: "delete-button", "data-testid": "delete-list", "aria-label": `Delete ${list.name}`,
      }));
    }
    li.append(
      h("button", { type: "button", class: "row-main", "data-testid": "open-list" },
        iconEl(list.icon),
        h("span", { class: "row-text" },
          h("span", { class: "list-name", "data-testid": "list-name", text: list.name }),
          h("span", { class: "row-sub", "data-testid": "list-subtitle", text: list.subtitle }),
          sharedBadge(list)),
        h("span", { class: "glyph glyph-chevron", "aria-hidden": "true" })),
      h("button", {
        type: "button", class: "info-button", "data-testid": "edit-list",
        "aria-label": isShared(list) ? `About ${list.name}, shared by ${list.owner}` : `Edit ${list.name}`,
      }),
    );
    li.dataset.listId = list.id;
    li.dataset.listName = list.name;
    return li;
  }

  function paint(force = false) {
    if (!store.lists) return;
    if (store.lists.length === 0) {
      main().replaceChildren(h("div", { class: "empty", "data-testid": "empty-state" },
        h("p", { text: "No checklists yet." }),
        h("button", { type: "button", class: "plain-button", text: "Add Checklist", onclick: () => go(paths.newList()) })));
      return;
    }
    const focus = captureFocus(ul);
    const signature = (l) => `${l.id}|${l.revision}|${l.name}|${l.icon}|${l.subtitle}|${l.owner}|${l.role}|${editing}`;
    const old = new Map([...ul.children].map((li) => [li.dataset.listId, li]));
    const rows = store.lists.map((l) => {
      const existing = old.get(l.id);
      return !force && existing && existing._signature === signature(l) ? existing : Object.assign(row(l), { _signature: signature(l) });
    });
    const same = rows.length === ul.children.length && rows.every((li, i) => ul.children[i] === li);
    if (!same) ul.replaceChildren(...rows);
    if (!ul.isConnected) main().replaceChildren(ul);
    restoreFocus(ul, focus);
  }

  async function refresh() {
    try {
      const changed = await loadLists();
      if (!alive()) return;
      if (changed || !ul.isConnected) paint();
    } catch (error) {
      if (!alive()) return;
      noteError(error);
      if (!store.lists) showLoadError(error, () => refreshNow());
    }
  }

  let ready;
  if (store.lists) {
    paint();
    ready = Promise.resolve();
    refresh();
  } else {
    const cancel = showLoadingSoon(alive);
    ready = refresh().finally(cancel);
  }
  return { ready, refresh, dispose() {} };
}

async function deleteList(list, ul) {
  const count = list.itemCount;
  const ok = await confirmDialog({
    title: `Delete “${list.name}”?`,
    message: count > 0
      ? `The list and its ${count === 1 ? "item" : `${count} items`} will be deleted. This can’t be undone.`
      : "The list will be deleted. This can’t be undone.",
    confirm: "Delete",
  });
  if (!ok) return false;
  try {
    await api.deleteList(list.id);
  } catch (error) {
    if (error.status !== 404) {
      toast(error.isNetwork ? "Can’t reach the server. The list was not deleted." : error.detail, { kind: "error" });
      noteError(error);
      return false;
    }
  }
  store.lists = store.lists?.filter((l) => l.id !== list.id) ?? null;
  store.listsETag = null;
  store.details.delete(list.id);
  if (localStorage.getItem(LAST_LIST_KEY) === list.id) localStorage.removeItem(LAST_LIST_KEY);
  announce(`Deleted ${list.name}.`);
  toast(`Deleted “${list.name}”.`);
  if (ul) {
    const li = ul.querySelector(`[data-list-id="${CSS.escape(list.id)}"]`);
    const next = li?.nextElementSibling || li?.previousElementSibling;
    li?.remove();
    (next?.querySelector("[data-testid=open-list]") || document.getElementById("nav-title")).focus();
    scheduleRefresh(0);
  }
  return true;
}

// MARK: - Checklist (items)

/** A row template without the markup's white-space text nodes: fewer nodes to clone per row. */
function compactTemplate(id) {
  const root = document.getElementById(id).content.firstElementChild.cloneNode(true);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const blanks = [];
  while (walker.nextNode()) if (!walker.currentNode.data.trim()) blanks.push(walker.currentNode);
  for (const node of blanks) node.remove();
  return root;
}
let templates = null;
const itemTemplate = (editing) => {
  templates ??= { normal: compactTemplate("tpl-item"), editing: compactTemplate("tpl-item-editing") };
  return editing ? templates.editing : templates.normal;
};

/** Rows built at once when a long list first shows; the rest follow in chunks. */
const FIRST_ROWS = 100;
const ROWS_PER_CHUNK = 1000;

function checklistScreen({ route, alive, direction }) {
  const id = route.id;
  let chunkTimer = 0;
  let progressive = direction !== "back"; // going Back restores a scroll position: build every row at once
  let editing = false;
  let dragging = null;
  let refreshWhenDropped = false;

  const editButton = navButton("Edit", "edit-mode", () => {
    editing = !editing;
    editButton.textContent = editing ? "Done" : "Edit";
    editButton.setAttribute("aria-pressed", String(editing));
    ul.classList.toggle("editing", editing);
    ul.replaceChildren();
    paint();
    announce(editing ? "Editing: delete or reorder items." : "Done editing.");
  }, { "aria-pressed": "false" });
  const addItemButton = addButton("Add item", "add-item", () => go(paths.newItem(id)));
  setNav({
    left: [backButton("Checklists", () => up())],
    title: listName(id) ?? "",
    right: [editButton, addItemButton],
  });

  const ul = h("ul", { class: "group items", "data-testid": "items", "aria-labelledby": "nav-title" });
  const emptyAdd = h("button", { type: "button", class: "plain-button", text: "Add Item", onclick: () => go(paths.newItem(id)) });
  const empty = h("div", { class: "empty", "data-testid": "empty-state" }, h("p", { text: "No items." }), emptyAdd);
  // On a list someone shared: whose it is and what the role allows.
  const note = h("p", { class: "shared-note", "data-testid": "shared-note", hidden: true });
  const now = { time: Date.now() };
  /** What the user's role allows on this list (their own lists allow everything). */
  const may = { check: true, edit: true };

  /** Shows only the controls the role allows; after a role change the rows are built again. */
  function applyRole(list) {
    const check = canCheck(list);
    const edit = canEditItems(list);
    note.hidden = !isShared(list);
    if (isShared(list)) note.textContent = sharedNote(list);
    if (check === may.check && edit === may.edit) return;
    may.check = check;
    may.edit = edit;
    if (!edit && editing) {
      editing = false;
      editButton.textContent = "Edit";
      editButton.setAttribute("aria-pressed", "false");
      ul.classList.remove("editing");
    }
    ul.classList.toggle("read-only", !edit);
    addItemButton.hidden = !edit;
    emptyAdd.hidden = !edit;
    ul.replaceChildren();
  }

  const checkmark = h("span", { class: "checkmark", "data-testid": "checkmark", text: "√" });

  // Rows are filled by walking the template's fixed shape (no selector matching): a
  // 5,000-item list must render quickly. A row is only touched when its signature changes.
  function fill(li, item, index, count) {
    const checked = pendingChecks.has(item.id) ? pendingChecks.get(item.id) : item.checked;
    const due = item.dueDate ? new Date(item.dueDate) : null;
    const overdue = due !== null && !checked && due.getTime() < now.time;
    const first = index === 0;
    const last = index === count - 1;
    const signature = `${item.id}|${item.revision}|${checked}|${overdue}|${first}|${last}|${may.check}`;
    if (li._signature === signature) return;
    const fresh = li._signature === undefined;
    li._signature = signature;
    const lead = li.firstElementChild; // the toggle button, or the delete button when editing
    const body = editing ? lead.nextElementSibling : lead;
    const slot = body.firstElementChild;
    const textEl = slot.nextElementSibling.firstElementChild;
    const dueEl = textEl.nextElementSibling;
    if (fresh) li.setAttribute("data-item-id", item.id);
    li.setAttribute("data-checked", checked ? "true" : "false");
    if (checked) {
      if (!slot.firstChild) slot.append(checkmark.cloneNode(true));
    } else if (slot.firstChild) {
      slot.replaceChildren();
    }
    if (textEl.textContent !== item.text) textEl.textContent = item.text;
    if (due) {
      dueEl.classList.toggle("overdue", overdue);
      if (item.remind) {
        dueEl.replaceChildren(h("span", { class: "glyph glyph-bell", "aria-hidden": "true" }), formatDue(due), hidden(", reminder on"));
      } else {
        dueEl.textContent = formatDue(due);
      }
    } else if (dueEl.firstChild) {
      dueEl.textContent = "";
    }
    if (editing) {
      const upButton = body.nextElementSibling;
      const downButton = upButton.nextElementSibling;
      lead.setAttribute("aria-label", `Delete ${item.text}`);
      upButton.setAttribute("aria-label", `Move ${item.text} up`);
      downButton.setAttribute("aria-label", `Move ${item.text} down`);
      upButton.setAttribute("aria-disabled", first ? "true" : "false");
      downButton.setAttribute("aria-disabled", last ? "true" : "false");
    } else {
      lead.setAttribute("aria-checked", checked ? "true" : "false");
      if (!may.check) lead.setAttribute("aria-disabled", "true");
      li.lastElementChild.setAttribute("aria-label", `Edit ${item.text}`);
    }
  }

  function paint() {
    clearTimeout(chunkTimer);
    const detail = store.details.get(id);
    if (!detail) return;
    setTitle(detail.checklist.name);
    applyRole(detail.checklist);
    editButton.hidden = (detail.items.length === 0 && !editing) || !may.edit;
    if (detail.items.length === 0) {
      if (!empty.isConnected) main().replaceChildren(note, empty);
      ul.replaceChildren();
      return;
    }
    now.time = Date.now();
    const focus = captureFocus(ul);
    const template = itemTemplate(editing);
    if (ul.children.length === 0 && progressive && detail.items.length > FIRST_ROWS) {
      paintProgressively(detail.items, template);
      return;
    }
    const old = new Map();
    for (const li of ul.children) old.set(li.dataset.itemId, li);
    const items = detail.items;
    const count = items.length;
    const rows = new Array(count);
    let same = ul.children.length === count;
    for (let i = 0; i < count; i++) {
      const item = items[i];
      let li = old.get(item.id);
      if (!li) li = template.cloneNode(true);
      fill(li, item, i, count);
      rows[i] = li;
      if (same && ul.children[i] !== li) same = false;
    }
    if (!same) {
      if (ul.children.length === 0) {
        const fragment = document.createDocumentFragment();
        fragment.append(...rows);
        ul.append(fragment);
      } else {
        ul.replaceChildren(...rows);
      }
    }
    if (!ul.isConnected) main().replaceChildren(note, ul);
    restoreFocus(ul, focus);
  }

  /** First render of a long list: the first screenful now, the other rows in later tasks. */
  function paintProgressively(items, template) {
    const count = items.length;
    let next = 0;
    const build = (end) => {
      const fragment = document.createDocumentFragment();
      for (let i = next; i < end; i++) {
        const li = template.cloneNode(true);
        fill(li, items[i], i, count);
        fragment.append(li);
      }
      next = end;
      ul.append(fragment);
    };
    build(FIRST_ROWS);
    if (!ul.isConnected) main().replaceChildren(note, ul);
    const step = () => {
      build(Math.min(count, next + ROWS_PER_CHUNK));
      if (next < count) chunkTimer = setTimeout(step, 0);
    };
    chunkTimer = setTimeout(step, 0);
  }

  ul.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    const li = button?.closest("li[data-item-id]");
    if (!li || dragging) return;
    const itemID = li.dataset.itemId;
    switch (button.dataset.testid) {
      case "item-toggle":
        if (!may.check) {
          toast(note.textContent);
          break;
        }
        toggleItem(itemID, paint);
        break;
      case "edit-item":
        go(paths.editItem(id, itemID));
        break;
      case "delete-item":
        deleteItem(itemID, { paint, ul });
        break;
      case "move-up":
      case "move-down": {
        if (button.getAttribute("aria-disabled") === "true") return;
        const found = findItem(itemID);
        if (!found) return;
        moveItem(itemID, found.index + (button.dataset.testid === "move-up" ? -1 : 1), paint);
        break;
      }
    }
  });

  // Drag to reorder (edit mode, by the handle): pointer events work for mouse, pen and touch.
  ul.addEventListener("pointerdown", (event) => {
    const handle = event.target.closest(".drag-handle");
    if (!handle || event.button > 0) return;
    const li = handle.closest("li");
    event.preventDefault();
    // Capture on the list, not the handle: moving the row in the DOM would release a capture on it.
    try {
      ul.setPointerCapture(event.pointerId);
    } catch {
      /* synthetic pointers may not be capturable; window listeners below still follow them */
    }
    const pointerId = event.pointerId;
    const startIndex = Array.prototype.indexOf.call(ul.children, li);
    const grab = event.clientY - li.getBoundingClientRect().top;
    let y = event.clientY;
    let frame = 0;
    li.classList.add("dragging");
    ul.classList.add("reordering");
    const place = () => {
      li.style.transform = "";
      const ulRect = ul.getBoundingClientRect();
      const x = ulRect.left + ulRect.width / 2;
      const under = document.elementsFromPoint(x, Math.min(Math.max(y, ulRect.top + 1), ulRect.bottom - 1));
      const over = under.find((el) => el !== li && el.parentElement === ul);
      if (over) {
        const r = over.getBoundingClientRect();
        const after = li.compareDocumentPosition(over) & Node.DOCUMENT_POSITION_FOLLOWING;
        if (after && y > r.top + r.height / 2) ul.insertBefore(li, over.nextElementSibling);
        else if (!after && y < r.top + r.height / 2) ul.insertBefore(li, over);
      }
      const top = li.getBoundingClientRect().top;
      li.style.transform = `translateY(${y - grab - top}px)`;
    };
    const tick = () => {
      const edge = 56;
      const speed = y < edge ? -(edge - y) / 3 : y > innerHeight - edge ? (y - (innerHeight - edge)) / 3 : 0;
      if (speed) {
        window.scrollBy(0, speed);
        place();
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    const move = (e) => {
      if (e.pointerId !== pointerId) return;
      y = e.clientY;
      place();
    };
    const finish = (cancelled) => {
      cancelAnimationFrame(frame);
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", cancel);
      try {
        ul.releasePointerCapture(pointerId);
      } catch {
        /* already released */
      }
      window.removeEventListener("keydown", escape, true);
      li.style.transform = "";
      li.classList.remove("dragging");
      ul.classList.remove("reordering");
      if (cancelled) ul.insertBefore(li, ul.children[startIndex] === li ? li.nextElementSibling : ul.children[startIndex] ?? null);
      const endIndex = Array.prototype.indexOf.call(ul.children, li);
      // Let a click that follows the pointerup see that a drag just ended.
      setTimeout(() => {
        dragging = null;
        if (refreshWhenDropped) {
          refreshWhenDropped = false;
          scheduleRefresh(0);
        }
      }, 0);
      if (!cancelled && endIndex !== startIndex) {
        // The rows were moved directly; only the attributes that depend on position need an update.
        moveItem(li.dataset.itemId, endIndex, paint);
      } else {
        paint();
      }
    };
    const up = (e) => e.pointerId === pointerId && finish(false);
    const cancel = (e) => e.pointerId === pointerId && finish(true);
    const escape = (e) => {
      if (e.key === "Escape") {
        e.preventDefault();
        finish(true);
      }
    };
    dragging = { li };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", cancel);
    window.addEventListener("keydown", escape, true);
  });

  async function refresh() {
    if (dragging) {
      refreshWhenDropped = true;
      return;
    }
    try {
      const changed = await loadDetail(id);
      if (!alive()) return;
      if (changed || !(ul.isConnected || empty.isConnected)) paint();
    } catch (error) {
      if (!alive()) return;
      if (error.status === 404) {
        if (localStorage.getItem(LAST_LIST_KEY) === id) localStorage.removeItem(LAST_LIST_KEY);
        const shared = isShared(store.details.get(id)?.checklist);
        store.details.delete(id);
        store.listsETag = null;
        toast(shared ? "This list is no longer shared with you." : "This list no longer exists.");
        up();
        return;
      }
      noteError(error);
      if (!store.details.has(id)) showLoadError(error, () => refreshNow());
    }
  }

  let ready;
  if (store.details.has(id)) {
    paint();
    ready = Promise.resolve();
    refresh();
  } else {
    const cancel = showLoadingSoon(alive);
    ready = refresh().finally(cancel);
  }
  const minute = setInterval(() => {
    if (!dragging) paint();
  }, 60000);
  return {
    ready,
    refresh,
    dispose() {
      clearInterval(minute);
      clearTimeout(chunkTimer);
    },
  };
}

/** Remembers which control in a list has focus, so re-rendering can give it back. */
function captureFocus(ul) {
  const active = document.activeElement;
  if (!active || !ul.contains(active)) return null;
  const li = active.closest("li");
  return { li, testid: active.dataset.testid, index: Array.prototype.indexOf.call(ul.children, li) };
}

function restoreFocus(ul, focus) {
  if (!focus || ul.contains(document.activeElement)) return;
  let li = focus.li && focus.li.isConnected ? focus.li : null;
  li ??= ul.children[Math.min(focus.index, ul.children.length - 1)] ?? null;
  const target = li?.querySelector(`[data-testid="${focus.testid}"]`) || li?.querySelector("button");
  (target || document.getElementById("nav-title")).focus({ preventScroll: true });
}

/**
 * Flips an item's checkmark at once and sends the state the person now sees (`{"checked": …}`, not
 * a flip), so sending it again gives the same result.
 */
function toggleItem(itemID, paint) {
  const found = findItem(itemID);
  if (!found) return;
  const shown = pendingChecks.has(itemID) ? pendingChecks.get(itemID) : found.item.checked;
  pendingChecks.set(itemID, !shown);
  paint();
  announce(!shown ? `${found.item.text} checked` : `${found.item.text} unchecked`);
  syncCheck(itemID, paint);
}

async function syncCheck(itemID, paint) {
  if (syncingChecks.has(itemID)) return;
  syncingChecks.add(itemID);
  let attempts = 0;
  // Whether the stored item is the server's answer to this sync (not what this page saw before
  // the taps, which may be stale): only then is a checkmark that matches it left unsent.
  let confirmed = false;
  try {
    while (pendingChecks.has(itemID)) {
      const found = findItem(itemID);
      const want = pendingChecks.get(itemID);
      if (!found) {
        pendingChecks.delete(itemID);
        break;
      }
      if (confirmed && found.item.checked === want) {
        pendingChecks.delete(itemID);
        break;
      }
      try {
        storeItem(await api.updateItem(itemID, { checked: want }, found.item.revision));
        confirmed = true;
        setOnline(true);
      } catch (error) {
        attempts += 1;
        if (error.status === 412 && attempts < 4) {
          // Changed elsewhere. The same checkmark set there is no conflict; another change to the
          // item (a rename) is not either: the checkmark is sent again over it. Only a checkmark set
          // the other way there, after this page last saw it, wins: the page shows it and says so,
          // with a one-tap way to set it again (a flip of the other person's tap is never silent).
          const stale = await staleConflicts(error, {
            base: { checked: found.item.checked }, mine: { checked: want }, fields: ["checked"],
            read: (item) => ({ checked: item.checked }), load: () => api.item(itemID),
          });
          storeItem({ ...stale.current, revision: stale.revision ?? stale.current.revision });
          confirmed = true;
          if (stale.conflicts.length > 0) {
            pendingChecks.delete(itemID);
            const by = stale.conflicts[0].changedBy;
            const name = stale.current.text;
            toast(`“${name}” was ${stale.current.checked ? "checked" : "unchecked"} elsewhere${by ? ` by ${by}` : ""}.`, {
              action: want ? "Check" : "Uncheck",
              timeout: 8000,
              onAction: () => {
                if (!findItem(itemID)) return;
                pendingChecks.set(itemID, want);
                paint();
                syncCheck(itemID, paint);
              },
            });
            announce(`${name} was ${stale.current.checked ? "checked" : "unchecked"} elsewhere.`);
            break;
          }
          continue;
        }
        pendingChecks.delete(itemID);
        if (error.status === 404) {
          forgetItem(itemID);
          toast("That item was deleted elsewhere.");
        } else {
          noteError(error);
          toast(error.isNetwork ? "Can’t reach the server. The checkmark was not saved." : error.detail, { kind: "error" });
        }
        break;
      }
    }
  } catch (error) {
    pendingChecks.delete(itemID);
    noteError(error);
  } finally {
    syncingChecks.delete(itemID);
    paint();
  }
}

/** Moves an item to a position (0-based) and tells the server. */
/** Moves are sent one at a time, in order: each is an index in the order the previous made. */
let moveQueue = Promise.resolve();

function moveItem(itemID, index, paint) {
  const found = findItem(itemID);
  if (!found) return Promise.resolve();
  const items = found.detail.items;
  const to = Math.max(0, Math.min(items.length - 1, index));
  if (to !== found.index) {
    items.splice(to, 0, items.splice(found.index, 1)[0]);
  }
  paint();
  announce(`${found.item.text} moved to position ${to + 1} of ${items.length}.`);
  const send = async () => {
    try {
      let updated;
      try {
        // The revision as of now: an earlier move of this item may have changed it.
        updated = await api.moveItem(itemID, to, findItem(itemID)?.item.revision);
      } catch (error) {
        if (error.status !== 412) throw error;
        const fresh = await api.item(itemID);
        updated = await api.moveItem(itemID, to, fresh.revision);
      }
      const again = findItem(itemID);
      if (again) again.detail.items[again.index] = updated;
      found.detail.etag = null;
    } catch (error) {
      noteError(error);
      toast(error.isNetwork ? "Can’t reach the server. The new order was not saved." : error.detail, { kind: "error" });
      found.detail.etag = null;
    }
    scheduleRefresh(0);
  };
  moveQueue = moveQueue.then(send, send);
  return moveQueue;
}

/** Deletes an item at once and offers Undo (which adds it back where it was). */
async function deleteItem(itemID, { paint, ul } = {}) {
  const found = findItem(itemID);
  if (!found) return false;
  const { item, index, detail } = found;
  const listID = item.checklistID;
  let nextFocus = null;
  if (ul) {
    const li = ul.querySelector(`[data-item-id="${CSS.escape(itemID)}"]`);
    const sibling = li?.nextElementSibling || li?.previousElementSibling;
    const testid = document.activeElement?.dataset?.testid;
    nextFocus = sibling ? () => (sibling.querySelector(`[data-testid="${testid}"]`) || sibling.querySelector("button"))?.focus() : null;
  }
  detail.items.splice(index, 1);
  paint?.();
  nextFocus ? nextFocus() : ul && document.getElementById("nav-title").focus();
  try {
    await api.deleteItem(itemID);
  } catch (error) {
    if (error.status !== 404) {
      detail.items.splice(index, 0, item);
      paint?.();
      noteError(error);
      toast(error.isNetwork ? "Can’t reach the server. The item was not deleted." : error.detail, { kind: "error" });
      return false;
    }
  }
  detail.etag = null;
  announce(`Deleted ${item.text}.`);
  toast(`Deleted “${item.text}”.`, {
    action: "Undo",
    timeout: 8000,
    onAction: async () => {
      try {
        const body = { text: item.text, checked: item.checked, dueDate: item.dueDate, remind: item.remind && !!item.dueDate };
        const created = await api.addItem(listID, body);
        let placed = created;
        const current = store.details.get(listID);
        const length = current ? current.items.length : index + 1;
        if (index < length) placed = await api.moveItem(created.id, index, created.revision);
        if (current) {
          current.items = current.items.filter((i) => i.id !== placed.id);
          current.items.splice(Math.min(index, current.items.length), 0, placed);
          current.etag = null;
        }
        announce(`Restored ${item.text}.`);
        scheduleRefresh(0);
      } catch (error) {
        noteError(error);
        toast(error.detail || "The item could not be restored.", { kind: "error" });
      }
    },
  });
  return true;
}

// MARK: - Add / Edit Checklist

function listFormScreen({ route, alive }) {
  const id = route.id;
  const key = id ?? "new";
  const isNew = !id;
  const form = h("form", { class: "form", id: "list-form", "data-testid": "list-form", novalidate: true });
  const done = h("button", { type: "submit", form: "list-form", class: "nav-button strong", "data-testid": "done", text: "Done", disabled: true });
  setNav({
    left: [navButton("Cancel", "cancel", () => {
      listDrafts.delete(key);
      up();
    })],
    title: isNew ? "Add Checklist" : "Edit Checklist",
    right: [done],
  });

  const input = h("input", {
    type: "text", id: "list-name", class: "text-field", placeholder: "Name of the List", maxlength: 200,
    autocomplete: "off", enterkeyhint: "done", "aria-label": "Name", "data-testid": "list-name-input", "data-autofocus": "",
  });
  const error = h("p", { class: "form-error", id: "list-error", role: "alert", "data-testid": "form-error" });
  const iconName = h("span", { class: "row-value" });
  let iconPreview = h("span");
  const iconRow = h("button", { type: "button", class: "row-main", "data-testid": "icon-row" },
    h("span", { class: "row-label", text: "Icon" }), iconName, iconPreview,
    h("span", { class: "glyph glyph-chevron", "aria-hidden": "true" }));
  let original = null;
  let saving = false;

  const draft = () => listDrafts.get(key);
  const update = () => {
    const valid = input.value.trim().length > 0;
    done.disabled = !valid || saving;
    input.setAttribute("aria-invalid", String(!!error.textContent));
  };
  input.addEventListener("input", () => {
    draft().name = input.value;
    error.textContent = "";
    update();
  });
  iconRow.addEventListener("click", () => {
    draft().name = input.value;
    go(paths.icon(id));
  });

  const asForm = (list) => ({ name: list.name, icon: list.icon });
  const changesFrom = (mine, base) => {
    const changes = {};
    if (mine.name !== base.name) changes.name = mine.name;
    if (mine.icon !== base.icon) changes.icon = mine.icon;
    return changes;
  };
  const storeList = (updated) => {
    store.listsETag = null;
    const detail = store.details.get(id);
    if (detail) detail.checklist = { ...detail.checklist, ...updated };
    if (store.lists) store.lists = store.lists.map((l) => (l.id === id ? { ...l, ...updated } : l)).sort(byName);
  };
  let nameGroup = null;
  let iconGroup = null;
  const conflicts = new FieldConflicts({
    place: (field, panel) => placeAfter(field === "name" ? nameGroup : iconGroup, panel),
    take: (field, value) => {
      draft()[field] = value;
      if (field === "name") {
        input.value = value;
      } else {
        iconName.textContent = value;
        const preview = iconEl(value);
        iconPreview.replaceWith(preview);
        iconPreview = preview;
      }
      update();
    },
    resend: () => form.requestSubmit(),
    label: (field) => (field === "name" ? "Name" : "Icon"),
    describe: (field, value) => (field === "name" ? quoted(value) : `the ${value} icon`),
    focusField: (field) => (field === "name" ? input : iconRow).focus(),
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name || saving) return;
    saving = true;
    update();
    error.textContent = "";
    try {
      if (isNew) {
        const list = await api.createList(name, draft().icon);
        store.listsETag = null;
        store.lists = store.lists ? [...store.lists, list].sort(byName) : null;
      } else {
        conflicts.clear();
        let mine = { name, icon: draft().icon };
        let changes = changesFrom(mine, original);
        for (let attempt = 0; Object.keys(changes).length > 0 && attempt < 3; attempt++) {
          try {
            storeList(await api.updateList(id, changes, original.revision));
            break;
          } catch (e) {
            if (e.status !== 412) throw e;
            // Changed elsewhere meanwhile (or only its items): merge what does not collide, show what does.
            const stale = await staleConflicts(e, {
              base: asForm(original), mine, fields: Object.keys(changes), read: asForm,
              load: async () => (await api.list(id)).checklist, unwrap: (body) => body.checklist ?? body,
            });
            if (!alive()) return;
            for (const field of ["name", "icon"]) {
              if (!(field in changes)) conflicts.take(field, stale.theirs[field]);
            }
            original = { ...stale.current, revision: stale.revision ?? stale.current.revision };
            draft().original = original;
            storeList(original);
            if (stale.conflicts.length > 0) {
              saving = false;
              update();
              conflicts.show(stale.conflicts);
              return;
            }
            mine = { name: input.value.trim(), icon: draft().icon };
            changes = changesFrom(mine, original);
          }
        }
      }
      listDrafts.delete(key);
      if (!alive()) return;
      up();
    } catch (e) {
      saving = false;
      if (!alive()) return;
      noteError(e);
      error.textContent = e.isNetwork ? "Can’t reach the server. Try again." : e.detail || e.message;
      update();
      input.focus();
    }
  });

  async function start() {
    if (!draft()) {
      if (isNew) {
        listDrafts.set(key, { name: "", icon: "Folder" });
      } else {
        const cached = store.lists?.find((l) => l.id === id) ?? store.details.get(id)?.checklist;
        let list = cached;
        if (!list) {
          try {
            list = (await api.list(id)).checklist;
          } catch (e) {
            if (!alive()) return;
            noteError(e);
            if (e.status === 404) {
              main().replaceChildren(notFoundContent("This list doesn’t exist."));
              return;
            }
            showLoadError(e, () => render({ direction: "none" }));
            return;
          }
        }
        listDrafts.set(key, { name: list.name, icon: list.icon, original: list });
      }
    }
    if (!alive()) return;
    original = draft().original ?? null;
    if (isShared(original)) {
      sharedListInfo(original);
      return;
    }
    input.value = draft().name;
    iconName.textContent = draft().icon;
    const preview = iconEl(draft().icon);
    iconPreview.replaceWith(preview);
    iconPreview = preview;
    nameGroup = h("ul", { class: "group" }, h("li", { class: "row field-row" }, input));
    iconGroup = h("ul", { class: "group" }, h("li", { class: "row" }, iconRow));
    const groups = [nameGroup, error, iconGroup];
    if (!isNew) {
      const share = await shareRow(original);
      if (!alive()) return;
      if (share) groups.push(share);
      groups.push(h("ul", { class: "group" }, h("li", { class: "row" },
        h("button", {
          type: "button", class: "row-main destructive centered", "data-testid": "delete-list-button", text: "Delete Checklist",
          onclick: async () => {
            const list = store.lists?.find((l) => l.id === id) ?? original;
            if (await deleteList(list, null)) {
              listDrafts.delete(key);
              if (alive()) up();
            }
          },
        }))));
    }
    form.replaceChildren(...groups);
    main().replaceChildren(form);
    update();
  }

  /** A list someone shared: who owns it, what the role allows, and Leave List. */
  function sharedListInfo(list) {
    listDrafts.delete(key);
    setNav({ left: [backButton("Checklists", () => up())], title: list.name, right: [] });
    main().replaceChildren(sharedInfo(list, { onLeave: async () => {
      if (!(await leaveList(list))) return;
      store.lists = store.lists?.filter((l) => l.id !== list.id) ?? null;
      store.listsETag = null;
      store.details.delete(list.id);
      if (localStorage.getItem(LAST_LIST_KEY) === list.id) localStorage.removeItem(LAST_LIST_KEY);
      if (alive()) up();
    } }));
  }
  return { ready: start(), dispose() {} };
}

// MARK: - Choose Icon

function iconScreen({ route, alive }) {
  const id = route.id;
  const key = id ?? "new";
  setNav({ left: [backButton("Back", () => up())], title: "Choose Icon", right: [] });

  async function start() {
    if (!listDrafts.has(key)) {
      if (!id) {
        listDrafts.set(key, { name: "", icon: "Folder" });
      } else {
        try {
          const list = store.lists?.find((l) => l.id === id) ?? (await api.list(id)).checklist;
          listDrafts.set(key, { name: list.name, icon: list.icon, original: list });
        } catch (e) {
          if (!alive()) return;
          showLoadFailure(e, "This list doesn’t exist.");
          return;
        }
      }
    }
    if (!alive()) return;
    const draft = listDrafts.get(key);
    const ul = h("ul", { class: "group icons", "aria-label": "Icons" });
    for (const name of ICONS) {
      const selected = draft.icon === name;
      ul.append(h("li", { class: "row" },
        h("button", {
          type: "button", class: "row-main icon-choice", "data-testid": "icon-choice", "data-icon": name,
          "aria-pressed": String(selected), "data-autofocus": selected ? "" : null,
          onclick: () => {
            draft.icon = name;
            up();
          },
        },
        iconEl(name),
        h("span", { class: "row-text", text: name }),
        selected ? h("span", { class: "checkmark", "aria-hidden": "true", text: "√" }) : "")));
    }
    main().replaceChildren(ul);
  }
  return { ready: start(), dispose() {} };
}

// MARK: - Add / Edit Item

function itemFormScreen({ route, alive }) {
  const { listID, itemID } = route;
  const isNew = !itemID;
  const form = h("form", { class: "form", id: "item-form", "data-testid": "item-form", novalidate: true });
  const done = h("button", { type: "submit", form: "item-form", class: "nav-button strong", "data-testid": "done", text: "Done", disabled: true });
  setNav({
    left: [navButton("Cancel", "cancel", () => up())],
    title: isNew ? "Add Item" : "Edit Item",
    right: [done],
  });

  const text = h("textarea", {
    id: "item-text", class: "text-field", placeholder: "Name of the Item", maxlength: 1000, rows: 1,
    "aria-label": "Name of the Item", enterkeyhint: "done", "data-testid": "item-text-input", "data-autofocus": "",
  });
  const remind = h("input", { type: "checkbox", id: "remind", class: "switch", role: "switch", "data-testid": "remind-switch" });
  const due = h("input", { type: "datetime-local", id: "due", class: "date-field", "data-testid": "due-input" });
  const clearDue = h("button", { type: "button", class: "clear-button", "data-testid": "clear-due", "aria-label": "Clear due date" },
    h("span", { class: "glyph glyph-close", "aria-hidden": "true" }));
  const hint = h("p", { class: "form-hint", id: "remind-hint", "data-testid": "remind-hint" });
  const error = h("p", { class: "form-error", id: "item-error", role: "alert", "data-testid": "form-error" });
  remind.setAttribute("aria-describedby", "remind-hint");
  let original = null;
  let saving = false;

  const update = () => {
    const needsDate = remind.checked && !fromLocalInput(due.value);
    hint.textContent = needsDate ? "Remind Me needs a due date." : "";
    done.disabled = saving || text.value.trim().length === 0 || needsDate;
    clearDue.hidden = !due.value;
    text.setAttribute("aria-invalid", String(!!error.textContent));
  };
  // Enter saves, as the original's keyboard "Done" did; the text is one line.
  text.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      if (!done.disabled) form.requestSubmit();
    }
  });
  text.addEventListener("input", () => {
    error.textContent = "";
    update();
  });
  remind.addEventListener("change", async () => {
    error.textContent = "";
    if (remind.checked) {
      if (!fromLocalInput(due.value)) due.value = toLocalInput(nextFullHour().toISOString());
      if ("Notification" in window && Notification.permission === "default") {
        try {
          await Notification.requestPermission();
        } catch {
          /* older browsers: the in-page toast still shows reminders */
        }
      }
      if ("Notification" in window && Notification.permission === "denied") {
        hint.textContent = "Notifications are blocked; reminders will show in this page.";
      }
    }
    update();
  });
  due.addEventListener("input", () => {
    error.textContent = "";
    update();
  });
  clearDue.addEventListener("click", () => {
    due.value = "";
    remind.checked = false;
    update();
    due.focus();
  });

  // The form's fields as the API takes them, and an item in the form's terms (for conflicts).
  const formFields = () => {
    const dueDate = fromLocalInput(due.value);
    return { text: text.value.trim(), dueDate: dueDate ? isoDate(dueDate) : null, remind: remind.checked && !!dueDate };
  };
  const asForm = (item) => ({ text: item.text, dueDate: toLocalInput(item.dueDate), remind: !!item.remind });
  const changesFrom = (fields, base) => {
    const changes = {};
    if (fields.text !== base.text) changes.text = fields.text;
    if (toLocalInput(fields.dueDate) !== toLocalInput(base.dueDate)) changes.dueDate = fields.dueDate;
    if (fields.remind !== base.remind) changes.remind = fields.remind;
    return changes;
  };
  const inputs = { text, dueDate: due, remind };
  let textGroup = null;
  let dateGroup = null;
  const conflicts = new FieldConflicts({
    place: (field, panel) => placeAfter(field === "text" ? textGroup : dateGroup, panel),
    take: (field, value) => {
      if (field === "remind") remind.checked = value;
      else inputs[field].value = value;
      update();
    },
    resend: () => form.requestSubmit(),
    label: (field) => ({ text: "Name", dueDate: "Due Date", remind: "Remind Me" })[field],
    describe: (field, value) => {
      if (field === "text") return quoted(value);
      if (field === "dueDate") return value ? `“${formatDue(fromLocalInput(value))}”` : null;
      return value ? "on" : "off";
    },
    focusField: (field) => inputs[field].focus(),
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (done.disabled || saving) return;
    let fields = formFields();
    saving = true;
    update();
    error.textContent = "";
    try {
      if (isNew) {
        storeItem(await api.addItem(listID, fields));
      } else {
        // Done saves what the form shows, over any conflict still open.
        conflicts.clear();
        let changes = changesFrom(fields, original);
        for (let attempt = 0; Object.keys(changes).length > 0 && attempt < 3; attempt++) {
          try {
            storeItem(await api.updateItem(itemID, changes, original.revision));
            break;
          } catch (e) {
            if (e.status !== 412) throw e;
            // Changed elsewhere meanwhile: what only they changed is taken, what only this form
            // changed is sent again, and what both changed is shown for the person to choose.
            const stale = await staleConflicts(e, {
              base: asForm(original), mine: asForm(fields), fields: Object.keys(changes), read: asForm,
              load: () => api.item(itemID),
            });
            if (!alive()) return;
            for (const field of ["text", "dueDate", "remind"]) {
              if (!(field in changes)) conflicts.take(field, stale.theirs[field]);
            }
            original = { ...stale.current, revision: stale.revision ?? stale.current.revision };
            storeItem(original);
            if (stale.conflicts.length > 0) {
              saving = false;
              update();
              conflicts.show(stale.conflicts);
              return;
            }
            fields = formFields();
            changes = changesFrom(fields, original);
          }
        }
      }
      if (!alive()) return;
      up();
    } catch (e) {
      saving = false;
      if (!alive()) return;
      noteError(e);
      error.textContent = e.isNetwork ? "Can’t reach the server. Try again." : e.detail || e.message;
      update();
    }
  });

  async function start() {
    if (!isNew) {
      original = findItem(itemID)?.item ?? null;
      if (!original) {
        try {
          original = await api.item(itemID);
        } catch (e) {
          if (!alive()) return;
          showLoadFailure(e, "This item doesn’t exist.");
          return;
        }
      }
      if (!alive()) return;
      text.value = original.text;
      remind.checked = original.remind;
      due.value = toLocalInput(original.dueDate);
    }
    textGroup = h("ul", { class: "group" }, h("li", { class: "row field-row" }, text));
    dateGroup = h("ul", { class: "group" },
      h("li", { class: "row field-row" },
        h("label", { class: "row-label grow", for: "remind", text: "Remind Me" }), remind),
      h("li", { class: "row field-row due-row" },
        h("label", { class: "row-label grow", for: "due", text: "Due Date" }),
        h("span", { class: "due-controls" }, due, clearDue)));
    const groups = [textGroup, error, dateGroup, hint];
    if (!isNew) {
      groups.push(h("ul", { class: "group" }, h("li", { class: "row" },
        h("button", {
          type: "button", class: "row-main destructive centered", "data-testid": "delete-item-button", text: "Delete Item",
          onclick: async () => {
            if (!findItem(itemID)) {
              try {
                await loadDetail(listID);
              } catch (e) {
                noteError(e);
              }
            }
            if (await deleteItem(itemID, {}) && alive()) up();
          },
        }))));
    }
    form.replaceChildren(...groups);
    main().replaceChildren(form);
    update();
  }
  return { ready: start(), dispose() {} };
}

// MARK: - Not found

/** Shows why a screen's data could not load: a not-found page, or the server's message. */
function showLoadFailure(error, notFoundMessage) {
  noteError(error);
  main().replaceChildren(
    error.status === 404 ? notFoundContent(notFoundMessage) : h("p", { class: "empty", text: error.detail }),
  );
}

function notFoundContent(message) {
  return h("div", { class: "empty", "data-testid": "not-found" },
    h("p", { text: message }),
    h("button", { type: "button", class: "plain-button", text: "Show All Lists", onclick: () => go("/", { replace: true }) }));
}

function notFoundScreen() {
  setNav({ left: [backButton("Checklists", () => up())], title: "Not Found", right: [] });
  main().replaceChildren(notFoundContent("There is no such page."));
  return { ready: Promise.resolve(), dispose() {} };
}

// MARK: - Who is signed in

/**
 * Once the server has accounts: the user's name in the tab bar, with Command line & tokens and
 * Sign out in its menu.
 */
function showAccount(known) {
  const box = document.getElementById("account");
  if (!known || known.mode !== "accounts") {
    box.hidden = true;
    return;
  }
  document.getElementById("account-name").textContent = known.user;
  document.getElementById("account-user").textContent = known.user;
  box.hidden = false;
}

function setUpAccount() {
  const menu = document.getElementById("account-menu");
  const button = document.getElementById("account-button");
  // Without the Popover API the button shows and hides the menu itself.
  if (!("popover" in HTMLElement.prototype)) {
    menu.hidden = true;
    menu.classList.add("no-popover");
    button.setAttribute("aria-expanded", "false");
    button.addEventListener("click", () => {
      menu.hidden = !menu.hidden;
      button.setAttribute("aria-expanded", String(!menu.hidden));
    });
  }
  // The sheet opens over the page; closing it gives focus back to the account button.
  document.getElementById("account-tokens").addEventListener("click", () => {
    if (menu.classList.contains("no-popover")) {
      menu.hidden = true;
      button.setAttribute("aria-expanded", "false");
    } else {
      menu.hidePopover();
    }
    openTokensSheet({ returnFocus: button });
  });
  // Sign out at once through the API; the link itself (/logout) asks first, if this fails.
  document.getElementById("sign-out").addEventListener("click", async (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    try {
      await signOut();
    } catch {
      location.assign("/logout");
    }
  });
  loadSession().then(showAccount);
}

// MARK: - Start

function start() {
  Object.assign(shell, {
    go, up, render, scheduleRefresh, noteError, setOnline, showLoadingSoon, showLoadError, showLoadFailure,
    captureFocus, restoreFocus,
  });
  document.getElementById("banner-retry").addEventListener("click", () => refreshNow());
  setUpAccount();
  if (isShoppingRoute(parseRoute(location.pathname))) {
    for (const href of SHOPPING_MODULES) document.head.append(h("link", { rel: "modulepreload", href }));
    loadShopping().catch(() => undefined); // render() reports a failure
  }
  const lastList = localStorage.getItem(LAST_LIST_KEY);
  if (lastList) tabMemory.checklists = paths.list(lastList); // as a fresh visit to "/" reopens it
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
  connectEvents();
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("/sw.js").catch(() => {
      /* no offline shell; the app still works online */
    });
  }
  window.addEventListener("online", () => {
    scheduleRefresh(0);
    loadSession().then(showAccount); // when it could not be asked offline
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") scheduleRefresh(0);
  });
}

start();
