// The item screen's Repeat picker: Never, Every Day, Every Weekday, Every Week (on chosen
// days), Every 2 Weeks, Every Month, Every Year, Custom (every N days, weeks or months), and
// when it ends (never, on a date, after N times). It builds the RRULE the server keeps
// (RecurrenceRule's canonical order: FREQ, INTERVAL, BYDAY, UNTIL | COUNT); the rule's words
// are the server's (`repeatDescription`); the picker's own label stands in only while the
// change is not yet answered. A rule the picker cannot show (set with the CLI, say "monthly
// on day 15") is offered as it is, under its description, and kept unless changed.
//
// data-testid hooks: repeat-select, repeat-days (repeat-day-mo … repeat-day-su checkboxes),
// repeat-interval, repeat-unit, repeat-end, repeat-until, repeat-count, repeat-description.

import { h } from "/views.js";
import { t } from "/messages.js";

// Each day's code, and the keys of its short and long names.
const DAYS = [
  ["MO", "web.repeat.day.mo", "common.weekday.mo"], ["TU", "web.repeat.day.tu", "common.weekday.tu"],
  ["WE", "web.repeat.day.we", "common.weekday.we"], ["TH", "web.repeat.day.th", "common.weekday.th"],
  ["FR", "web.repeat.day.fr", "common.weekday.fr"], ["SA", "web.repeat.day.sa", "common.weekday.sa"],
  ["SU", "web.repeat.day.su", "common.weekday.su"],
];
const WEEKDAYS = "MO,TU,WE,TH,FR";
const CHOICES = [
  ["never", "web.repeat.never"], ["daily", "web.repeat.daily"], ["weekdays", "web.repeat.weekdays"], ["weekly", "web.repeat.weekly"],
  ["biweekly", "web.repeat.biweekly"], ["monthly", "web.repeat.monthly"], ["yearly", "web.repeat.yearly"], ["custom", "web.repeat.custom"],
];
// A custom rule's words, as the server's ("Every 3 days").
const UNITS = { DAILY: "common.repeat.daily", WEEKLY: "common.repeat.weekly", MONTHLY: "common.repeat.monthly" };
/** "Monday, Tuesday and Friday". */
const joined = (names) =>
  names.length > 1 ? t("common.list.and", { first: names.slice(0, -1).join(t("common.list.separator")), last: names.at(-1) }) : names[0];

/** An RRULE's parts as a Map ("FREQ" → "WEEKLY"), or null for none. */
function partsOf(rrule) {
  if (!rrule) return null;
  return new Map(String(rrule).split(";").filter(Boolean).map((part) => {
    const [key, value = ""] = part.split("=");
    return [key.toUpperCase(), value.toUpperCase()];
  }));
}

/** A Date from an RRULE UNTIL (yyyyMMdd or yyyyMMddTHHmmssZ). */
function untilDate(value) {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/.exec(value ?? "");
  if (!m) return null;
  const [, y, mo, d, hh = "23", mm = "59", ss = "59", z] = m;
  return z ? new Date(Date.UTC(+y, mo - 1, +d, +hh, +mm, +ss)) : new Date(+y, mo - 1, +d, +hh, +mm, +ss);
}

