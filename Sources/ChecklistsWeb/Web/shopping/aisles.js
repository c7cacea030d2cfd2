// The Shopping List's aisles (pure): the lines to get grouped under a heading per category, in
// the picked shop's order (the server's ShoppingSections rule, repeated here so the grouping
// works offline and with unsent edits), uncategorised ones last under "Other", and the cart
// below them. No DOM and no state here.

import { nameCollator, sectionKey, sectionPlace, shopOrder, shopRanks } from "/data/ops-apply.js";
import { t } from "/messages.js";

/** The key of the heading of the uncategorised lines ("Other"). */
export const OTHER = "web.shopping.aisle.other";

/**
 * Groups a list's lines for the screen.
 * - Parameters: `lines` (any order), `shop` (the list's picked shop, or null).
 * - Returns: `{grouped, sections: [{key, title, category, lines}], cart: [line]}`; `grouped` is
 *   false when no line has a category (then one section without a title holds every line to
 *   get, as before aisles). `key` is the category in lower case ("" for Other).
 * - Complexity: O(n log n) in the lines.
 */
export function aisleSections(lines, shop) {
  const ranks = shopRanks(shop);
  const order = shopOrder(shop);
  // The store keeps lines in this order already: checking costs n comparisons, sorting n log n.
  let inOrder = true;
  for (let i = 1; i < lines.length && inOrder; i++) inOrder = order(lines[i - 1], lines[i]) <= 0;
  const sorted = inOrder ? lines : lines.slice().sort(order);
  const toGet = sorted.filter((l) => !l.inCart);
  const cart = sorted.filter((l) => l.inCart);
  const grouped = lines.some((l) => sectionKey(l.item?.category));
  if (!grouped) return { grouped, sections: toGet.length ? [{ key: "", title: null, category: null, lines: toGet }] : [], cart };
  const sections = [];
  let current = null;
  for (const line of toGet) {
    const key = sectionKey(line.item.category);
    if (!current || current.key !== key) {
      const title = key ? (ranks?.sections.get(key)?.name ?? line.item.category.trim()) : t(OTHER);
      current = { key, title, category: key ? title : null, lines: [] };
      sections.push(current);
    }
    current.lines.push(line);
    // Without the shop's spelling, a capitalised one of the lines' ("Dairy" over "dairy").
    const spelled = String(line.item.category ?? "").trim();
    if (key && !ranks?.sections.has(key) && current.title !== spelled && /^\p{Lu}/u.test(spelled) && !/^\p{Lu}/u.test(current.title)) {
      current.title = spelled;
      current.category = spelled;
    }
  }
  return { grouped, sections, cart };
}

/**
 * The categories of a shop's section order, as the Edit Order sheet lists them: the shop's
 * sections in order, then every other category `known` (the catalogue's, the list's) by name.
 * Case and accents are ignored in comparing; the first spelling seen is kept.
 */
export function sectionOrder(shop, known) {
  const out = [];
  const seen = new Set();
  const add = (category) => {
    const name = String(category ?? "").trim();
    const key = sectionKey(name);
    if (!key || seen.has(key)) return;
    seen.add(key);
    out.push(name);
  };
  const ranks = shopRanks(shop);
  const ranked = [...(ranks?.sections.values() ?? [])].sort((a, b) => a.rank - b.rank).map((s) => s.name);
  ranked.forEach(add);
  const others = [...new Set(known.map((c) => String(c ?? "").trim()).filter(Boolean))]
    .filter((c) => !seen.has(sectionKey(c)))
    .sort((a, b) => comparePlace(a, b));
  others.forEach(add);
  return out;
}

const comparePlace = (a, b) => {
  const x = sectionPlace(a, null);
  const y = sectionPlace(b, null);
  return nameCollator.compare(x[2], y[2]) || nameCollator.compare(a, b);
};

/** `order` with the category at `from` moved to `to` (both indexes into it); a new array. */
export function moved(order, from, to) {
  const out = order.slice();
  if (from < 0 || from >= out.length || to < 0 || to >= out.length || from === to) return out;
  const [category] = out.splice(from, 1);
  out.splice(to, 0, category);
  return out;
}
