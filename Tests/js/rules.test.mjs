// The rules the web app repeats while an edit is unsent (data/ops-apply.js), checked against
// the cases the Swift rules computed (fixtures/rules.json, written by
// Tests/ChecklistsCoreTests/ClientRuleFixtureTests.swift): a rule changed on one side fails here.
// Values are compared, never formatted text (ICU versions differ between Node and Foundation).

import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { setNavigator } from "./support/fakes.mjs";
import { importWeb } from "./support/web.mjs";
import { useCatalogue } from "./support/messages.mjs";

setNavigator({ language: "en-US" });
await useCatalogue("en"); // the rules' messages are the catalogue's, as in the browser
const rules = await importWeb("/data/ops-apply.js");
const fixtures = JSON.parse(readFileSync(new URL("./fixtures/rules.json", import.meta.url), "utf8"));

/** A string with its invisible characters spelled out, for test names. */
const shown = (text) => JSON.stringify(text.length > 40 ? `${text.slice(0, 12)}…(${[...text].length} code points)` : text)
  .replace(/[^\x20-\x7e]/gu, (c) => `\\u{${c.codePointAt(0).toString(16)}}`);
/** Only what the API's price object says as a value. */
const money = (price) => (price ? { minorUnits: price.minorUnits, currency: price.currency, amount: price.amount } : null);
const ids = (rows) => rows.map((row) => row.id ?? row.item.id);

describe("All Lists subtitles (Checklist.subtitle)", () => {
  for (const { itemCount, remainingCount, expected } of fixtures.subtitles) {
    test(`${itemCount} items, ${remainingCount} remaining: ${expected}`, () => {
      assert.equal(rules.subtitle(itemCount, remainingCount), expected);
    });
  }
});

describe("search folding (ShoppingItem.searchKey)", () => {
  for (const { text, expected } of fixtures.searchFolds) {
    test(shown(text), () => {
      // Canonically equivalent strings are one value (Swift compares them so).
      assert.equal(rules.fold(text).normalize("NFC"), expected.normalize("NFC"));
    });
  }
});

describe("name and text rules (TextRules)", () => {
  for (const { kind, text, value, error } of fixtures.texts) {
    test(`${kind} ${shown(text)}`, () => {
      const limits = rules.LIMITS[kind];
      assert.ok(limits, `LIMITS has ${kind}`);
      if (value !== undefined && value !== null) {
        assert.equal(rules.validated(text, ...limits), value);
      } else {
        assert.throws(() => rules.validated(text, ...limits), { message: error });
      }
    });
  }
});

describe("list names that count as one (Checklist.namesMatch)", () => {
  for (const { a, b, expected } of fixtures.sameNames) {
    test(`${shown(a)} ${expected ? "is" : "is not"} ${shown(b)}`, () => {
      assert.equal(rules.sameListName(a, b), expected);
      assert.equal(rules.sameListName(b, a), expected);
    });
  }
});

describe("orders", () => {
  for (const [index, { rows, expected }] of fixtures.catalogueOrders.entries()) {
    test(`the catalogue, case ${index + 1} (ShoppingItem.sortsBefore)`, () => {
      assert.deepEqual(ids(rows.slice().sort(rules.byName)), expected);
    });
  }
  for (const [index, { rows, expected }] of fixtures.listOrders.entries()) {
    test(`All Lists, case ${index + 1} (Checklist.sortsBefore)`, () => {
      assert.deepEqual(ids(rows.slice().sort(rules.byListOrder)), expected);
    });
  }
  for (const [index, { shop, lines, expected }] of fixtures.shopOrders.entries()) {
    test(`a shopping list ${shop ? `in shop ${index}` : "with no shop"} (ShoppingListContents)`, () => {
      const shown = lines.map(({ id, name, category, inCart }) => ({ item: { id, name, category }, quantity: 1, inCart }));
      assert.deepEqual(ids(shown.sort(rules.shopOrder(shop))), expected);
    });
  }
  for (const { items, expected } of fixtures.subtaskGroups) {
    test(`subtasks after their parents: ${items.length} items (groupedBySubtasks)`, () => {
      assert.deepEqual(ids(rules.groupSubtasks(items)), expected);
    });
  }
  for (const { categories, expected } of fixtures.draggedSections) {
    test(`sections dragged into order: ${categories.length} (AisleOrder.dragged)`, () => {
      assert.deepEqual(rules.evenRanks(categories), expected);
    });
  }
});

describe("money", () => {
  for (const [index, { lines, total, inCart, unpricedCount, costs }] of fixtures.totals.entries()) {
    test(`totals, case ${index + 1} (ShoppingTotals)`, () => {
      const shown = lines.map(({ price, quantity, inCart }, i) => ({ item: { id: `I${i}`, price }, quantity, inCart }));
      const totals = rules.shoppingTotals(shown);
      assert.deepEqual(totals.total.map(money), total);
      assert.deepEqual(totals.inCart.map(money), inCart);
      assert.equal(totals.unpricedCount, unpricedCount);
      assert.deepEqual(shown.map((line) => money(rules.lineCost(line.item, line.quantity))), costs);
    });
  }
  for (const { text, locale, currency, expected } of fixtures.prices) {
    test(`${shown(text)} typed in ${locale} with ${currency} (PriceParser): ${expected ? expected.amount + " " + expected.currency : "refused"}`, () => {
      setNavigator({ language: locale });
      // The page may not read every price the server reads (null: the answer will tell), but a
      // price it shows must be the one the server will keep.
      const read = money(rules.parsePrice(text, currency));
      if (read !== null) assert.deepEqual(read, expected);
    });
  }
});

describe("priority marks (ItemPriority.marks)", () => {
  for (const { priority, expected } of fixtures.priorityMarks) {
    test(`${priority}: "${expected}"`, () => assert.equal(rules.priorityMarks(priority), expected));
  }
});

describe("checking a repeating item completes this time (ChecklistService.advanceIfRepeating)", () => {
  const cases = [
    [{ checked: false, repeat: "FREQ=WEEKLY;BYDAY=MO" }, true],
    [{ checked: false, repeat: "FREQ=DAILY;INTERVAL=2" }, true],
    // A rule that may have ended is an ordinary check as far as the web app can tell: it asks.
    [{ checked: false, repeat: "FREQ=DAILY;COUNT=2" }, false],
    [{ checked: false, repeat: "FREQ=WEEKLY;UNTIL=20270101T000000Z" }, false],
    [{ checked: true, repeat: "FREQ=WEEKLY" }, false],
    [{ checked: false, repeat: null }, false],
    [{ checked: false }, false],
  ];
  for (const [item, expected] of cases) {
    test(`${JSON.stringify(item)}: ${expected}`, () => assert.equal(rules.checkingRepeats(item), expected));
  }
});
