// The Shopping List's shop picker: "Shop: Aldi ▾" in the list's toolbar, a menu of the user's
// shops (the one picked is remembered per list, PUT …/shop), "New shop…" (a small sheet with a
// name) and "Edit order…" (the section order sheet, shop-sections.js). Every choice is an edit
// of the client store, so it shows at once and is sent when the server can be reached.
//
// On a list someone shared with the user the shops are the owner's: someone who may check
// things off picks among them (GET /shops?list=, online), and only the owner makes shops or
// sets their order; a viewer reads the shop picked as text.
//
// data-testid hooks: shop-toolbar, shop-picker (the menu button, aria-expanded), shop-name,
// shop-menu (role=menu), shop-option (role=menuitemradio, data-shop-id, aria-checked; "No shop"
// has data-shop-id=""), new-shop, edit-order; shop-static (a shared list's shop);
// new-shop-sheet, new-shop-input, new-shop-error, new-shop-add, new-shop-cancel.

import { store } from "/data/store.js";
import { announce, h, presentSheet, toast } from "/views.js";
import { t } from "/messages.js";
import { openSectionOrder } from "/shopping/shop-sections.js";

let menuCount = 0;

/**
 * - Parameters: `listID()` (the list shown).
 * - Returns: `{element, update(contents, may), close(), dispose()}`; `update` draws the picker
 *   for the list's contents as shown and what the role allows (`may.check`, `may.shared`).
 */
export function shopPicker({ listID }) {
  const menuID = `shop-menu-${++menuCount}`;
  const name = h("span", { class: "shop-picker-name", "data-testid": "shop-name" });
  const button = h("button", {
    type: "button", class: "shop-picker", "data-testid": "shop-picker", "aria-haspopup": "menu",
    "aria-expanded": "false", "aria-controls": menuID,
  }, h("span", { class: "shop-picker-label", text: t("web.shopPicker.label") }), " ", name,
  h("span", { class: "glyph glyph-down shop-picker-chevron", "aria-hidden": "true" }));
  const menu = h("div", { class: "shop-menu", id: menuID, role: "menu", "aria-label": t("web.shopPicker.menu"), "data-testid": "shop-menu", hidden: true });
  const staticText = h("p", { class: "shop-static", "data-testid": "shop-static", hidden: true });
  const element = h("div", { class: "shop-toolbar", "data-testid": "shop-toolbar" }, button, staticText, menu);
  let shown = null; // the contents' shop as last drawn
  let shared = false; // a list someone shared: the owner's shops
  let stopLoad = false;

  /** The shop picked for the list (as shown: an unsent pick included). */
  const current = () => store.shoppingList(listID())?.shop ?? null;

  function update(contents, may) {
    shown = contents?.shop ?? null;
    const label = shown ? shown.name || t("web.shopPicker.newShopName") : t("web.shopPicker.none");
    shared = may.shared;
    if (may.shared && !may.check) {
      button.hidden = true;
      close();
      staticText.hidden = !shown;
      staticText.textContent = shown ? t("web.shopPicker.static", { shop: label }) : "";
      return;
    }
    staticText.hidden = true;
    button.hidden = !may.check;
    if (name.textContent !== label) name.textContent = label;
    button.setAttribute("aria-label", t("web.shopPicker.button.label", { shop: label }));
    if (!menu.hidden) fill();
  }

  // MARK: The menu

  const items = () => [...menu.querySelectorAll("[role^=menuitem]")].filter((el) => !el.hidden);

  function option(shop) {
    const id = shop?.id ?? "";
    const checked = shown ? String(shown.id).toUpperCase() === String(id).toUpperCase() : id === "";
    const el = h("button", {
      type: "button", class: "shop-menu-item", role: "menuitemradio", "aria-checked": String(checked),
      tabindex: "-1", "data-testid": "shop-option", text: shop ? shop.name : t("web.shopPicker.noShop"),
    });
    el.dataset.shopId = id;
    return el;
  }

  function fill() {
    const shops = (shared ? store.listShops(listID()) : store.shops()) ?? (shown ? [shown] : []);
    const focused = document.activeElement;
    const focusKey = menu.contains(focused) ? focused.dataset.shopId ?? focused.dataset.testid : null;
    menu.replaceChildren(
      ...shops.map(option),
      option(null),
      ...(shared ? [] : [
        h("div", { class: "shop-menu-separator", role: "separator" }),
        h("button", { type: "button", class: "shop-menu-item", role: "menuitem", tabindex: "-1", "data-testid": "new-shop", text: t("web.shopPicker.newShop") }),
        h("button", {
          type: "button", class: "shop-menu-item", role: "menuitem", tabindex: "-1", "data-testid": "edit-order", text: t("web.shopPicker.editOrder"),
          "aria-disabled": shown ? "false" : "true",
        }),
      ]),
    );
    if (focusKey !== null) {
      const again = items().find((el) => (el.dataset.shopId ?? el.dataset.testid) === focusKey);
      again?.focus();
    }
  }

  function open() {
    fill();
    menu.hidden = false;
    button.setAttribute("aria-expanded", "true");
    (items().find((el) => el.getAttribute("aria-checked") === "true") ?? items()[0])?.focus();
    document.addEventListener("pointerdown", outside, true);
    // The shops as the server has them now (kept ones show meanwhile, offline too).
    const load = shared ? store.loadListShops(listID()) : store.loadShops({ force: true });
    load.then(() => {
      if (!stopLoad && !menu.hidden) fill();
    }, () => {});
  }

  function close({ focus = false } = {}) {
    if (menu.hidden) return;
    menu.hidden = true;
    button.setAttribute("aria-expanded", "false");
    document.removeEventListener("pointerdown", outside, true);
    if (focus && button.isConnected) button.focus();
  }

  const outside = (event) => {
    if (!element.contains(event.target)) close();
  };

  button.addEventListener("click", () => (menu.hidden ? open() : close({ focus: true })));
  button.addEventListener("keydown", (event) => {
    if ((event.key === "ArrowDown" || event.key === "ArrowUp") && menu.hidden) {
      event.preventDefault();
      open();
      if (event.key === "ArrowUp") items().at(-1)?.focus();
    }
  });

  menu.addEventListener("keydown", (event) => {
    const list = items();
    const at = list.indexOf(document.activeElement);
    let next = null;
    if (event.key === "ArrowDown") next = list[(at + 1) % list.length];
    else if (event.key === "ArrowUp") next = list[(at - 1 + list.length) % list.length];
    else if (event.key === "Home") next = list[0];
    else if (event.key === "End") next = list.at(-1);
    else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close({ focus: true });
      return;
    } else if (event.key === "Tab") {
      close();
      return;
    }
    if (next) {
      event.preventDefault();
      next.focus();
    }
  });
  menu.addEventListener("focusout", (event) => {
    if (!element.contains(event.relatedTarget) && event.relatedTarget) close();
  });

  menu.addEventListener("click", (event) => {
    const item = event.target.closest("[role^=menuitem]");
    if (!item || item.getAttribute("aria-disabled") === "true") return;
    const id = listID();
    if (item.dataset.testid === "new-shop") {
      close();
      openNewShop(id, button);
      return;
    }
    if (item.dataset.testid === "edit-order") {
      const shop = current();
      close();
      if (shop) openSectionOrder({ listID: id, shopID: shop.id, opener: button });
      return;
    }
    const shopID = item.dataset.shopId || null;
    close({ focus: true });
    const before = current();
    if (String(before?.id ?? "").toUpperCase() === String(shopID ?? "").toUpperCase()) return;
    try {
      store.pickShop(id, shopID);
      announce(shopID ? t("web.shopPicker.picked", { shop: item.textContent }) : t("web.shopPicker.unpicked"));
    } catch (error) {
      toast(error.message, { kind: "error" });
    }
  });

  return {
    element,
    update,
    close,
    dispose() {
      stopLoad = true;
      close();
    },
  };
}

