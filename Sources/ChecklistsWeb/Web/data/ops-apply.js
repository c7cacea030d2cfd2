// The pure part of the store: the server's rules the web app repeats while edits are unsent
// (ChecklistSummary's subtitle, ShoppingListContents' order and totals, the name rules) and
// the search fold. No state here; the words are the catalogue's (messages.js).

import { t } from "/messages.js";

/** As Finder sorts names ("List 2" before "List 10"), ignoring case: All Lists, the catalogue. */
export const nameCollator = new Intl.Collator(undefined, { numeric: true });
const withoutLeadingZeros = (text) => text.replace(/[0-9]+/g, (digits) => digits.replace(/^0+(?=[0-9])/, ""));
/**
 * Names compared as the server's localizedStandardCompare: numbers by value, then case and
 * accents ("milk" before "Milk"), and of equal numbers the one with fewer leading zeros first
 * ("x 7" before "x 07", where ICU's numeric collation alone says the opposite).
 */
export function compareNames(a, b) {
  return nameCollator.compare(withoutLeadingZeros(a), withoutLeadingZeros(b)) || a.length - b.length ||
    nameCollator.compare(a, b);
}
export const byName = (a, b) => compareNames(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

// MARK: - Folding, as Foundation folds (the server's rules are written with it)

// Unicode's full case folding where lower-casing differs from it; the rest is below.
const FOLDS = {
  "\u017F": "s", "\u03C2": "\u03C3", "\u03D0": "\u03B2", "\u03D1": "\u03B8", "\u03D5": "\u03C6",
  "\u03D6": "\u03C0", "\u03F0": "\u03BA", "\u03F1": "\u03C1", "\u03F5": "\u03B5", "\u1E9B": "\u1E61",
  "\u1FBE": "\u03B9", "\u0345": "\u03B9", "\u1E9E": "ss",
};

/**
 * Case folded as Foundation's `.caseInsensitive` folds: "Straße" and "STRASSE" give "strasse",
 * "ﬁ" gives "fi", "ς" gives "σ", and the dotless "ı" stays itself.
 */
export function caseFold(text) {
  let out = "";
  for (const c of String(text ?? "")) {
    if (FOLDS[c]) out += FOLDS[c];
    else {
      const upper = c.toUpperCase();
      // One letter that upper-cases to several ("ß", "ﬁ", "ŉ") folds to their lower case.
      out += [...upper].length > 1 ? upper.toLowerCase() : c.toLowerCase();
    }
  }
  return out;
}

/**
 * Full- and half-width forms as their ordinary ones (Foundation's `.widthInsensitive`), except
 * the half-width sound marks ﾞ and ﾟ and the ideographic space, which Foundation keeps.
 */
const widthFold = (text) => text.replace(/[\uFF01-\uFF9D\uFFA0-\uFFEE]/gu, (c) => c.normalize("NFKC"));

/**
 * Without accents (Foundation's `.diacriticInsensitive`): the marks of the Combining Diacritical
 * Marks blocks taken off; Hebrew points, Arabic vowels, Indic signs and kana sound marks stay.
 */
const diacriticFold = (text) =>
  text.normalize("NFD").replace(/[\u0300-\u036F\u1AB0-\u1AFF\u1DC0-\u1DFF\u20D0-\u20FF\uFE20-\uFE2F]/gu, "");

/**
 * A name or a search as search compares it (the server's ShoppingItem.searchKey and
 * SearchWords.fold): without case, accents or width, in canonical composition, so "creme" finds
 * "Crème" and "strasse" finds "Straße"; white space at either end is dropped.
 */
export function fold(text) {
  return widthFold(caseFold(diacriticFold(String(text ?? "")))).normalize("NFC").trim();
}

/** Whether two list names count as one (Checklist.namesMatch): case ignored. */
export const sameListName = (a, b) => caseFold(a).normalize("NFC") === caseFold(b).normalize("NFC");

/** Compares strings by code point, as the server compares UTF-8 bytes. */
function codePointCompare(a, b) {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    if (x[i] !== y[i]) return x[i].codePointAt(0) - y[i].codePointAt(0);
  }
  return x.length - y.length;
}

/** Each run of digits as a length mark and its digits without leading zeros (NameKey.numbered). */
const numbered = (text) => text.replace(/[0-9]+/g, (digits) => {
  const value = digits.replace(/^0+/, "") || "0";
  return String.fromCharCode(0x30 + Math.min(value.length, 0x5a - 0x30)) + value;
});

