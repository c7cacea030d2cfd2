// Trips: the shopping trips Finish Shopping recorded, newest first (date, shop, total), the
// spending per month as a bar chart the app draws itself (SVG, one chart per currency, with a
// table of the same figures for screen readers), and the CSV export. A trip opens to its lines.
//
// data-testid hooks: trips (the <ul>), trip-row (data-trip-id), trip-date, trip-shop,
// trip-total, trips-empty, export-csv, spending, spending-chart (the <svg>, data-currency),
// spending-bar (data-month, data-amount), spending-table (data-currency), spending-row
// (data-month), trip-lines, trip-line (data-item-id), trip-line-name, trip-line-detail,
// trip-line-cost, trip-totals, open-settings, not-offline.
//
// Trips are read from the server (they are history, not edits): offline, the last answer seen
// on this page shows, else "Not available offline".

import { main, shell } from "/shell.js";
import { store } from "/data/store.js";
import { backButton, h, setNav } from "/views.js";
import { t } from "/messages.js";
import { shopPaths } from "/shopping/shopping-routes.js";
import { isOffline, notOffline, priceText, segmentedControl, totalText } from "/shopping/shopping-views.js";

const enc = encodeURIComponent;
const SVG = "http://www.w3.org/2000/svg";
const MONTHS = 12;

/** An SVG element (`h` makes HTML ones). */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") el.textContent = value;
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat()) if (child) el.append(child);
  return el;
}

/** The time zone months are counted in (the server's default is UTC). */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

const dateFormat = new Intl.DateTimeFormat(undefined, { weekday: "short", day: "numeric", month: "short", year: "numeric" });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });
/** "Tue 2 Dec 2026". */
export const tripDate = (iso) => dateFormat.format(new Date(iso));

/** "2026-11" → "Nov" (short) or "November 2026" (long), in the page's language. */
export function monthName(month, style = "short") {
  const [year, m] = month.split("-").map(Number);
  const date = new Date(Date.UTC(year, m - 1, 15));
  const options = style === "short" ? { month: "short", timeZone: "UTC" } : { month: "long", year: "numeric", timeZone: "UTC" };
  return new Intl.DateTimeFormat(undefined, options).format(date);
}

/** The price in `prices` (a totals array) for `currency`, or null. */
const inCurrency = (prices, currency) => (prices ?? []).find((p) => p.currency === currency) ?? null;

/** A zero price in a currency, formatted here. */
function zero(currency) {
  return { amount: "0", currency, formatted: totalText([], currency) };
}

/** A "nice" top for the y axis: 1, 2 or 5 × a power of ten, at least `max`. */
export function niceCeiling(max) {
  if (!(max > 0)) return 10;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** A whole amount on an axis ("€20"), with no decimals. */
function axisLabel(amount, currency) {
  try {
    return new Intl.NumberFormat(navigator.language || undefined, {
      style: "currency", currency, maximumFractionDigits: amount % 1 === 0 ? 0 : 2, minimumFractionDigits: 0,
    }).format(amount);
  } catch {
    return String(amount);
  }
}

let chartCount = 0;

/**
 * The spending per month in one currency as an SVG bar chart with labelled axes: the last
 * `months` months, oldest on the left. The SVG is role="img" with a <title> saying every figure;
 * a visually hidden table holds the same figures for whoever reads tables.
 */
export function spendingChart(months, currency) {
  const id = `spending-${++chartCount}`;
  const figures = months.map(({ month, totals }) => {
    const price = inCurrency(totals, currency);
    return { month, price: price ?? zero(currency), amount: price ? Number(price.amount) : 0 };
  });
  const top = niceCeiling(Math.max(0, ...figures.map((f) => f.amount)));
  const width = 360;
  const height = 200;
  const left = 44;
  const right = 8;
  const topPad = 12;
  const bottom = 28;
  const plotW = width - left - right;
  const plotH = height - topPad - bottom;
  const slot = plotW / Math.max(1, figures.length);
  const barW = Math.max(4, slot * 0.62);
  const y = (amount) => topPad + plotH - (amount / top) * plotH;

  const summary = t("web.trips.spending.summary", {
    currency,
    months: figures.map((f) => t("web.trips.spending.summary.month", { month: monthName(f.month, "long"), price: priceText(f.price) }))
      .join(t("common.list.separator")),
  });
  const gridlines = [0, 0.25, 0.5, 0.75, 1].map((t) => {
    const amount = top * t;
    return svg("g", { class: "chart-grid" },
      svg("line", { x1: left, x2: width - right, y1: y(amount), y2: y(amount) }),
      svg("text", { x: left - 6, y: y(amount) + 3.5, "text-anchor": "end", class: "chart-label", text: axisLabel(amount, currency) }));
  });
  const bars = figures.map((f, i) => {
    const x = left + i * slot + (slot - barW) / 2;
    const barTop = y(f.amount);
    const bar = svg("rect", {
      class: f.amount > 0 ? "chart-bar" : "chart-bar empty", x: x.toFixed(2), y: barTop.toFixed(2), width: barW.toFixed(2),
      height: Math.max(0, topPad + plotH - barTop).toFixed(2), rx: 2, "data-testid": "spending-bar",
      "data-month": f.month, "data-amount": String(f.price.amount),
    }, svg("title", { text: t("web.trips.spending.bar", { month: monthName(f.month, "long"), price: priceText(f.price) }) }));
    const label = svg("text", {
      x: (left + i * slot + slot / 2).toFixed(2), y: height - bottom + 16, "text-anchor": "middle", class: "chart-label",
      text: monthName(f.month),
    });
    return svg("g", {}, bar, label);
  });
  const chart = svg("svg", {
    class: "spending-chart", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-labelledby": `${id}-title`,
    "data-testid": "spending-chart", "data-currency": currency, preserveAspectRatio: "xMidYMid meet",
  },
  svg("title", { id: `${id}-title`, text: summary }),
  ...gridlines,
  svg("line", { class: "chart-axis", x1: left, x2: width - right, y1: topPad + plotH, y2: topPad + plotH }),
  ...bars);

  const table = h("table", { class: "vh", "data-testid": "spending-table", "data-currency": currency },
    h("caption", { text: t("web.trips.spending.caption", { currency }) }),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("web.trips.spending.month") }), h("th", { scope: "col", text: t("web.trips.spending.spent") }))),
    h("tbody", {}, ...figures.map((f) => h("tr", { "data-testid": "spending-row", "data-month": f.month },
      h("th", { scope: "row", text: monthName(f.month, "long") }), h("td", { text: priceText(f.price) })))));
  return h("figure", { class: "chart-figure" }, chart, table);
}

