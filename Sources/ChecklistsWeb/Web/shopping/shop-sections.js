// "Edit order…": the sheet where a shop's sections are put in the order of the walk through
// it, by dragging a row's handle (pointer: mouse, pen, touch) or with its Move up / Move down
// buttons (keyboard and screen readers). Every move is saved at once as the whole order
// (PATCH /shops/{id} through the store's outbox: offline too), and the list under the sheet
// follows it.
//
// data-testid hooks: section-order-sheet, section-order-done, section-order (the <ul>),
// section-row (data-category), section-name, section-handle, section-up, section-down.

import { store } from "/data/store.js";
import { announce, h, presentSheet, toast } from "/views.js";
import { t } from "/messages.js";
import { moved, sectionOrder } from "/shopping/aisles.js";

let open = null;

/** The categories the sheet offers: the catalogue's and the list's, with the shop's sections. */
function knownCategories(listID) {
  const out = [];
  for (const item of store.catalogue()?.items ?? []) if (item.category) out.push(item.category);
  for (const line of store.shoppingList(listID)?.lines ?? []) if (line.item?.category) out.push(line.item.category);
  return out;
}

/** The shop as shown for the list (its unsent order included), or from the user's shops. */
function shopFor(listID, shopID) {
  const same = (shop) => shop && String(shop.id).toUpperCase() === String(shopID).toUpperCase();
  const onList = store.shoppingList(listID)?.shop;
  if (same(onList)) return onList;
  return store.shops()?.find(same) ?? null;
}

/**
 * Opens the section order sheet of `shopID`, the shop picked for `listID`.
 * - Returns: a promise that resolves when the sheet has closed.
 */
