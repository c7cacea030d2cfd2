// Add Item and Edit Item for the catalogue: name, price, unit and category. The server checks
// every field (a price is read in the page's language: "1.99", "1,99", "€1.99"); its
// problem+json message shows under the field it is about, and nothing is saved.
//
// data-testid hooks: catalogue-item-form, item-name-input, item-price-input, item-unit-input,
// item-category-input, name-error, price-error, unit-error, category-error, form-error,
// delete-catalogue-item-button, done, cancel.

import { revisionOf } from "/api.js";
import { shopApi } from "/shopping-api.js";
import { main, shell } from "/shell.js";
import { announce, confirmDialog, h, navButton, setNav, toast } from "/views.js";
import { shopPaths } from "/shopping/shopping-routes.js";
import { dropLine, loadContents, loadLists, putCatalogueItem, shop } from "/shopping-store.js";
import { amountText, currencySymbol } from "/shopping/shopping-views.js";
import { FieldConflicts, placeAfter, quoted, staleConflicts } from "/conflicts.js";

/** The field a problem+json answer is about, from its status and message. */
function fieldOf(error) {
  const text = `${error.detail} ${error.title}`.toLowerCase();
  if (error.status === 409) return "name";
  if (/price|amount|currenc|number|decimal|negative/.test(text)) return "price";
  if (/\bunit\b/.test(text)) return "unit";
  if (/categor/.test(text)) return "category";
  if (/name/.test(text)) return "name";
  return "form";
}