/** The currencies the months spent in (the catalogue's when nothing was spent yet). */
function currenciesOf(months) {
  const found = new Set();
  for (const m of months) for (const p of m.totals ?? []) found.add(p.currency);
  if (found.size === 0) found.add(store.catalogue()?.currency ?? "EUR");
  return [...found].sort();
}

/** Finish Shopping's toast: "Trip saved: €23.40" (each currency's total; none when nothing had a price). */
export function tripSavedText(trip) {
  return trip.totals?.length ? t("web.trips.saved.total", { total: totalText(trip.totals) }) : t("web.trips.saved");
}

/** Where the trip was: the shop's name, else the list's. */
const placeOf = (trip) => trip.shop?.name ?? trip.listName ?? "";

/** The last answers seen on this page, shown again offline. */
const kept = { trips: null, spending: null, trip: new Map() };

export function tripsScreen({ alive }) {
  setNav({
    left: [],
    title: t("web.trips.title"),
    right: [],
  });
  const segmented = segmentedControl("trips");
  const spending = h("section", { class: "group spending", "aria-labelledby": "spending-heading", "data-testid": "spending" });
  const list = h("ul", { class: "group lines trips", "data-testid": "trips", "aria-label": t("web.trips.label") });
  const exportLink = h("a", {
    class: "plain-button export-csv", href: `/api/v1/trips/export.csv?tz=${enc(timeZone())}`, download: "trips.csv", "data-testid": "export-csv",
    text: t("web.trips.exportCSV"),
  });
  const settingsLink = h("a", {
    class: "trips-settings", href: shopPaths.settings(), "data-testid": "open-settings", text: t("web.trips.settings"),
    onclick: (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      shell.go(shopPaths.settings());
    },
  });

  function paint() {
    if (!alive()) return;
    const months = kept.spending?.months ?? [];
    spending.replaceChildren(
      h("h2", { class: "trips-heading", id: "spending-heading", text: t("web.trips.spending.title") }),
      ...currenciesOf(months).map((currency) => spendingChart(months, currency)));

    const trips = kept.trips?.trips ?? [];
    list.replaceChildren(...trips.map((trip) => {
      const li = h("li", { class: "row trip-row", "data-testid": "trip-row" },
        h("a", { class: "row-main", href: shopPaths.trip(trip.id), "data-testid": "open-trip" },
          h("span", { class: "row-text" },
            h("span", { class: "trip-date", "data-testid": "trip-date", text: tripDate(trip.finishedAt) }),
            h("span", { class: "row-sub", "data-testid": "trip-shop", text: placeOf(trip) })),
          h("span", { class: "trip-total", "data-testid": "trip-total", text: totalText(trip.totals, trip.totals?.[0]?.currency) }),
          h("span", { class: "glyph glyph-chevron", "aria-hidden": "true" })));
      li.dataset.tripId = trip.id;
      return li;
    }));
    const empty = h("div", { class: "empty", "data-testid": "trips-empty" },
      h("p", { text: t("web.trips.empty") }));
    main().replaceChildren(segmented, trips.length ? list : empty, spending,
      h("p", { class: "trips-actions" }, exportLink, settingsLink));
  }

  list.addEventListener("click", (event) => {
    const link = event.target.closest("a[href]");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    shell.go(link.getAttribute("href"));
  });

  async function refresh() {
    try {
      const [trips, months] = await Promise.all([
        store.trips({ limit: 100 }),
        store.spending({ months: MONTHS, tz: timeZone() }),
        store.catalogue() ? null : store.loadCatalogue().catch(() => null),
      ]);
      kept.trips = trips;
      kept.spending = months;
      paint();
    } catch (error) {
      if (!alive()) return;
      if (kept.trips) return paint();
      if (isOffline(error)) main().replaceChildren(segmented, notOffline());
      else shell.showLoadError(error, () => shell.render({ direction: "none" }));
    }
  }

  // A trip finished here, or on another device (its list changes then: the cart comes off),
  // shows without a reload.
  let soon = 0;
  const stop = store.subscribe((topics) => {
    if (![...topics].some((t) => t.startsWith("trip:") || t.startsWith("shoppingList:"))) return;
    clearTimeout(soon);
    soon = setTimeout(() => alive() && refresh(), 300);
  });

  let ready;
  if (kept.trips) {
    paint();
    ready = Promise.resolve();
    refresh();
  } else {
    const cancel = shell.showLoadingSoon(alive);
    ready = refresh().finally(cancel);
  }
  return {
    ready, refresh, wants: () => false, dispose() {
      clearTimeout(soon);
      stop?.();
    },
  };
}