/** "New shop…": a name, then the shop is made and picked for the list (both queued). */
export function openNewShop(listID, opener) {
  const title = h("h2", { class: "sheet-title", id: "new-shop-title", tabindex: "-1", text: t("web.newShop.title") });
  const cancel = h("button", { type: "button", class: "nav-button", "data-testid": "new-shop-cancel", text: t("web.action.cancel") });
  const add = h("button", { type: "submit", class: "nav-button strong", form: "new-shop-form", "data-testid": "new-shop-add", text: t("web.newShop.add") });
  const input = h("input", {
    type: "text", id: "new-shop-name", class: "text-field", placeholder: t("web.newShop.placeholder"), maxlength: 200,
    autocomplete: "off", autocapitalize: "words", enterkeyhint: "done", "aria-describedby": "new-shop-error",
    "data-testid": "new-shop-input",
  });
  const error = h("p", { class: "form-error sheet-error new-shop-error", id: "new-shop-error", role: "alert", "data-testid": "new-shop-error" });
  const form = h("form", { id: "new-shop-form", class: "new-shop-form", novalidate: true },
    h("div", { class: "group" },
      h("div", { class: "row field-row" }, h("label", { class: "vh", for: "new-shop-name", text: t("web.newShop.name") }), input)),
    error,
    h("p", { class: "sheet-intro", text: t("web.newShop.intro") }));
  const dialog = h("dialog", { class: "sheet new-shop-sheet", "aria-labelledby": "new-shop-title", "data-testid": "new-shop-sheet" },
    h("header", { class: "sheet-bar" }, cancel, title, add), h("div", { class: "sheet-body" }, form));
  const { close } = presentSheet({ dialog, done: cancel, title, opener });
  input.focus();

  input.addEventListener("input", () => {
    error.textContent = "";
    input.removeAttribute("aria-invalid");
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    try {
      const shopID = store.createShop(input.value);
      store.pickShop(listID, shopID);
      announce(t("web.shopPicker.picked", { shop: input.value.trim() }));
      close();
    } catch (problem) {
      error.textContent = problem.message;
      input.setAttribute("aria-invalid", "true");
      input.focus();
    }
  });
}
