// The pure part of the store: the server's rules the web app repeats while edits are unsent
// (ChecklistSummary's subtitle, ShoppingListContents' order and totals, the name rules) and
// the search fold. No state here.

/** As Finder sorts names ("List 2" before "List 10"), ignoring case: All Lists, the catalogue. */
export const nameCollator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
export const byName = (a, b) => nameCollator.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * A name or a search as search compares it: without case or accents, so "creme" finds "Crème"
 * (as shopping-views.js's `fold` and the server's ShoppingItem.searchKey).
 */
export function fold(text) {
  return String(text ?? "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();
}

/** The All Lists subtitle (Checklist.subtitle): `(No Items)`, `All Done!` or `N Remaining`. */
export function subtitle(itemCount, remainingCount) {
  if (itemCount === 0) return "(No Items)";
  if (remainingCount === 0) return "All Done!";
  return `${remainingCount} Remaining`;
}

/** A category as a shop's sections match it: ignoring case (the server's ShopSection.key). */
export const sectionKey = (category) => String(category ?? "").trim().toLowerCase();

/**
 * A shop's order as lookups (computed once per shop object): each section's rank by its folded
 * category, with the shop's spelling, and each item's rank by its id (upper case).
 */
const shopRankCache = new WeakMap();
export function shopRanks(shop) {
  if (!shop) return null;
  let ranks = shopRankCache.get(shop);
  if (!ranks) {
    const sections = new Map();
    for (const [index, section] of (shop.sections ?? []).entries()) {
      const key = sectionKey(section.category);
      if (!key || sections.has(key)) continue;
      sections.set(key, { rank: typeof section.rank === "number" ? section.rank : index, name: section.category });
    }
    const items = new Map();
    for (const [id, rank] of Object.entries(shop.itemRanks ?? {})) if (typeof rank === "number") items.set(id.toUpperCase(), rank);
    ranks = { sections, items };
    shopRankCache.set(shop, ranks);
  }
  return ranks;
}

/**
 * Where a category sorts in a shop (the server's ShoppingSections rule): its rank when the shop
 * has one ([0, rank]), after those by name when not ([1, 0, name]), uncategorised last ([2]).
 */
export function sectionPlace(category, ranks) {
  const key = sectionKey(category);
  if (!key) return [2, 0, ""];
  const ranked = ranks?.sections.get(key);
  return ranked ? [0, ranked.rank, key] : [1, 0, key];
}

function comparePlaces(x, y) {
  if (x[0] !== y[0]) return x[0] - y[0];
  if (x[1] !== y[1]) return x[1] - y[1];
  return x[2] === y[2] ? 0 : nameCollator.compare(x[2], y[2]);
}

/**
 * Shopping order (ShoppingListContents) in `shop`'s order (null: no shop): to get first, then in
 * the cart; inside each by section (the shop's rank, then unranked categories by name, none
 * last), then the item's rank in the shop (ranked first), then name.
 */
export function shopOrder(shop) {
  const ranks = shopRanks(shop);
  // Each line's place is worked out once per sort, not once per comparison.
  const places = new WeakMap();
  const placeOf = (line) => {
    let place = places.get(line);
    if (!place) {
      const section = sectionPlace(line.item.category, ranks);
      const rank = ranks?.items.get(String(line.item.id).toUpperCase());
      place = { section, rank };
      places.set(line, place);
    }
    return place;
  };
  return (a, b) => {
    if (a.inCart !== b.inCart) return a.inCart ? 1 : -1;
    const x = placeOf(a);
    const y = placeOf(b);
    const section = comparePlaces(x.section, y.section);
    if (section !== 0) return section;
    if (x.rank !== undefined || y.rank !== undefined) {
      if (x.rank === undefined) return 1;
      if (y.rank === undefined) return -1;
      if (x.rank !== y.rank) return x.rank - y.rank;
    }
    return nameCollator.compare(a.item.name, b.item.name) || (a.item.id < b.item.id ? -1 : 1);
  };
}

/** Shopping order without a shop: to get first, then in the cart; by category (none last), then name. */
export const shoppingOrder = shopOrder(null);

/** The ranks a drag gives sections in order (AisleOrder's even spread over 0…1): i/(n−1). */
export function evenRanks(categories) {
  const n = categories.length;
  return categories.map((category, i) => ({ category, rank: n > 1 ? i / (n - 1) : 0 }));
}

const formats = new Map();
function formatMoney(amount, currency) {
  let format = formats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat(navigator.language || undefined, { style: "currency", currency });
    } catch {
      format = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2 });
    }
    formats.set(currency, format);
  }
  return format.format(amount);
}

/** A price object ({amount, currency, minorUnits, formatted}) from minor units. */
export function priceFromMinor(minorUnits, currency, digits) {
  const negative = minorUnits < 0;
  let text = String(Math.abs(minorUnits)).padStart(digits + 1, "0");
  const amount = digits > 0 ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
  const signed = negative ? `-${amount}` : amount;
  return { amount: signed, currency, minorUnits, formatted: formatMoney(signed, currency) };
}

const digitsOf = (price) => (String(price.amount).split(".")[1] || "").length;

/** A line's cost: price × quantity, or null without a price. */
export function lineCost(item, quantity) {
  const price = item?.price;
  if (!price || typeof price.minorUnits !== "number") return null;
  return priceFromMinor(price.minorUnits * quantity, price.currency, digitsOf(price));
}