/** "2 × €1.15" (the unit price at the time), or "2" without a price. */
function lineDetail(line) {
  const parts = [];
  parts.push(line.unitPrice ? t("web.shoppingList.line.quantityPrice", { quantity: line.quantity, price: priceText(line.unitPrice) }) : `${line.quantity}`);
  if (line.category) parts.push(line.category);
  return parts.join(t("web.shoppingList.line.separator"));
}

export function tripScreen({ route, alive }) {
  const id = route.id;
  setNav({ left: [backButton(t("web.trip.back"), () => shell.up())], title: t("web.trip.title"), right: [] });

  function paint(trip) {
    if (!alive()) return;
    const when = new Date(trip.finishedAt);
    const place = placeOf(trip);
    setNav({ left: [backButton(t("web.trip.back"), () => shell.up())], title: place || t("web.trip.title"), right: [] });
    const header = h("p", { class: "trip-when", "data-testid": "trip-when" },
      t("web.trip.when", { date: tripDate(trip.finishedAt), time: timeFormat.format(when) }),
      trip.shop && trip.listName ? t("web.trip.list", { list: trip.listName }) : "");
    const lines = h("ul", { class: "group lines", "data-testid": "trip-lines", "aria-label": t("web.trip.lines") },
      ...trip.lines.map((line) => {
        const li = h("li", { class: "row trip-line", "data-testid": "trip-line" },
          h("span", { class: "row-text" },
            h("span", { class: "line-name", "data-testid": "trip-line-name", text: line.name }),
            h("span", { class: "row-sub", "data-testid": "trip-line-detail", text: lineDetail(line) })),
          h("span", {
            class: line.cost ? "line-cost" : "line-cost unpriced", "data-testid": "trip-line-cost",
            text: line.cost ? priceText(line.cost) : "–",
          }, line.cost ? null : h("span", { class: "vh", text: t("web.shoppingList.line.noPrice") })));
        if (line.itemID) li.dataset.itemId = line.itemID;
        return li;
      }));
    const totals = h("section", { class: "shop-summary", "aria-label": t("web.trip.total"), "data-testid": "trip-totals" },
      h("div", { class: "totals" },
        h("p", { class: "total-cell" }, h("span", { class: "total-label", text: t("web.trip.total") }),
          h("span", { class: "total-value", "data-testid": "trip-total", text: totalText(trip.totals, trip.totals?.[0]?.currency) }))));
    main().replaceChildren(header, lines, totals);
  }

  async function refresh() {
    try {
      const trip = await store.trip(id);
      kept.trip.set(id, trip);
      paint(trip);
    } catch (error) {
      if (!alive()) return;
      if (kept.trip.has(id)) return paint(kept.trip.get(id));
      if (isOffline(error)) main().replaceChildren(notOffline());
      else shell.showLoadFailure(error, t("web.trip.notFound"));
    }
  }
  const known = kept.trip.get(id) ?? kept.trips?.trips.find((t) => t.id === id);
  let ready;
  if (known) {
    paint(known);
    ready = Promise.resolve();
    refresh();
  } else {
    const cancel = shell.showLoadingSoon(alive);
    ready = refresh().finally(cancel);
  }
  return { ready, refresh, wants: () => false, dispose() {} };
}
