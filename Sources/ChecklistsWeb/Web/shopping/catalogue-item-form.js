// Add Item and Edit Item for the catalogue: name, price, unit and category. Done saves through
// the client store: the item shows at once (also offline), marked as waiting, and is sent when
// the connection is back. What the store knows the server would refuse (an empty or too long
// name) shows under its field and nothing is queued; what only the server can judge (a price is
// read in the page's language: "1.99", "1,99", "€1.99") comes back as a conflict on the item's
// row if it refuses it. An edit made while someone else changed the item is shown there too.
//
// data-testid hooks: catalogue-item-form, item-name-input, item-price-input, item-unit-input,
// item-category-input, name-error, price-error, unit-error, category-error, form-error,
// delete-catalogue-item-button, done, cancel; price-history (price-chart.js) on Edit Item.

import { main, shell } from "/shell.js";
import { store } from "/data/store.js";
import { announce, confirmDialog, h, navButton, setNav, toast } from "/views.js";
import { t } from "/messages.js";
import { shopPaths } from "/shopping/shopping-routes.js";
import { amountText, currencySymbol, isOffline, notOffline, sameID } from "/shopping/shopping-views.js";
import { priceHistory } from "/shopping/price-chart.js";

/** The field an error is about, from its status and message. */
function fieldOf(error) {
  const text = `${error.detail ?? error.message} ${error.title ?? ""}`.toLowerCase();
  if (error.status === 409) return "name";
  if (/price|amount|currenc|number|decimal|negative/.test(text)) return "price";
  if (/\bunit\b/.test(text)) return "unit";
  if (/categor/.test(text)) return "category";
  // A name another item has: "The catalogue already has an item called 'Bread'." (a 409).
  if (/name|already|called/.test(text)) return "name";
  return "form";
}