/** ShoppingTotals: one total per currency (sorted by code) for all lines and for those in the cart. */
export function shoppingTotals(lines) {
  const total = new Map();
  const inCart = new Map();
  let unpricedCount = 0;
  for (const line of lines) {
    const price = line.item?.price;
    if (!price || typeof price.minorUnits !== "number") {
      unpricedCount += 1;
      continue;
    }
    const cost = price.minorUnits * line.quantity;
    const digits = digitsOf(price);
    const t = total.get(price.currency) ?? { minor: 0, digits };
    t.minor += cost;
    total.set(price.currency, t);
    const c = inCart.get(price.currency) ?? { minor: 0, digits };
    if (line.inCart) c.minor += cost;
    inCart.set(price.currency, c);
  }
  const out = (map) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currency, { minor, digits }]) => priceFromMinor(minor, currency, digits));
  return { total: out(total), inCart: out(inCart), unpricedCount };
}

/**
 * A price as a person typed it ("1,99", "€2", "1.99"), read as the server would in this page's
 * language, or null when it cannot be read here (the server's answer will tell).
 */
export function parsePrice(text, currency) {
  if (text === null || text === undefined) return null;
  if (typeof text === "object") return text; // already a price object
  const raw = String(text).replace(/[^\d.,]/g, "");
  if (!raw) return null;
  const decimal = new Intl.NumberFormat(navigator.language || undefined).formatToParts(1.5)
    .find((p) => p.type === "decimal")?.value ?? ".";
  let normal = raw;
  if (decimal === ",") normal = raw.replace(/\./g, "").replace(",", ".");
  else normal = raw.replace(/,/g, "");
  const [whole, fraction = ""] = normal.split(".");
  const digits = 2;
  const minor = Number(whole || "0") * 100 + Number((fraction + "00").slice(0, digits));
  if (!Number.isFinite(minor)) return null;
  return priceFromMinor(minor, currency || "EUR", digits);
}

const segmenter = typeof Intl.Segmenter === "function" ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;
const graphemes = (text) => (segmenter ? [...segmenter.segment(text)].length : [...text].length);

/**
 * The server's TextRules for a name or text: trimmed, not empty, at most `max` characters, one
 * line. Throws an Error with the server's wording; returns the trimmed text.
 */
export function validated(raw, field, max) {
  const text = String(raw ?? "").trim();
  const visible = [...text].filter((c) => !/[\s\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]/u.test(c));
  if (visible.length === 0) throw new Error(`${field} cannot be empty or only white space.`);
  if (visible.every((c) => /\p{M}/u.test(c))) {
    throw new Error(`${field} cannot be only combining marks (accents with no letter to sit on).`);
  }
  const length = graphemes(text);
  if (length > max) throw new Error(`${field} is ${length} characters long; the limit is ${max}.`);
  if (/[\p{Cc}\u2028\u2029]/u.test(text)) {
    throw new Error(`${field} must be one line of text without control characters such as line breaks or tabs.`);
  }
  return text;
}

/** The most characters an item's notes may hold (ChecklistItem.validatedNotes). */
export const NOTES_LIMIT = 10000;

/**
 * An item's notes as the server keeps them (ChecklistItem.validatedNotes): trailing white space
 * trimmed, inner line breaks kept, at most 10,000 characters. Throws with the reason.
 */
export function validatedNotes(raw) {
  const notes = String(raw ?? "").replace(/\s+$/u, "");
  const length = graphemes(notes);
  if (length > NOTES_LIMIT) {
    throw new Error(`Notes are ${length.toLocaleString("en-US")} characters long; the limit is ${NOTES_LIMIT.toLocaleString("en-US")}.`);
  }
  return notes;
}

/** An item's priority as the API names it. */
export const PRIORITIES = ["none", "low", "medium", "high"];

/** The marks Reminders puts before a prioritised item's text: "", "!", "!!", "!!!". */
export const priorityMarks = (priority) => "!".repeat(Math.max(0, PRIORITIES.indexOf(priority ?? "none")));

/**
 * The items in the order a list shows them: each top-level item followed by its subtasks (one
 * level, in list order), whatever order the array has them in. Subtasks whose parent is not
 * there stay where they are. O(items).
 */
export function groupSubtasks(items) {
  if (!items.some((i) => i.parentID)) return items;
  const ids = new Set(items.map((i) => i.id));
  const children = new Map();
  for (const item of items) {
    if (item.parentID && ids.has(item.parentID)) {
      if (!children.has(item.parentID)) children.set(item.parentID, []);
      children.get(item.parentID).push(item);
    }
  }
  const out = [];
  for (const item of items) {
    if (item.parentID && ids.has(item.parentID)) continue;
    out.push(item);
    const mine = children.get(item.id);
    if (mine) out.push(...mine);
  }
  return out;
}

export const LIMITS = {
  listName: ["A list's name", 200],
  itemText: ["An item's text", 1000],
  catalogueName: ["An item's name", 200],
  shoppingListName: ["A shopping list's name", 200],
  shopName: ["A shop's name", 200],
  category: ["A category", 60],
};

/** Inserts `row` into `rows` (a copy is made by the caller) right after the row with id `after` (null: first; undefined or unknown: last). */
export function insertAfter(rows, row, after, idOf = (r) => r.id) {
  if (after === null) {
    rows.unshift(row);
    return;
  }
  if (after !== undefined) {
    const index = rows.findIndex((r) => idOf(r) === after);
    if (index >= 0) {
      rows.splice(index + 1, 0, row);
      return;
    }
  }
  rows.push(row);
}
