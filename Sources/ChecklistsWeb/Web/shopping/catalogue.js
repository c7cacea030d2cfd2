// The Items screen: the whole catalogue, alphabetical, in sections by first letter, with a
// search field that filters as you type and an index to jump to a letter. A tap on a row puts
// the item on the current shopping list or takes it off (green check); ⓘ edits it; + adds one.
//
// The catalogue is loaded once and filtered here. Only the rows near the viewport are in the
// DOM ("windowing"): rows have one fixed height, so where each row sits is a sum, and spacers
// above and below stand in for the rest. A catalogue of 10,000 items costs about 40 rows.
//
// data-testid hooks: catalogue-search, catalogue (role=list), catalogue-row (data-item-id,
// data-item-name, data-on-list="true|false"), catalogue-toggle (role=checkbox), catalogue-name,
// catalogue-detail, catalogue-price, edit-catalogue-item (ⓘ), add-catalogue-item (+),
// section-header, sticky-section, section-index, catalogue-empty, catalogue-hint,
// add-from-search, not-offline; starter (starter.js: the starter set on an empty catalogue); a row with an unsent edit has data-pending="true" and a
// pending-mark; conflicts about items show above the list (row-conflict). The list element fires "catalogue-rendered" ({query, count}) after each
// search's rows are in the DOM (used to measure search-as-you-type).

import { main, shell } from "/shell.js";
import { store } from "/data/store.js";
import { addButton, announce, h, navButton, setNav, toast } from "/views.js";
import { t } from "/messages.js";
import { currentListID, shopPaths } from "/shopping/shopping-routes.js";
import {
  conflictRow, fold, isOffline, keptList, listName, markPending, notOffline, priceText, resolveCurrentList, sameID,
  searchKey, segmentedControl,
} from "/shopping/shopping-views.js";
import { isShared } from "/sharing.js";
import { starterOffer } from "/shopping/starter.js";

const OVERSCAN = 800; // px of rows kept above and below the viewport
const INDEX_MINIMUM = 30; // fewer rows than this need no letter index

/** The search, kept for coming Back from Edit Item to the same results (and scroll position). */
let savedSearch = "";