const listKeys = new Map();
/** The key All Lists sorts by (NameKey.displayOrder): folded, numbers by value, then accents. */
export function listOrderKey(name) {
  let key = listKeys.get(name);
  if (key === undefined) {
    const primary = numbered(widthFold(caseFold(diacriticFold(name))));
    const secondary = numbered(widthFold(caseFold(name)));
    key = `${primary}\u0001${secondary}`.normalize("NFC");
    if (listKeys.size > 5000) listKeys.clear();
    listKeys.set(name, key);
  }
  return key;
}

/**
 * All Lists' order (Checklist.sortsBefore): by the name's key ("List 2" before "List 10", case
 * and accents ignored at first), then the name as written, the user's own list before one shared
 * with them, the older first, then by id.
 */
export function byListOrder(a, b) {
  return codePointCompare(listOrderKey(a.name), listOrderKey(b.name)) ||
    codePointCompare(a.name, b.name) ||
    (!!a.owner === !!b.owner ? 0 : a.owner ? 1 : -1) ||
    (Date.parse(a.createdAt) || 0) - (Date.parse(b.createdAt) || 0) ||
    codePointCompare(String(a.id).toUpperCase(), String(b.id).toUpperCase());
}

/** The All Lists subtitle (Checklist.subtitle): `(No Items)`, `All Done!` or `N Remaining`. */
export function subtitle(itemCount, remainingCount) {
  if (itemCount === 0) return t("web.list.subtitle.empty");
  if (remainingCount === 0) return t("web.list.subtitle.allDone");
  return t("web.list.subtitle.remaining", { count: remainingCount });
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
  return x[2] === y[2] ? 0 : compareNames(x[2], y[2]);
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
    return compareNames(a.item.name, b.item.name) || (a.item.id < b.item.id ? -1 : 1);
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

/** ISO 4217 minor-unit digits that differ from the usual 2 (the server's Currency table). */
const MINOR_UNIT_DIGITS = {
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0,
  RWF: 0, UGX: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
};
const COMMON_SYMBOLS = { "€": "EUR", "$": "USD", "US$": "USD", "$US": "USD", "£": "GBP", "¥": "JPY", "￥": "JPY", "JP¥": "JPY", "円": "JPY" };
const SPACE_SEPARATORS = new Set([" ", "\u00A0", "\u202F", "'", "\u2019"]);

/** The page language's decimal and grouping separators. */
function separatorsHere() {
  const parts = new Intl.NumberFormat(navigator.language || undefined).formatToParts(12345.5);
  return { decimal: parts.find((p) => p.type === "decimal")?.value ?? ".", group: parts.find((p) => p.type === "group")?.value };
}

/** The currency a sign or code names, if it is `currency`'s: anything else is left to the server. */
function namesCurrency(marker, currency) {
  if (/^[A-Za-z]{3}$/.test(marker)) return marker.toUpperCase() === currency;
  if (COMMON_SYMBOLS[marker] === currency) return true;
  try {
    const parts = new Intl.NumberFormat(navigator.language || undefined, { style: "currency", currency }).formatToParts(1);
    return parts.find((p) => p.type === "currency")?.value === marker;
  } catch {
    return false;
  }
}

/**
 * A price as a person typed it ("1,99", "€2", "1.99"), read as the server's PriceParser reads it
 * in this page's language: the page's decimal separator; the other of "." and "," as a decimal
 * separator when it is the only one and 1 or 2 digits follow, else as grouping before groups of
 * 3; at most the currency's decimal places and 1,000,000. Null when the server would refuse it
 * or when it names another currency than `currency` (the server's answer will tell).
 */
export function parsePrice(text, currency) {
  if (text === null || text === undefined) return null;
  if (typeof text === "object") return text; // already a price object
  currency = String(currency || "EUR").toUpperCase();
  const trimmed = String(text).replace(/^\p{White_Space}+|\p{White_Space}+$/gu, "");
  const digit = /[0-9]/;
  let first = trimmed.search(digit);
  if (first < 0) return null;
  let last = trimmed.length - 1;
  while (!digit.test(trimmed[last])) last -= 1;
  if (first > 0 && (trimmed[first - 1] === "." || trimmed[first - 1] === ",")) first -= 1;
  const body = trimmed.slice(first, last + 1);
  const markers = [trimmed.slice(0, first), trimmed.slice(last + 1)];
  for (const part of markers) {
    if (/[-\u2212\u2013]/.test(part)) return null; // negative
    const marker = part.replace(/^\p{White_Space}+|\p{White_Space}+$/gu, "");
    if (marker && !namesCurrency(marker, currency)) return null;
  }
  const { decimal: localDecimal, group } = separatorsHere();
  const decimal = localDecimal === "," ? "," : ".";
  const other = decimal === "." ? "," : ".";
  const spaces = new Set(SPACE_SEPARATORS);
  if (group && [...group].length === 1 && group !== "." && group !== ",") spaces.add(group);
  const chars = [...body];
  const separators = chars.map((c, i) => (digit.test(c) ? -1 : i)).filter((i) => i >= 0);
  if (!separators.every((i) => chars[i] === decimal || chars[i] === other || spaces.has(chars[i]))) return null;
  const decimals = separators.filter((i) => chars[i] === decimal);
  if (decimals.length > 1) return null;
  let point = null;
  if (decimals.length === 1) {
    if (decimals[0] !== separators[separators.length - 1]) return null;
    point = decimals[0];
  } else if (separators.length === 1 && chars[separators[0]] === other) {
    const after = chars.length - separators[0] - 1;
    if (after >= 1 && after <= 2) point = separators[0];
  }
  const wholePart = point === null ? chars : chars.slice(0, point);
  const fraction = point === null ? "" : chars.slice(point + 1).join("");
  const groups = wholePart.join("").split(/[^0-9]/);
  if (groups.length > 1) {
    const marks = new Set(wholePart.filter((c) => !digit.test(c)));
    if (marks.size !== 1 || groups[0].length < 1 || groups[0].length > 3 || groups.slice(1).some((g) => g.length !== 3)) return null;
  }
  const digits = MINOR_UNIT_DIGITS[currency] ?? 2;
  if (fraction.length > digits) return null;
  const significant = groups.join("").replace(/^0+/, "");
  if (significant.length > 7) return null;
  const scale = 10 ** digits;
  const minor = Number(significant || "0") * scale + Number(fraction.padEnd(digits, "0") || "0");
  if (minor > 1000000 * scale) return null;
  return priceFromMinor(minor, currency, digits);
}

const segmenter = typeof Intl.Segmenter === "function" ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;
const graphemes = (text) => (segmenter ? [...segmenter.segment(text)].length : [...text].length);

/**
 * The server's TextRules for a name or text: trimmed, not empty, at most `max` characters, one
 * line. Throws an Error with the server's wording; returns the trimmed text.
 */
export function validated(raw, field, max) {
  // Unicode's White_Space, as the server trims: NEL (U+0085) too, but not U+FEFF (JS's trim()
  // does the opposite).
  const text = String(raw ?? "").replace(/^\p{White_Space}+|\p{White_Space}+$/gu, "");
  const visible = [...text].filter((c) => !/[\p{White_Space}\p{Default_Ignorable_Code_Point}]/u.test(c));
  if (visible.length === 0) throw new Error(t("web.rules.text.empty", { field }));
  if (visible.every((c) => /\p{M}/u.test(c))) {
    throw new Error(t("web.rules.text.onlyMarks", { field }));
  }
  const length = graphemes(text);
  if (length > max) throw new Error(t("web.rules.text.tooLong", { field, length, max }));
  if (/[\p{Cc}\u2028\u2029]/u.test(text)) {
    throw new Error(t("web.rules.text.oneLine", { field }));
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
    throw new Error(t("web.rules.notes.tooLong", { length: length.toLocaleString("en-US"), max: NOTES_LIMIT.toLocaleString("en-US") }));
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

/**
 * Whether checking an item off surely completes an occurrence of its repeat, as the server
 * does (ChecklistService.advanceIfRepeating): it has an RRULE without COUNT or UNTIL, so a next
 * occurrence always comes. The item then moves to its next date unchecked and its subtasks
 * start again unchecked, whatever is asked about them; a rule that may have ended is an
 * ordinary check, as far as the web app can tell.
 */
export function checkingRepeats(item) {
  const rule = String(item?.repeat ?? "").toUpperCase();
  return !item?.checked && rule.startsWith("FREQ=") && !/(^|;)(COUNT|UNTIL)=/.test(rule);
}

export const LIMITS = {
  get listName() { return [t("web.rules.field.listName"), 200]; },
  get itemText() { return [t("web.rules.field.itemText"), 1000]; },
  get catalogueName() { return [t("web.rules.field.catalogueName"), 200]; },
  get shoppingListName() { return [t("web.rules.field.shoppingListName"), 200]; },
  get shopName() { return [t("web.rules.field.shopName"), 200]; },
  get category() { return [t("web.rules.field.category"), 60]; },
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