export function openSectionOrder({ listID, shopID, opener }) {
  open?.close();
  const shop = shopFor(listID, shopID);
  const title = h("h2", { class: "sheet-title", id: "section-order-title", tabindex: "-1", text: shop?.name ? t("web.sectionOrder.titleShop", { shop: shop.name }) : t("web.sectionOrder.title") });
  const done = h("button", { type: "button", class: "nav-button strong", "data-testid": "section-order-done", text: t("web.action.done") });
  const intro = h("p", {
    class: "sheet-intro",
    text: t("web.sectionOrder.intro"),
  });
  const ul = h("ul", { class: "group section-order", "aria-labelledby": "section-order-title", "data-testid": "section-order" });
  const empty = h("p", { class: "sheet-empty", text: t("web.sectionOrder.empty") });
  const dialog = h("dialog", { class: "sheet section-order-sheet", "aria-labelledby": "section-order-title", "data-testid": "section-order-sheet" },
    h("header", { class: "sheet-bar" }, h("span"), title, done), h("div", { class: "sheet-body" }, intro, empty, ul));

  let order = [];
  let dragging = false;

  function row(category, index, count) {
    const li = h("li", { class: "row section-row", "data-testid": "section-row" },
      h("span", { class: "drag-handle section-handle", "aria-hidden": "true", "data-testid": "section-handle", title: t("web.sectionOrder.handle") }),
      h("span", { class: "row-text section-name", "data-testid": "section-name", text: category }),
      h("button", {
        type: "button", class: "move-button move-up", "data-testid": "section-up", "aria-label": t("web.sectionOrder.up.label", { category }),
        "aria-disabled": String(index === 0),
      }),
      h("button", {
        type: "button", class: "move-button move-down", "data-testid": "section-down", "aria-label": t("web.sectionOrder.down.label", { category }),
        "aria-disabled": String(index === count - 1),
      }));
    li.dataset.category = category;
    return li;
  }

  /** Draws the order as the store shows it; the focus stays on the same category's button. */
  function paint() {
    if (dragging) return;
    const shown = shopFor(listID, shopID);
    order = sectionOrder(shown, knownCategories(listID));
    const focused = ul.contains(document.activeElement)
      ? { category: document.activeElement.closest("li")?.dataset.category, testid: document.activeElement.dataset.testid }
      : null;
    ul.replaceChildren(...order.map((category, i) => row(category, i, order.length)));
    ul.hidden = order.length === 0;
    empty.hidden = order.length > 0;
    if (focused) {
      const li = [...ul.children].find((el) => el.dataset.category === focused.category);
      let target = li?.querySelector(`[data-testid="${focused.testid}"]`);
      // At the top (or bottom) its arrow does nothing more: the other one keeps the focus.
      if (target?.getAttribute("aria-disabled") === "true") target = li.querySelector(".move-button:not([aria-disabled=true])");
      target?.focus({ preventScroll: true });
    }
    dialog.dataset.loaded = "true";
  }

  /** Saves `next` as the shop's order (one queued edit; quick moves are sent as one). */
  function save(next, category) {
    try {
      store.orderShop(shopID, next);
    } catch (error) {
      toast(error.message, { kind: "error" });
      return false;
    }
    const at = next.indexOf(category);
    announce(t("web.sectionOrder.moved", { category, position: at + 1, count: next.length }));
    return true;
  }

  ul.addEventListener("click", (event) => {
    const button = event.target.closest(".move-button");
    const li = button?.closest("li");
    if (!li || button.getAttribute("aria-disabled") === "true") return;
    const from = order.indexOf(li.dataset.category);
    const to = button.dataset.testid === "section-up" ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= order.length) return;
    const next = moved(order, from, to);
    if (save(next, li.dataset.category)) {
      order = next;
      paint();
    }
  });

  // Drag by the handle: the row follows the pointer; the drop saves the order the rows show.
  ul.addEventListener("pointerdown", (event) => {
    const handle = event.target.closest(".drag-handle");
    if (!handle || event.button > 0) return;
    const li = handle.closest("li");
    event.preventDefault();
    try {
      ul.setPointerCapture(event.pointerId);
    } catch {
      /* synthetic pointers may not be capturable; the window listeners still follow them */
    }
    const pointerId = event.pointerId;
    const startNext = li.nextElementSibling;
    const grab = event.clientY - li.getBoundingClientRect().top;
    let y = event.clientY;
    dragging = true;
    li.classList.add("dragging");
    ul.classList.add("reordering");
    const place = () => {
      li.style.transform = "";
      const rows = [...ul.children].filter((el) => el !== li);
      for (const other of rows) {
        const r = other.getBoundingClientRect();
        const below = li.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING;
        if (below && y > r.top + r.height / 2) other.after(li);
        else if (!below && y < r.top + r.height / 2) {
          other.before(li);
          break;
        }
      }
      li.style.transform = `translateY(${y - grab - li.getBoundingClientRect().top}px)`;
    };
    const move = (e) => {
      if (e.pointerId !== pointerId) return;
      y = e.clientY;
      place();
    };
    const finish = (cancelled) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", release);
      window.removeEventListener("pointercancel", cancel);
      window.removeEventListener("keydown", escape, true);
      try {
        ul.releasePointerCapture(pointerId);
      } catch {
        /* already released */
      }
      li.style.transform = "";
      li.classList.remove("dragging");
      ul.classList.remove("reordering");
      dragging = false;
      if (cancelled) {
        ul.insertBefore(li, startNext?.parentElement === ul ? startNext : null);
        paint();
        return;
      }
      const next = [...ul.children].map((el) => el.dataset.category);
      if (next.join("\n") !== order.join("\n") && save(next, li.dataset.category)) order = next;
      paint();
    };
    const release = (e) => e.pointerId === pointerId && finish(false);
    const cancel = (e) => e.pointerId === pointerId && finish(true);
    const escape = (e) => {
      if (e.key === "Escape") {
        e.preventDefault();
        e.stopPropagation();
        finish(true);
      }
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", release);
    window.addEventListener("pointercancel", cancel);
    window.addEventListener("keydown", escape, true);
  });

  const stop = store.subscribe((topics) => {
    for (const topic of topics) {
      if (topic === "shops" || topic === "catalogue" || topic.startsWith("shoppingList:")) {
        paint();
        return;
      }
    }
  });
  paint();
  const { close, closed } = presentSheet({
    dialog, done, title, opener,
    onClose: () => {
      stop();
      if (open?.dialog === dialog) open = null;
    },
  });
  open = { dialog, close };
  return closed;
}