const pad = (n) => String(n).padStart(2, "0");
/** "yyyy-mm-dd" of a Date in this device's zone (a date input's value). */
const localDay = (date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/**
 * A Repeat picker for an item.
 * - Parameters: `rule` (the item's RRULE or null), `description` (the server's words for it),
 *   `dueDate` (ISO or null: the weekday a new weekly rule starts with), `onChange()`.
 * - Returns: `{element, changed(), rrule(), label()}`: `rrule()` is the built rule (null for
 *   Never), `changed()` whether the user changed anything, `label()` the picker's words.
 */
export function repeatPicker({ rule, description, dueDate, onChange = () => {} }) {
  const parts = partsOf(rule);
  let touched = false;

  const select = h("select", { id: "repeat", class: "select-field", "data-testid": "repeat-select" },
    CHOICES.map(([value, key]) => h("option", { value, text: t(key) })));
  const keep = parts ? h("option", { value: "keep", text: description || t("web.repeat.customRule") }) : null;
  const dayBoxes = DAYS.map(([code, short, long]) => h("input", {
    type: "checkbox", value: code, "aria-label": t(long), "data-testid": `repeat-day-${code.toLowerCase()}`,
  }));
  const days = h("li", { class: "row weekday-row", "data-testid": "repeat-days" },
    h("div", { class: "weekday-choices", role: "group", "aria-label": t("web.repeat.onDays") },
      DAYS.map(([, short], i) => h("label", { class: "weekday-choice" }, dayBoxes[i], h("span", { "aria-hidden": "true", text: t(short) })))));
  const interval = h("input", {
    type: "number", id: "repeat-interval", class: "number-field", min: 1, max: 999, value: 1, inputmode: "numeric",
    "data-testid": "repeat-interval",
  });
  const unit = h("select", { id: "repeat-unit", class: "select-field", "aria-label": t("web.repeat.unit"), "data-testid": "repeat-unit" },
    h("option", { value: "DAILY", text: t("web.repeat.unit.days") }), h("option", { value: "WEEKLY", text: t("web.repeat.unit.weeks") }), h("option", { value: "MONTHLY", text: t("web.repeat.unit.months") }));
  const custom = h("li", { class: "row field-row" },
    h("label", { class: "row-label grow", for: "repeat-interval", text: t("web.repeat.every") }), interval, unit);
  const end = h("select", { id: "repeat-end", class: "select-field", "data-testid": "repeat-end" },
    h("option", { value: "never", text: t("web.repeat.end.never") }), h("option", { value: "until", text: t("web.repeat.end.until") }), h("option", { value: "count", text: t("web.repeat.end.count") }));
  const until = h("input", { type: "date", id: "repeat-until", class: "date-field", "aria-label": t("web.repeat.end.untilLabel"), "data-testid": "repeat-until" });
  const count = h("input", {
    type: "number", id: "repeat-count", class: "number-field", min: 1, max: 9999, value: 10, inputmode: "numeric",
    "aria-label": t("web.repeat.end.countLabel"), "data-testid": "repeat-count",
  });
  const countUnit = h("span", { class: "repeat-times", text: t("web.repeat.end.times") });
  const endRow = h("li", { class: "row field-row" },
    h("label", { class: "row-label grow", for: "repeat-end", text: t("web.repeat.end") }), end, until, count, countUnit);
  const words = h("p", { class: "repeat-description", id: "repeat-description", "aria-live": "polite", "data-testid": "repeat-description" });
  select.setAttribute("aria-describedby", "repeat-description");
  const group = h("ul", { class: "group" },
    h("li", { class: "row field-row" }, h("label", { class: "row-label grow", for: "repeat", text: t("web.repeat.label") }), select),
    days, custom, endRow);
  const element = h("div", { class: "repeat-picker" }, group, words);

  // MARK: Showing the item's rule

  const startDay = DAYS[((dueDate ? new Date(dueDate) : new Date()).getDay() + 6) % 7][0];
  const setDays = (codes) => dayBoxes.forEach((box) => (box.checked = codes.includes(box.value)));
  setDays([startDay]);
  if (parts) {
    const freq = parts.get("FREQ");
    const n = Math.max(1, Number(parts.get("INTERVAL") ?? 1) || 1);
    const byday = parts.get("BYDAY") ?? "";
    let choice = "keep";
    if (!parts.has("BYMONTHDAY") && !parts.has("BYMONTH") && !parts.has("BYSETPOS")) {
      if (freq === "DAILY") choice = n === 1 ? "daily" : "custom";
      else if (freq === "WEEKLY" && n === 1 && byday === WEEKDAYS) choice = "weekdays";
      else if (freq === "WEEKLY") choice = n === 1 ? "weekly" : n === 2 ? "biweekly" : "custom";
      else if (freq === "MONTHLY" && !byday) choice = n === 1 ? "monthly" : "custom";
      else if (freq === "YEARLY" && n === 1 && !byday) choice = "yearly";
    }
    if (choice === "keep") select.append(keep);
    select.value = choice;
    if (UNITS[freq]) unit.value = freq;
    interval.value = String(n);
    if (byday && /^[A-Z,]+$/.test(byday)) setDays(byday.split(","));
    if (parts.has("COUNT")) {
      end.value = "count";
      count.value = parts.get("COUNT");
    } else if (parts.has("UNTIL")) {
      const date = untilDate(parts.get("UNTIL"));
      if (date) {
        end.value = "until";
        until.value = localDay(date);
      }
    }
  }
  if (!until.value) {
    const later = new Date();
    later.setMonth(later.getMonth() + 1);
    until.value = localDay(later);
  }

  // MARK: Building the rule

  const chosenDays = () => dayBoxes.filter((box) => box.checked).map((box) => box.value);
  /** {freq, interval, days} of the choice, or null for Never / the kept rule. */
  function shape() {
    switch (select.value) {
      case "daily": return { freq: "DAILY", interval: 1, days: [] };
      case "weekdays": return { freq: "WEEKLY", interval: 1, days: WEEKDAYS.split(","), weekdays: true };
      case "weekly": return { freq: "WEEKLY", interval: 1, days: chosenDays() };
      case "biweekly": return { freq: "WEEKLY", interval: 2, days: chosenDays() };
      case "monthly": return { freq: "MONTHLY", interval: 1, days: [] };
      case "yearly": return { freq: "YEARLY", interval: 1, days: [] };
      case "custom": {
        const n = Math.min(999, Math.max(1, Math.round(Number(interval.value)) || 1));
        return { freq: unit.value, interval: n, days: unit.value === "WEEKLY" ? chosenDays() : [] };
      }
      default: return null;
    }
  }

  function endPart() {
    if (end.value === "count") return `COUNT=${Math.min(9999, Math.max(1, Math.round(Number(count.value)) || 1))}`;
    if (end.value === "until" && until.value) {
      // UNTIL is inclusive: the end of the chosen day here, in UTC as RRULE writes it.
      const [y, m, d] = until.value.split("-").map(Number);
      const last = new Date(y, m - 1, d, 23, 59, 59);
      return `UNTIL=${last.getUTCFullYear()}${pad(last.getUTCMonth() + 1)}${pad(last.getUTCDate())}T${pad(last.getUTCHours())}${pad(last.getUTCMinutes())}${pad(last.getUTCSeconds())}Z`;
    }
    return null;
  }

  /** The RRULE the picker shows, or null for Never. */
  function rrule() {
    if (select.value === "never") return null;
    if (select.value === "keep") return rule;
    const s = shape();
    const out = [`FREQ=${s.freq}`];
    if (s.interval !== 1) out.push(`INTERVAL=${s.interval}`);
    if (s.days.length) out.push(`BYDAY=${DAYS.map(([c]) => c).filter((c) => s.days.includes(c)).join(",")}`);
    const e = endPart();
    if (e) out.push(e);
    return out.join(";");
  }

  /** The picker's words for its rule ("Every Week on Monday and Thursday, 10 times"). */
  function label() {
    if (select.value === "never") return "";
    if (select.value === "keep") return description || "";
    const s = shape();
    let text = t(CHOICES.find(([value]) => value === select.value)[1]);
    if (select.value === "custom") text = t(UNITS[s.freq], { count: s.interval });
    if (s.freq === "WEEKLY" && !s.weekdays && s.days.length) {
      const names = DAYS.filter(([c]) => s.days.includes(c)).map(([, , long]) => t(long));
      text = t("common.repeat.onDays", { period: text, days: joined(names) });
    }
    if (end.value === "count") text = t("common.repeat.endCount", { rule: text, count: Math.max(1, Math.round(Number(count.value)) || 1) });
    else if (end.value === "until" && until.value) {
      const [y, m, d] = until.value.split("-").map(Number);
      const day = new Date(y, m - 1, d).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });
      text = t("common.repeat.endUntil", { rule: text, day });
    }
    return text;
  }

  function update() {
    const choice = select.value;
    const repeating = choice !== "never";
    const weekly = choice === "weekly" || choice === "biweekly" || (choice === "custom" && unit.value === "WEEKLY");
    days.hidden = !weekly;
    custom.hidden = choice !== "custom";
    endRow.hidden = !repeating || choice === "keep";
    until.hidden = end.value !== "until";
    count.hidden = end.value !== "count";
    countUnit.hidden = end.value !== "count";
    // The server's words for the rule it keeps; the picker's for a change not yet saved.
    words.textContent = !repeating ? "" : touched ? label() : description || label();
  }
  const changedByUser = () => {
    touched = true;
    update();
    onChange();
  };
  for (const control of [select, interval, unit, end, until, count, ...dayBoxes]) {
    control.addEventListener("input", changedByUser);
    control.addEventListener("change", changedByUser);
  }
  update();
  return { element, changed: () => touched && rrule() !== rule, rrule, label };
}
