// The desktop sidebar (app/layout.css): at 1024 px and wider, All Lists stays beside the open
// list, smart list, search or template screen. Phones never build it. It paints from the store
// like All Lists (offline too) and marks the list on show; a click opens a list in the main column.
//
// data-testid hooks: sidebar (the <aside>), sidebar-list (data-list-id; aria-current on the
// open one), sidebar-list-name, sidebar-list-subtitle, sidebar-all-lists.

import { h, iconEl } from "/views.js";
import { t } from "/messages.js";
import { store } from "/data/store.js";
import { paths } from "/checklists/checklist-paths.js";

export const WIDE = "(min-width: 1024px)";
/** The Checklists tab's screens shown beside the sidebar (All Lists itself is the main column there). */
const BESIDE = new Set(["list", "listForm", "icon", "itemForm", "smart", "search", "templates"]);

let wide = null;
let route = null;
let go = null;
let shownLists = null;
let shownCurrent = null;
let stop = null;

const aside = () => document.getElementById("sidebar");

/** Starts the sidebar: `navigate(path)` opens a path (the router's `go`). */
export function startSidebar(navigate) {
  go = navigate;
  wide = window.matchMedia(WIDE);
  wide.addEventListener("change", () => paint(true));
  aside().addEventListener("click", (event) => {
    const link = event.target.closest("a[href]");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (link.getAttribute("aria-current") !== "page") go(link.getAttribute("href"));
  });
}

/** Shows (or hides) the sidebar for the route being rendered. */
export function showSidebarFor(next) {
  route = next;
  paint(false);
}

function shown() {
  return !!wide?.matches && !!route && BESIDE.has(route.name);
}

function paint(force) {
  const element = aside();
  if (!element) return;
  const visible = shown();
  document.body.dataset.sidebar = visible ? "shown" : "hidden";
  element.hidden = !visible;
  if (!visible) {
    stop?.();
    stop = null;
    return;
  }
  if (!stop) {
    stop = store.subscribe((topics) => {
      if (topics.has("checklists")) paint(false);
    });
    store.loadChecklists().catch(() => undefined); // offline: what is kept shows
  }
  const lists = store.checklists();
  const current = route.name === "list" || route.name === "itemForm" ? (route.id ?? route.listID) : null;
  if (!force && lists === shownLists && current === shownCurrent && element.childElementCount > 0) return;
  shownLists = lists;
  shownCurrent = current;
  const rows = (lists ?? []).map((list) => h("li", { class: "sidebar-row" },
    h("a", {
      class: "sidebar-link", href: paths.list(list.id), "data-testid": "sidebar-list", "data-list-id": list.id,
      ...(list.id === current ? { "aria-current": "page" } : {}),
    },
    iconEl(list.icon),
    h("span", { class: "row-text" },
      h("span", { class: "list-name", "data-testid": "sidebar-list-name", text: list.name }),
      h("span", { class: "row-sub", "data-testid": "sidebar-list-subtitle", text: list.subtitle }))),
  ));
  element.replaceChildren(
    h("h2", { class: "sidebar-title" },
      h("a", { href: paths.lists(), class: "sidebar-all", "data-testid": "sidebar-all-lists", text: t("web.sidebar.title") })),
    lists && lists.length === 0
      ? h("p", { class: "sidebar-empty", text: t("web.sidebar.empty") })
      : h("ul", { class: "group sidebar-lists", "aria-label": t("web.sidebar.title") }, ...rows),
  );
}