export function itemFormScreen({ route, alive }) {
  const id = route.id;
  const isNew = !id;
  const form = h("form", { class: "form", id: "catalogue-item-form", "data-testid": "catalogue-item-form", novalidate: true });
  const done = h("button", {
    type: "submit", form: "catalogue-item-form", class: "nav-button strong", "data-testid": "done", text: t("web.action.done"), disabled: true,
  });
  setNav({ left: [navButton(t("web.action.cancel"), "cancel", () => shell.up())], title: isNew ? t("web.catalogueItem.addTitle") : t("web.catalogueItem.editTitle"), right: [done] });

  const currency = store.catalogue()?.currency;
  const fields = {
    name: field("name", t("web.catalogueItem.name"), { placeholder: t("web.catalogueItem.name.placeholder"), maxlength: 200, "data-autofocus": "" }),
    price: field("price", t("web.catalogueItem.price"), { placeholder: t("web.catalogueItem.price.placeholder"), inputmode: "decimal", maxlength: 40 }),
    unit: field("unit", t("web.catalogueItem.unit"), { placeholder: t("web.catalogueItem.unit.placeholder"), maxlength: 60 }),
    category: field("category", t("web.catalogueItem.category"), { placeholder: t("web.catalogueItem.category.placeholder"), maxlength: 60, list: "category-options" }),
  };
  const formError = h("p", { class: "form-error", id: "item-form-error", role: "alert", "data-testid": "form-error" });
  const categories = h("datalist", { id: "category-options" });
  let original = null;
  let saving = false;

  function field(name, label, attrs) {
    const input = h("input", {
      type: "text", id: `item-${name}`, class: "text-field", autocomplete: "off", enterkeyhint: "done",
      "aria-describedby": `item-${name}-error`, "data-testid": `item-${name}-input`, ...attrs,
    });
    const error = h("p", { class: "field-error", id: `item-${name}-error`, role: "alert", "data-testid": `${name}-error` });
    const row = h("li", { class: "row field-row labelled" },
      h("label", { class: "row-label field-label", for: `item-${name}`, text: label }),
      name === "price" && currency ? h("span", { class: "currency", "aria-hidden": "true", text: currencySymbol(currency) }) : null,
      input);
    input.addEventListener("input", () => {
      error.textContent = "";
      formError.textContent = "";
      update();
    });
    return { input, error, row };
  }

  function update() {
    done.disabled = saving || fields.name.input.value.trim().length === 0;
    for (const f of Object.values(fields)) f.input.setAttribute("aria-invalid", String(!!f.error.textContent));
  }

  function showError(error) {
    const where = fieldOf(error);
    const message = error.detail || error.message;
    const target = fields[where];
    if (target) {
      target.error.textContent = message;
      update();
      target.input.focus();
    } else {
      formError.textContent = message;
      update();
    }
  }

  const value = (name) => fields[name].input.value.trim();
  const changesFrom = (base) => {
    const changes = {};
    if (value("name") !== base.name) changes.name = value("name");
    if (value("price") !== amountText(base.price)) changes.price = value("price") || null;
    if (value("unit") !== (base.unit ?? "")) changes.unit = value("unit") || null;
    if (value("category") !== (base.category ?? "")) changes.category = value("category") || null;
    return changes;
  };

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (done.disabled || saving) return;
    for (const f of Object.values(fields)) f.error.textContent = "";
    formError.textContent = "";
    const known = new Set((store.conflicts() ?? []).map((c) => c.id));
    try {
      if (isNew) {
        const body = { name: value("name") };
        if (value("price")) body.price = value("price");
        if (value("unit")) body.unit = value("unit");
        if (value("category")) body.category = value("category");
        store.createCatalogueItem(body);
        announce(t("web.catalogueItem.added", { name: body.name }));
      } else {
        const changes = changesFrom(original);
        // Made on the revision the form opened on: a change elsewhere meanwhile is merged field
        // by field, and a field both changed is shown on the item's row.
        if (Object.keys(changes).length > 0) store.updateCatalogueItem(id, changes, { base: original.revision });
        announce(t("web.catalogueItem.saved", { name: value("name") }));
      }
    } catch (error) {
      showError(error);
      return;
    }
    saving = true;
    update();
    const refused = await answer(known);
    if (!alive()) return;
    if (refused) {
      // Not kept: the server's words under the field, what was typed stays, and nothing changed.
      store.resolve(refused.id, "dismiss");
      saving = false;
      showError({ detail: refused.message, status: refused.status });
      return;
    }
    shell.up();
  });

  /**
   * Online, the server's answer to what Done queued: a refusal (a price it can't read, a name
   * another item has) comes back as a "refused" conflict, shown on the form rather than on a row.
   * Offline, or once everything is sent, or if the answer takes long, resolves to null at once
   * (the item shows as waiting on Items, and any conflict there).
   */
  function answer(known) {
    return new Promise((resolve) => {
      let stop = null;
      let timer = 0;
      const check = () => {
        const fresh = (store.conflicts() ?? []).find((c) => !known.has(c.id) && c.target?.kind === "catalogueItem");
        if (fresh && fresh.kind !== "refused") return finish(null);
        if (fresh) return finish(fresh);
        if (!store.online || store.pendingCount() === 0) return finish(null);
        return false;
      };
      const finish = (value) => {
        stop?.();
        clearTimeout(timer);
        resolve(value);
        return true;
      };
      if (check()) return;
      stop = store.subscribe(() => check());
      timer = setTimeout(() => finish(null), 8000);
    });
  }

  /**
   * The user's own lists that have the item on them: from the lists kept on this device, with
   * the contents not kept yet loaded first while online (offline, what is kept).
   */
  async function listsWith(itemID) {
    // Only the user's own lists can hold their items (a shared list holds its owner's).
    const lists = (store.shoppingLists() || []).filter((l) => l.entryCount > 0 && !l.owner);
    if (store.online) {
      await Promise.all(lists.filter((l) => !store.shoppingList(l.id)).map((l) => store.loadShoppingList(l.id).catch(() => null)));
    }
    return lists.filter((l) => store.shoppingList(l.id)?.lines.some((line) => sameID(line.item.id, itemID)));
  }

  async function deleteItem() {
    const current = store.catalogue()?.byId.get(id) ?? original;
    const lists = await listsWith(id);
    if (!alive()) return;
    const names = lists.map((l) => t("web.catalogueItem.delete.listName", { name: l.name })).join(t("common.list.separator"));
    const ok = await confirmDialog({
      title: t("web.catalogueItem.delete.title", { name: current.name }),
      message: lists.length > 0
        ? t("web.catalogueItem.delete.messageLists", { count: lists.length, lists: names })
        : t("web.catalogueItem.delete.message"),
      confirm: t("web.action.delete"),
    });
    if (!ok || !alive()) return;
    try {
      store.deleteCatalogueItem(id);
    } catch (error) {
      formError.textContent = error.message;
      return;
    }
    toast(lists.length > 0
      ? t("web.catalogueItem.deleted.toastLists", { name: current.name, count: lists.length })
      : t("web.catalogueItem.deleted.toast", { name: current.name }));
    announce(t("web.catalogueItem.deleted", { name: current.name }));
    saving = true;
    if (alive()) shell.up();
  }

  async function start() {
    if (isNew) {
      fields.name.input.value = new URLSearchParams(location.search).get("name") ?? "";
    } else {
      original = store.catalogue()?.byId.get(id) ?? null;
      if (!original) {
        try {
          await store.loadCatalogue();
          original = store.catalogue()?.byId.get(id) ?? null;
          if (!original) throw Object.assign(new Error(t("web.catalogueItem.notFound")), { status: 404, detail: t("web.catalogueItem.notFound") });
        } catch (e) {
          if (!alive()) return;
          if (isOffline(e)) main().replaceChildren(notOffline());
          else shell.showLoadFailure(e, t("web.catalogueItem.notFound"));
          return;
        }
      }
      if (!alive()) return;
      fields.name.input.value = original.name;
      fields.price.input.value = amountText(original.price);
      fields.unit.input.value = original.unit ?? "";
      fields.category.input.value = original.category ?? "";
    }
    const known = new Set((store.catalogue()?.items ?? []).map((i) => i.category).filter(Boolean));
    categories.replaceChildren(...[...known].sort().slice(0, 200).map((c) => h("option", { value: c })));
    const groups = [
      h("ul", { class: "group" }, fields.name.row), fields.name.error,
      h("ul", { class: "group" }, fields.price.row, fields.unit.row, fields.category.row),
      fields.price.error, fields.unit.error, fields.category.error, formError, categories,
    ];
    if (!isNew) {
      // Its prices over time (read from the server; hidden offline).
      // Not for an item this device made and has not sent yet: the server has no history of it.
      if (!original._pending) groups.push(priceHistory(id).section);
      groups.push(h("ul", { class: "group" }, h("li", { class: "row" },
        h("button", {
          type: "button", class: "row-main destructive centered", "data-testid": "delete-catalogue-item-button",
          text: t("web.catalogueItem.delete"), onclick: deleteItem,
        }))));
    }
    form.replaceChildren(...groups);
    main().replaceChildren(form);
    update();
  }
  return { ready: start(), dispose() {} };
}