export function catalogueScreen({ alive, direction }) {
  setNav({
    left: [navButton(t("web.catalogue.settings"), "open-settings", () => shell.go(shopPaths.settings()))],
    title: t("web.catalogue.title"),
    right: [addButton(t("web.catalogue.add"), "add-catalogue-item", () => shell.go(shopPaths.newItem()))],
  });

  let listID = currentListID();
  const segmented = segmentedControl("items");
  const search = h("input", {
    type: "search", class: "search-field", placeholder: t("web.catalogue.search"), autocomplete: "off", spellcheck: "false",
    enterkeyhint: "search", "aria-label": t("web.catalogue.search"), "aria-controls": "catalogue", "data-testid": "catalogue-search",
  });
  const toolbar = h("div", { class: "catalogue-toolbar" },
    h("span", { class: "glyph glyph-search", "aria-hidden": "true" }), search);
  const hint = h("p", { class: "catalogue-hint", id: "catalogue-hint", "data-testid": "catalogue-hint" });
  const sticky = h("div", { class: "section-header section-sticky", "aria-hidden": "true", "data-testid": "sticky-section" });
  const before = h("div", { class: "spacer", "aria-hidden": "true" });
  const after = h("div", { class: "spacer", "aria-hidden": "true" });
  const list = h("div", {
    class: "catalogue", id: "catalogue", role: "list", tabindex: "-1", "aria-label": t("web.catalogue.title"),
    "aria-describedby": "catalogue-hint", "data-testid": "catalogue",
  }, before, after);
  const index = h("nav", { class: "section-index", "aria-label": t("web.catalogue.index"), "data-testid": "section-index" });
  const empty = h("div", { class: "empty", "data-testid": "catalogue-empty", hidden: true });
  const column = h("div", { class: "catalogue-column" }, sticky, list, empty);
  const layout = h("div", { class: "catalogue-layout" }, column, index);
  /** Conflicts about catalogue items: above the list (its rows have fixed heights). */
  const conflictBox = h("div", { class: "catalogue-conflicts" });

  if (direction === "back") search.value = savedSearch;
  else savedSearch = "";

  // MARK: What is shown

  let query = fold(search.value);
  let shown = []; // the items matching the search, alphabetical
  let entries = []; // section headers ({section}) and items, in order
  let offsets = []; // the top of each entry, in px from the list's top
  let sections = []; // the section index (in `entries`) each entry belongs to
  let positions = []; // each item entry's position among the items (1-based), for aria-posinset
  let height = 0;
  let rowHeight = 0;
  let headerHeight = 0;
  let onList = new Map();
  let rendered = { first: -1, last: -1 };
  let nodes = new Map(); // entry key → element in the DOM
  let frame = 0;

  const keyOf = (entry) => (entry.id === undefined ? `h ${entry.section}` : entry.id);
  /** The current list when someone else owns it: the user's own items can't go on it. */
  const sharedList = () => {
    const list = keptList(listID);
    return isShared(list) ? list : null;
  };
  /** The ids of the items on the current list, as shown (with unsent taps). */
  const itemsOnList = () => new Map(store.shoppingList(listID)?.lines.map((l) => [l.item.id, l]) ?? []);
  /** Whether a row waits on an unsent edit: of the item itself, or of its line on the list. */
  const isPending = (item) => !!(item._pending || onList.get(item.id)?._pending);

  /** Measures a header and a row once; CSS gives both fixed heights (which the user's font size may change). */
  function measure() {
    if (rowHeight) return;
    const sample = itemNode({ id: "", name: "Sample", section: "S", price: null }, 0, false);
    const header = headerNode("S");
    list.append(header, sample);
    rowHeight = sample.offsetHeight || 56;
    headerHeight = header.offsetHeight || 28;
    header.remove();
    sample.remove();
  }

  function filter() {
    const items = store.catalogue()?.items ?? [];
    if (!query) {
      shown = items;
    } else {
      shown = items.filter((item) => searchKey(item).includes(query));
    }
    entries = [];
    offsets = [];
    sections = [];
    positions = [];
    let y = 0;
    let section = null;
    let sectionIndex = -1;
    let position = 0;
    for (const item of shown) {
      if (sectionOf(item) !== section) {
        section = sectionOf(item);
        sectionIndex = entries.length;
        entries.push({ section });
        offsets.push(y);
        sections.push(sectionIndex);
        positions.push(0);
        y += headerHeight;
      }
      entries.push(item);
      offsets.push(y);
      sections.push(sectionIndex);
      positions.push(++position);
      y += rowHeight;
    }
    height = y;
    paintIndex();
  }

  /** The entry at `y` px from the list's top (clamped to the entries). */
  function entryAt(y) {
    let lo = 0;
    let hi = offsets.length - 1;
    if (hi < 0) return -1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (offsets[mid] <= y) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  const entryHeight = (i) => (entries[i].id === undefined ? headerHeight : rowHeight);

  // MARK: Rows

  function detail(item) {
    return [item.unit, item.category].filter(Boolean).join(t("web.shoppingList.line.separator"));
  }

  /** An item's first letter, for its section (the server sends it; a waiting new item may not have it). */
  const sectionOf = (item) => item.section ?? (fold(item.name).charAt(0).toUpperCase().replace(/[^A-Z]/, "#") || "#");

  /** What a row shows of its item: a row showing the same is kept when the item object is new. */
  const shows = (item) => `${item.name}|${priceText(item.price)}|${detail(item)}`;

  function itemNode(item, position, on) {
    const row = h("div", { class: "row cat-row", role: "listitem", "data-testid": "catalogue-row" },
      h("button", {
        type: "button", class: "row-main cat-toggle", role: "checkbox", "aria-checked": String(on),
        "data-testid": "catalogue-toggle",
      },
      h("span", { class: "on-list-check", "aria-hidden": "true" }),
      h("span", { class: "row-text" },
        h("span", { class: "cat-name", "data-testid": "catalogue-name", text: item.name }),
        h("span", { class: "row-sub", "data-testid": "catalogue-detail", text: detail(item) })),
      h("span", { class: "cat-price", "data-testid": "catalogue-price", text: priceText(item.price) })),
      h("button", { type: "button", class: "info-button", "data-testid": "edit-catalogue-item", "aria-label": t("web.catalogue.edit.label", { name: item.name }) }));
    row.dataset.itemId = item.id;
    row.dataset.itemName = item.name;
    row.dataset.onList = String(on);
    row.setAttribute("aria-posinset", String(position));
    row._item = item;
    row._shows = shows(item);
    markPending(row, isPending(item), row.querySelector(".cat-name"));
    return row;
  }

  function headerNode(section) {
    return h("div", { class: "section-header", "aria-hidden": "true", "data-testid": "section-header", text: section });
  }

  /** Brings a row up to date in place (so a focused button keeps its focus). */
  function updateRow(row, position, on) {
    markPending(row, isPending(row._item), row.querySelector(".cat-name"));
    if (row.dataset.onList !== String(on)) {
      row.dataset.onList = String(on);
      row.firstElementChild.setAttribute("aria-checked", String(on));
    }
    if (row.getAttribute("aria-posinset") !== String(position)) row.setAttribute("aria-posinset", String(position));
  }

  /** Renders the entries near the viewport, reusing the rows already there. */
  function paintWindow(force = false) {
    if (!list.isConnected) return;
    const top = -list.getBoundingClientRect().top;
    let first = -1;
    let last = -1;
    if (entries.length > 0) {
      first = entryAt(Math.max(0, top - OVERSCAN));
      last = entryAt(Math.max(0, top + innerHeight + OVERSCAN));
    }
    updateSticky(top);
    if (!force && first === rendered.first && last === rendered.last) return;
    rendered = { first, last };
    const wanted = [];
    const next = new Map();
    for (let i = first; i >= 0 && i <= last; i++) {
      const entry = entries[i];
      const key = keyOf(entry);
      let node = nodes.get(key);
      if (entry.id === undefined) {
        node ??= headerNode(entry.section);
      } else {
        const on = onList.has(entry.id);
        if (node && (node._item === entry || node._shows === shows(entry))) {
          node._item = entry;
          updateRow(node, positions[i], on);
        } else {
          const fresh = itemNode(entry, positions[i], on);
          // A row drawn again (its item changed) keeps the keyboard focus where it was.
          const focused = node?.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
          if (node) node.replaceWith(fresh);
          node = fresh;
          if (focused) node.querySelector(`[data-testid="${focused}"]`)?.focus({ preventScroll: true });
        }
        node.dataset.index = String(i);
      }
      next.set(key, node);
      wanted.push(node);
    }
    const keep = new Set(wanted);
    for (const child of [...list.children]) {
      if (child === before || child === after || keep.has(child)) continue;
      if (child.contains(document.activeElement)) list.focus({ preventScroll: true });
      child.remove();
    }
    let cursor = before.nextSibling;
    for (const node of wanted) {
      if (node === cursor) cursor = cursor.nextSibling;
      else list.insertBefore(node, cursor);
    }
    nodes = next;
    before.style.height = `${first >= 0 ? offsets[first] : 0}px`;
    after.style.height = `${last >= 0 ? height - offsets[last] - entryHeight(last) : 0}px`;
    for (const node of wanted) if (node.dataset.index) node.setAttribute("aria-setsize", String(shown.length));
  }

  let stickyTop = null;
  function updateSticky(top) {
    if (entries.length === 0) {
      sticky.hidden = true;
      return;
    }
    sticky.hidden = false;
    stickyTop ??= Number.parseFloat(getComputedStyle(sticky).top) || 0;
    // The section of the entry under the sticky header, which covers the list's own header there.
    const under = entryAt(Math.max(0, top + stickyTop));
    const section = entries[sections[under]]?.section ?? "";
    if (sticky.textContent !== section) sticky.textContent = section;
  }

  function paintIndex() {
    const letters = [];
    if (shown.length >= INDEX_MINIMUM) {
      for (let i = 0; i < entries.length; i++) if (entries[i].id === undefined) letters.push([entries[i].section, i]);
    }
    index.hidden = letters.length < 2;
    index.replaceChildren(...letters.map(([section, i]) => {
      const button = h("button", { type: "button", class: "index-letter", text: section, "aria-label": t("web.catalogue.index.letter", { letter: section }) });
      button.dataset.entry = String(i);
      return button;
    }));
  }

  index.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-entry]");
    if (!button) return;
    const i = Number(button.dataset.entry);
    stickyTop ??= Number.parseFloat(getComputedStyle(sticky).top) || 0;
    const listTop = list.getBoundingClientRect().top + window.scrollY;
    window.scrollTo(0, listTop + offsets[i] - stickyTop);
    paintWindow();
    announce(button.textContent);
  });

  /** Everything again: after a search, or when the catalogue or the list changed. */
  function paint() {
    if (!alive() || !store.catalogue()) return;
    if (!layout.isConnected) main().replaceChildren(segmented, toolbar, hint, conflictBox, layout);
    measure();
    filter();
    paintConflicts();
    onList = listID && !sharedList() ? itemsOnList() : new Map();
    const name = listID ? listName(listID) : null;
    const shared = sharedList();
    hint.textContent = shared
      ? t("web.catalogue.hint.shared", { name: shared.name, owner: shared.owner })
      : name ? t("web.catalogue.hint", { name }) : t("web.catalogue.hint.noList");
    paintEmpty();
    paintWindow(true);
  }

  function paintConflicts() {
    const open = (store.conflicts() ?? []).filter((c) => c.target?.kind === "catalogueItem");
    const ids = open.map((c) => `${c.id}:${c.message}`).join(" ");
    if (conflictBox.dataset.ids === ids) return;
    conflictBox.dataset.ids = ids;
    conflictBox.replaceChildren(...open.map((c) => conflictRow(c)));
  }

  let starter = null;
  function paintEmpty() {
    const total = store.catalogue().items.length;
    empty.hidden = shown.length > 0;
    if (shown.length > 0) return;
    if (total === 0) {
      // The first run: the starter set of common groceries, one tap to add (starter.js).
      starter ??= starterOffer({ alive });
      empty.replaceChildren(h("p", { text: t("web.catalogue.empty") }),
        h("button", { type: "button", class: "plain-button", text: t("web.catalogue.empty.add"), onclick: () => shell.go(shopPaths.newItem()) }),
        starter);
    } else {
      const text = search.value.trim();
      empty.replaceChildren(h("p", { text: t("web.catalogue.noMatch", { query: text }) }),
        h("button", {
          type: "button", class: "plain-button", "data-testid": "add-from-search", text: t("web.catalogue.addFromSearch", { query: text }),
          onclick: () => shell.go(shopPaths.newItem(text)),
        }));
    }
  }

  /** Only the put-on/take-off state changed: update the rendered rows in place. */
  function paintChecks() {
    if (!alive()) return;
    onList = listID && !sharedList() ? itemsOnList() : new Map();
    for (const node of nodes.values()) {
      if (node._item) updateRow(node, Number(node.getAttribute("aria-posinset")), onList.has(node._item.id));
    }
  }

  // MARK: Input

  let announceTimer = 0;
  search.addEventListener("input", () => {
    savedSearch = search.value;
    query = fold(search.value);
    filter();
    paintEmpty();
    // Show the results from the top, with the search field where it is.
    const rect = list.getBoundingClientRect();
    const toolbarBottom = toolbar.getBoundingClientRect().bottom;
    if (rect.top < toolbarBottom) window.scrollBy(0, rect.top - toolbarBottom);
    paintWindow(true);
    list.dispatchEvent(new CustomEvent("catalogue-rendered", { detail: { query, count: shown.length } }));
    clearTimeout(announceTimer);
    announceTimer = setTimeout(() => {
      announce(query ? t("web.catalogue.found", { count: shown.length }) : t("web.catalogue.all"));
    }, 600);
  });
  search.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" && entries.length > 0) {
      event.preventDefault();
      focusEntry(entries[0].id === undefined ? 1 : 0, "catalogue-toggle");
    }
  });

  list.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    const row = button?.closest("[data-item-id]");
    if (!row) return;
    const item = row._item;
    if (button.dataset.testid === "edit-catalogue-item") {
      shell.go(shopPaths.editItem(item.id));
      return;
    }
    if (!listID) {
      toast(t("web.catalogue.noList"));
      return;
    }
    if (sharedList()) {
      toast(hint.textContent);
      return;
    }
    const on = !onList.has(item.id);
    try {
      if (on) store.putOnList(listID, item.id);
      else store.takeOffList(listID, item.id);
    } catch (error) {
      toast(error.message, { kind: "error" });
      return;
    }
    announce(on ? t("web.catalogue.putOn", { name: item.name }) : t("web.catalogue.takenOff", { name: item.name }));
  });

  // Arrow keys move between rows (Tab reaches the rows near the viewport; these reach them all).
  list.addEventListener("keydown", (event) => {
    const row = event.target.closest?.("[data-index]");
    if (!row) return;
    const i = Number(row.dataset.index);
    let target = -1;
    if (event.key === "ArrowDown") target = nextItem(i, 1);
    else if (event.key === "ArrowUp") target = nextItem(i, -1);
    else if (event.key === "Home") target = nextItem(-1, 1);
    else if (event.key === "End") target = nextItem(entries.length, -1);
    else return;
    event.preventDefault();
    if (target < 0) {
      if (event.key === "ArrowUp") search.focus();
      return;
    }
    focusEntry(target, event.target.dataset.testid || "catalogue-toggle");
  });

  function nextItem(from, step) {
    for (let i = from + step; i >= 0 && i < entries.length; i += step) if (entries[i].id !== undefined) return i;
    return -1;
  }

  function focusEntry(i, testid) {
    if (i < rendered.first || i > rendered.last) {
      const listTop = list.getBoundingClientRect().top + window.scrollY;
      window.scrollTo(0, listTop + offsets[i] - innerHeight / 2);
    }
    paintWindow();
    const node = nodes.get(keyOf(entries[i]));
    node?.querySelector(`[data-testid="${testid}"]`)?.focus();
  }

  const onScroll = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      paintWindow();
    });
  };
  window.addEventListener("scroll", onScroll, { passive: true });
  window.addEventListener("resize", onScroll, { passive: true });

  // MARK: Loading

  /** What the store says changed: the catalogue repaints the rows, the list only their checks. */
  const stop = store.subscribe((topics) => {
    if (!alive()) return;
    if (topics.has("shoppingLists") && !listID) listID = resolveCurrentList()?.id ?? null;
    if (topics.has("catalogue")) {
      paint();
      return;
    }
    if (topics.has("outbox")) paintConflicts();
    for (const topic of topics) {
      if (listID && topic.startsWith("shoppingList:") && sameID(topic.slice(13), listID)) {
        paintChecks();
        return;
      }
    }
  });

  /** Catches the catalogue and the current list up with the server (painted from the store first). */
  async function refresh() {
    try {
      if (!listID) {
        if (!store.shoppingLists()) await store.loadShoppingLists();
        listID = resolveCurrentList()?.id ?? null;
      }
      await Promise.all([
        store.loadCatalogue(),
        listID ? store.loadShoppingList(listID).catch((error) => {
          if (error?.status !== 404) throw error;
          listID = null;
        }) : null,
      ]);
      if (!alive()) return;
      if (!layout.isConnected) paint();
      else paintChecks();
    } catch (error) {
      if (!alive()) return;
      if (store.catalogue()) {
        if (!layout.isConnected) paint();
        return; // shown from the store; the banner says offline
      }
      if (isOffline(error)) main().replaceChildren(segmented, notOffline());
      else shell.showLoadError(error, () => shell.render({ direction: "none" }));
    }
  }

  let ready;
  if (store.catalogue()) {
    paint();
    ready = Promise.resolve();
    refresh();
  } else {
    const cancel = shell.showLoadingSoon(alive);
    ready = refresh().finally(cancel);
  }
  // Search keys for every name, computed while the user looks at the first rows.
  const idle = window.requestIdleCallback ?? ((f) => setTimeout(f, 50));
  const cancelIdle = window.cancelIdleCallback ?? clearTimeout;
  const keying = idle(() => {
    for (const item of store.catalogue()?.items ?? []) searchKey(item);
  });

  return {
    ready,
    refresh,
    /** The store tells this screen what changed (live changes included). */
    wants: () => false,
    /** After the app restored a scroll position (going Back): the rows there. */
    layout: () => paintWindow(),
    dispose() {
      stop?.();
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
      cancelAnimationFrame(frame);
      cancelIdle(keying);
      clearTimeout(announceTimer);
    },
  };
}
