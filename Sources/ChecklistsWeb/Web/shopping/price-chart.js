// An item's price history on Edit Item: every price it had since it was added, with the date it
// changed, as a small step chart the app draws (SVG) and a list of the same dates and prices.
//
// data-testid hooks: price-history (the section), price-chart (the <svg>), price-point
// (data-amount, data-since), price-history-list, price-history-row (data-amount).
//
// Read from GET /api/v1/catalogue/{id}/prices; offline (or for an item not sent yet) the
// section stays hidden.

import { store } from "/data/store.js";
import { h } from "/views.js";
import { t } from "/messages.js";
import { priceText } from "/shopping/shopping-views.js";
import { niceCeiling, svg } from "/shopping/trips.js";

const dayFormat = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", year: "numeric" });
const day = (iso) => dayFormat.format(new Date(iso));

/**
 * The price history as a step chart: each price holds from its date until the next one (the
 * last until today). A change to "no price" leaves a gap.
 */
export function priceChart(prices, now = new Date()) {
  const width = 320;
  const height = 120;
  const left = 44;
  const right = 10;
  const top = 10;
  const bottom = 22;
  const points = prices.map((p) => ({ ...p, t: new Date(p.since).getTime(), amount: p.price ? Number(p.price.amount) : null }));
  const start = points[0].t;
  const end = Math.max(now.getTime(), points[points.length - 1].t + 1);
  const max = niceCeiling(Math.max(0, ...points.map((p) => p.amount ?? 0)));
  const x = (t) => left + ((t - start) / (end - start)) * (width - left - right);
  const y = (amount) => top + (height - top - bottom) * (1 - amount / max);
  const currency = points.find((p) => p.price)?.price.currency ?? "";

  let path = "";
  points.forEach((p, i) => {
    if (p.amount === null) return;
    const until = i + 1 < points.length ? points[i + 1].t : end;
    path += `M${x(p.t).toFixed(1)},${y(p.amount).toFixed(1)}H${x(until).toFixed(1)}`;
    const next = points[i + 1];
    if (next && next.amount !== null) path += `V${y(next.amount).toFixed(1)}`;
  });
  const summary = t("web.priceHistory.summary", {
    points: points.map((p) => t("web.priceHistory.summary.point", { day: day(p.since), price: p.price ? priceText(p.price) : t("web.priceHistory.summary.noPrice") }))
      .join(t("common.list.separator")),
  });
  const axis = (amount) => svg("g", { class: "chart-grid" },
    svg("line", { x1: left, x2: width - right, y1: y(amount), y2: y(amount) }),
    svg("text", { x: left - 6, y: y(amount) + 3.5, "text-anchor": "end", class: "chart-label", text: axisText(amount, currency) }));
  return svg("svg", {
    class: "price-chart", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": summary, "data-testid": "price-chart",
  },
  svg("title", { text: summary }),
  axis(0), axis(max / 2), axis(max),
  svg("path", { class: "chart-line", d: path }),
  ...points.filter((p) => p.amount !== null).map((p) => svg("circle", {
    class: "chart-point", cx: x(p.t).toFixed(1), cy: y(p.amount).toFixed(1), r: 3.5, "data-testid": "price-point",
    "data-amount": p.price.amount, "data-since": p.since,
  }, svg("title", { text: t("web.priceHistory.point", { price: priceText(p.price), day: day(p.since) }) }))),
  svg("text", { x: left, y: height - 6, class: "chart-label", text: day(points[0].since) }),
  svg("text", { x: width - right, y: height - 6, "text-anchor": "end", class: "chart-label", text: t("web.priceHistory.today") }));
}

function axisText(amount, currency) {
  try {
    return new Intl.NumberFormat(navigator.language || undefined, currency ? { style: "currency", currency, maximumFractionDigits: 2 } : {}).format(amount);
  } catch {
    return String(amount);
  }
}

/**
 * The "Price history" section for an item: empty at first, filled once the server answered
 * (hidden when it can't be asked or the item never had a price).
 */
export function priceHistory(itemID) {
  const section = h("section", { class: "group price-history", "aria-labelledby": "price-history-heading", "data-testid": "price-history", hidden: true });
  const load = async () => {
    let answer;
    try {
      answer = await store.priceHistory(itemID);
    } catch {
      return; // offline, not sent yet, or a server without price history: nothing to show
    }
    const prices = answer?.prices ?? [];
    if (!prices.some((p) => p.price)) return;
    const rows = [...prices].reverse().map((p) => {
      const li = h("li", { class: "price-history-row", "data-testid": "price-history-row" },
        h("span", { class: "price-history-date", text: t("web.priceHistory.since", { day: day(p.since) }) }),
        h("span", { class: "price-history-price", text: p.price ? priceText(p.price) : t("web.priceHistory.noPrice") }));
      li.dataset.amount = p.price?.amount ?? "";
      return li;
    });
    section.replaceChildren(
      h("h2", { class: "trips-heading", id: "price-history-heading", text: t("web.priceHistory.title") }),
      priceChart(prices),
      h("ul", { class: "price-history-list", "data-testid": "price-history-list", "aria-label": t("web.priceHistory.list.label") }, ...rows));
    section.hidden = false;
  };
  return { section, loaded: load() };
}