export function itemFormScreen({ route, alive }) {
  const id = route.id;
  const isNew = !id;
  const form = h("form", { class: "form", id: "catalogue-item-form", "data-testid": "catalogue-item-form", novalidate: true });
  const done = h("button", {
    type: "submit", form: "catalogue-item-form", class: "nav-button strong", "data-testid": "done", text: "Done", disabled: true,
  });
  setNav({ left: [navButton("Cancel", "cancel", () => shell.up())], title: isNew ? "Add Item" : "Edit Item", right: [done] });

  const currency = shop.catalogue?.currency;
  const fields = {
    name: field("name", "Name", { placeholder: "Name of the Item", maxlength: 200, "data-autofocus": "" }),
    price: field("price", "Price", { placeholder: "0.00", inputmode: "decimal", maxlength: 40 }),
    unit: field("unit", "Unit", { placeholder: "e.g. 500 g, 6 pack", maxlength: 60 }),
    category: field("category", "Category", { placeholder: "e.g. Dairy, Aisle 4", maxlength: 60, list: "category-options" }),
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
    const where = error.isNetwork ? "form" : fieldOf(error);
    const message = error.isNetwork ? "Can’t reach the server. Try again." : error.detail || error.message;
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
  const NAMES = ["name", "price", "unit", "category"];
  /** A catalogue item in the form's terms: the texts its fields show. */
  const asForm = (item) => ({
    name: item.name, price: amountText(item.price), unit: item.unit ?? "", category: item.category ?? "",
  });
  const changesFrom = (base) => {
    const changes = {};
    if (value("name") !== base.name) changes.name = value("name");
    if (value("price") !== amountText(base.price)) changes.price = value("price") || null;
    if (value("unit") !== (base.unit ?? "")) changes.unit = value("unit") || null;
    if (value("category") !== (base.category ?? "")) changes.category = value("category") || null;
    return changes;
  };
  const LABELS = { name: "Name", price: "Price", unit: "Unit", category: "Category" };
  const conflicts = new FieldConflicts({
    place: (name, panel) => placeAfter(fields[name].row.parentElement, panel),
    take: (name, text) => {
      fields[name].input.value = text;
      update();
    },
    resend: () => form.requestSubmit(),
    label: (name) => LABELS[name],
    describe: (_, text) => quoted(text),
    focusField: (name) => fields[name].input.focus(),
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (done.disabled || saving) return;
    for (const f of Object.values(fields)) f.error.textContent = "";
    formError.textContent = "";
    saving = true;
    update();
    try {
      let saved;
      if (isNew) {
        const body = { name: value("name") };
        if (value("price")) body.price = value("price");
        if (value("unit")) body.unit = value("unit");
        if (value("category")) body.category = value("category");
        saved = await shopApi.addItem(body);
      } else {
        // Done saves what the form shows, over any conflict still open.
        conflicts.clear();
        let changes = changesFrom(original);
        saved = original;
        for (let attempt = 0; Object.keys(changes).length > 0 && attempt < 3; attempt++) {
          try {
            saved = await shopApi.updateItem(id, changes, original.revision);
            break;
          } catch (e) {
            if (e.status !== 412) throw e;
            // Changed elsewhere meanwhile: what only they changed is taken, what only this form
            // changed is sent again, and what both changed is shown for the person to choose.
            const mine = Object.fromEntries(NAMES.map((name) => [name, value(name)]));
            const stale = await staleConflicts(e, {
              base: asForm(original), mine, fields: Object.keys(changes), read: asForm, load: () => shopApi.item(id),
            });
            if (!alive()) return;
            for (const name of NAMES) {
              if (!(name in changes)) conflicts.take(name, stale.theirs[name]);
            }
            original = { ...stale.current, revision: stale.revision ?? stale.current.revision };
            saved = original;
            putCatalogueItem(original.id, original);
            if (stale.conflicts.length > 0) {
              saving = false;
              update();
              conflicts.show(stale.conflicts);
              return;
            }
            changes = changesFrom(original);
          }
        }
      }
      shell.setOnline(true);
      putCatalogueItem(saved.id, saved);
      announce(isNew ? `Added ${saved.name}.` : `Saved ${saved.name}.`);
      if (alive()) shell.up();
    } catch (error) {
      saving = false;
      if (!alive()) return;
      shell.noteError(error);
      if (error.status === 404) {
        putCatalogueItem(id, null);
        toast("This item was deleted elsewhere.");
        shell.up();
        return;
      }
      showError(error);
    }
  });

  /** The lists an item is on (loading the lists' contents that are not loaded yet). */
  async function listsWith(itemID) {
    await loadLists();
    // Only the user's own lists can hold their items (a shared list holds its owner's).
    const lists = (shop.lists || []).filter((l) => l.entryCount > 0 && !l.owner);
    await Promise.all(lists.map((l) => loadContents(l.id).catch(() => false)));
    return lists.filter((l) => shop.contents.get(l.id)?.lines.some((line) => line.item.id === itemID));
  }

  async function deleteItem() {
    let lists = [];
    try {
      lists = await listsWith(id);
    } catch (error) {
      shell.noteError(error);
    }
    const names = lists.map((l) => `“${l.name}”`).join(", ");
    const ok = await confirmDialog({
      title: `Delete “${original.name}”?`,
      message: lists.length > 0
        ? `It is also removed from ${lists.length === 1 ? "1 list" : `${lists.length} lists`}: ${names}. This can’t be undone.`
        : "It is removed from your items. This can’t be undone.",
      confirm: "Delete",
    });
    if (!ok || !alive()) return;
    try {
      let result;
      try {
        result = await shopApi.deleteItem(id, original.revision);
      } catch (e) {
        if (e.status !== 412) throw e;
        // Renamed or repriced elsewhere since it was opened: ask again, naming what it is now.
        const current = e.body?.current ?? (await shopApi.item(id));
        original = current;
        putCatalogueItem(current.id, current);
        const again = await confirmDialog({
          title: `Delete “${current.name}”?`,
          message: `It was changed elsewhere while this form was open: it is now “${current.name}”${current.price ? `, ${current.price.formatted ?? amountText(current.price)}` : ""}. This can’t be undone.`,
          confirm: "Delete",
        });
        if (!again || !alive()) return;
        result = await shopApi.deleteItem(id, current.revision ?? revisionOf(e.etag));
      }
      shell.setOnline(true);
      putCatalogueItem(id, null);
      for (const listID of shop.contents.keys()) dropLine(listID, id);
      shop.listsETag = null;
      const removed = result?.removedFromLists ?? 0;
      toast(removed > 0
        ? `Deleted “${original.name}” and took it off ${removed === 1 ? "1 list" : `${removed} lists`}.`
        : `Deleted “${original.name}”.`);
      announce(`Deleted ${original.name}.`);
      if (alive()) shell.up();
    } catch (error) {
      if (error.status === 404) {
        putCatalogueItem(id, null);
        if (alive()) shell.up();
        return;
      }
      shell.noteError(error);
      formError.textContent = error.isNetwork ? "Can’t reach the server. The item was not deleted." : error.detail;
    }
  }

  async function start() {
    if (isNew) {
      fields.name.input.value = new URLSearchParams(location.search).get("name") ?? "";
    } else {
      original = shop.catalogue?.byId.get(id) ?? null;
      if (!original) {
        try {
          original = await shopApi.item(id);
        } catch (e) {
          if (!alive()) return;
          shell.showLoadFailure(e, "This item doesn’t exist.");
          return;
        }
      }
      if (!alive()) return;
      fields.name.input.value = original.name;
      fields.price.input.value = amountText(original.price);
      fields.unit.input.value = original.unit ?? "";
      fields.category.input.value = original.category ?? "";
    }
    const known = new Set((shop.catalogue?.items ?? []).map((i) => i.category).filter(Boolean));
    categories.replaceChildren(...[...known].sort().slice(0, 200).map((c) => h("option", { value: c })));
    const groups = [
      h("ul", { class: "group" }, fields.name.row), fields.name.error,
      h("ul", { class: "group" }, fields.price.row, fields.unit.row, fields.category.row),
      fields.price.error, fields.unit.error, fields.category.error, formError, categories,
    ];
    if (!isNew) {
      groups.push(h("ul", { class: "group" }, h("li", { class: "row" },
        h("button", {
          type: "button", class: "row-main destructive centered", "data-testid": "delete-catalogue-item-button",
          text: "Delete Item", onclick: deleteItem,
        }))));
    }
    form.replaceChildren(...groups);
    main().replaceChildren(form);
    update();
  }
  return { ready: start(), dispose() {} };
}

