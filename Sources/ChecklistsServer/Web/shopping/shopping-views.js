// Building blocks of the Shopping tab's screens: prices as the server formats them, the search
// key for names, and the "Shopping List | Items" switch.

import { h } from "/views.js";
import { shell } from "/shell.js";
import { currentShoppingPath, shopPaths } from "/shopping/shopping-routes.js";

/**
 * A name or a search as search compares it: without case or accents, so "creme" finds "Crème"
 * and "MILK" finds "Milk" (as the server's ShoppingItem.searchKey does).
 */
export function fold(text) {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();
}

const formats = new Map();
function currencyFormat(currency) {
  let format = formats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat(navigator.language || undefined, { style: "currency", currency });
    } catch {
      format = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2 });
    }
    formats.set(currency, format);
  }
  return format;
}

/**
 * A price as the server formatted it for this page's language (`formatted`), or formatted here
 * from its exact decimal `amount` when the server left that out. Never goes through a float.
 */
export function priceText(price) {
  if (!price) return "";
  return price.formatted || currencyFormat(price.currency).format(price.amount);
}

/** A total (one price per currency, as the API sends totals) as one line of text. */
export function totalText(prices, currency) {
  if (!prices || prices.length === 0) return currencyFormat(currency || "EUR").format("0");
  return prices.map(priceText).join(" + ");
}

/** The catalogue's currency symbol ("€"), for the price field. */
export function currencySymbol(currency) {
  const part = currencyFormat(currency || "EUR").formatToParts(0).find((p) => p.type === "currency");
  return part ? part.value : currency;
}

/** A price's amount as this page's language writes it ("1,99" in German), for editing. */
export function amountText(price) {
  if (!price) return "";
  const separator = new Intl.NumberFormat(navigator.language || undefined).formatToParts(1.5)
    .find((p) => p.type === "decimal")?.value ?? ".";
  return price.amount.replace(".", separator);
}

/** "Shopping List | Items": the Shopping tab's two screens, as a pair of links. */
export function segmentedControl(active) {
  const link = (key, label, path, testid) => {
    const a = h("a", { class: "segment", href: path(), "data-testid": testid, text: label });
    if (key === active) a.setAttribute("aria-current", "page");
    a.addEventListener("click", (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      if (key !== active) shell.go(path());
    });
    return a;
  };

  return h("nav", { class: "segmented", "aria-label": "Shopping" },
    link("list", "Shopping List", currentShoppingPath, "segment-list"),
    link("items", "Items", shopPaths.items, "segment-items"));
}
