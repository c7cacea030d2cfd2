// The first run: an empty Items screen offers a starter set of common groceries (with their
// categories, no prices) to tick and add, or all at once with one tap; the empty Shopping tab
// says what Items is for, so nobody keeps groceries as a checklist by mistake.
//
// data-testid hooks: starter (the offer), starter-add-all, starter-add-selected, starter-item
// (data-name; a checkbox), starter-category; first-run-hint.
//
// The set comes from GET /api/v1/catalogue/starter (in the page's language). Adding goes through
// the store: online as one POST /api/v1/catalogue/starter (one transaction, safe to repeat:
// it adds by name), after which the catalogue is read again; offline each name is queued in the
// outbox as a new catalogue item (with its category) and shows at once.

import { store } from "/data/store.js";
import { announce, h, toast } from "/views.js";
import { t } from "/messages.js";

/** The starter set as last read: {language, items: [{name, category, inCatalogue}]}. */
let starterLoad = null;
function loadStarter() {
  starterLoad ??= store.starterSet().catch((error) => {
    starterLoad = null; // offline: again next time
    throw error;
  });
  return starterLoad;
}

/** Adds these starter items ({name, category}) to the catalogue; resolves once they show. */
export async function addStarterItems(items) {
  if (items.length === 0) return 0;
  if (store.online) {
    try {
      const answer = await store.addStarterSet(items.map((i) => i.name));
      await store.loadCatalogue({ force: true });
      return answer?.added?.length ?? items.length;
    } catch (error) {
      if (!error?.isNetwork) throw error;
      // Went offline meanwhile: queue them instead.
    }
  }
  for (const item of items) store.createCatalogueItem({ name: item.name, category: item.category ?? undefined });
  return items.length;
}

/**
 * The starter offer for an empty catalogue: a heading, "Add All", and the set grouped by
 * category with a checkbox each and "Add Selected". Null (nothing shown) offline or when the
 * server has no starter set.
 */
export function starterOffer({ alive }) {
  const box = h("section", { class: "starter", "aria-labelledby": "starter-heading", "data-testid": "starter", hidden: true });
  const selected = new Set();
  let items = [];

  const addAll = h("button", { type: "button", class: "plain-button strong-button", "data-testid": "starter-add-all", text: t("web.starter.addAll") });
  const addSelected = h("button", {
    type: "button", class: "plain-button", "data-testid": "starter-add-selected", text: t("web.starter.addSelected"), disabled: true,
  });

  const update = () => {
    addSelected.disabled = selected.size === 0;
    addSelected.textContent = selected.size === 0 ? t("web.starter.addSelected") : t("web.starter.addSelectedCount", { count: selected.size });
  };

  async function add(chosen) {
    addAll.disabled = true;
    addSelected.disabled = true;
    try {
      const count = await addStarterItems(chosen);
      announce(t("web.starter.added", { count }));
      toast(t("web.starter.added.toast", { count }));
    } catch (error) {
      toast(error.detail || error.message, { kind: "error" });
      addAll.disabled = false;
      update();
    }
  }
  addAll.addEventListener("click", () => add(items.filter((i) => !i.inCatalogue)));
  addSelected.addEventListener("click", () => add(items.filter((i) => selected.has(i.name))));

  loadStarter().then((answer) => {
    if (!alive()) return;
    items = (answer?.items ?? []).filter((i) => !i.inCatalogue);
    if (items.length === 0) return;
    const byCategory = new Map();
    for (const item of items) {
      const key = item.category || t("web.shopping.aisle.other");
      if (!byCategory.has(key)) byCategory.set(key, []);
      byCategory.get(key).push(item);
    }
    let n = 0;
    const groups = [...byCategory].map(([category, members]) => h("fieldset", { class: "starter-group", "data-testid": "starter-category" },
      h("legend", { class: "starter-category", text: category }),
      h("ul", { class: "group starter-items" }, ...members.map((item) => {
        const id = `starter-item-${n++}`;
        const check = h("input", { type: "checkbox", id, class: "starter-check", "data-testid": "starter-item", "data-name": item.name });
        check.addEventListener("change", () => {
          if (check.checked) selected.add(item.name);
          else selected.delete(item.name);
          update();
        });
        return h("li", { class: "row starter-row" }, check, h("label", { for: id, class: "starter-name", text: item.name }));
      }))));
    box.replaceChildren(
      h("h2", { class: "starter-heading", id: "starter-heading", text: t("web.starter.title") }),
      h("p", { class: "starter-text", text: t("web.starter.text", { count: items.length }) }),
      h("div", { class: "starter-actions" }, addAll, addSelected),
      ...groups);
    box.hidden = false;
  }, () => {});
  return box;
}

/** The first-run hint on the empty Shopping tab. */
export function firstRunHint() {
  return h("p", {
    class: "first-run-hint", "data-testid": "first-run-hint",
    text: t("web.starter.firstRunHint"),
  });
}
