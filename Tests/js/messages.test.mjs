// The web app's messages.js words a message as the server's MessageCatalogue does: the cases of
// fixtures/messages.json (written by Tests/ChecklistsMessagesTests/ClientMessageFixtureTests.swift
// with the Swift catalogue's texts) for real messages of the served catalogue, the format's hard
// cases (braces, missing arguments and keys) and the CLDR plural categories (Intl.PluralRules
// against the Swift PluralRules).

import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { importWeb } from "./support/web.mjs";
import { servedMessages } from "./support/messages.mjs";

const { t, setMessages, fill, messagesLanguage } = await importWeb("/messages.js");
const fixtures = JSON.parse(readFileSync(new URL("./fixtures/messages.json", import.meta.url), "utf8"));

/** t()'s arguments for a case: its arguments, and its count as a number. */
const argsOf = ({ arguments: args, count }) => (count === undefined ? { ...args } : { ...args, count });
const named = ({ key, arguments: args, count }) =>
  `${key}${Object.keys(args).length ? ` ${JSON.stringify(args)}` : ""}${count === undefined ? "" : ` count ${count}`}`;

describe("real messages of the served catalogue (common and web)", () => {
  for (const c of fixtures.catalogue) {
    test(`${named(c)} → ${c.expected}`, () => {
      setMessages(servedMessages("en"), "en");
      assert.equal(t(c.key, argsOf(c)), c.expected);
    });
  }
});

describe("the format: arguments, braces, missing arguments and keys", () => {
  for (const c of fixtures.format) {
    test(`${named(c)} → ${c.expected}`, () => {
      setMessages(fixtures.formatMessages, "en");
      assert.equal(t(c.key, argsOf(c)), c.expected);
    });
  }
});

describe("plural categories (Intl.PluralRules, as the Swift PluralRules)", () => {
  const forms = { zero: "zero", one: "one", two: "two", few: "few", many: "many", other: "other" };
  for (const { language, count, expected } of fixtures.plurals) {
    test(`${language} ${count}: ${expected}`, () => {
      setMessages({ "web.t.category": forms }, language);
      assert.equal(messagesLanguage(), language);
      assert.equal(t("web.t.category", { count }), expected);
    });
  }
});

describe("what only the web app has", () => {
  test("a count that is not a number takes the `other` form", () => {
    setMessages({ "web.t.items": { one: "{count} item", other: "{count} items" } }, "en");
    assert.equal(t("web.t.items", { count: "1" }), "1 items");
    assert.equal(t("web.t.items"), "{count} items");
  });

  test("arguments that are not strings are put in as text", () => {
    assert.equal(fill("{a} {b} {c}", { a: 3, b: null, c: false }), "3 null false");
  });

  test("the served catalogue's plural messages all have an `other` form and only CLDR categories", () => {
    const categories = new Set(["zero", "one", "two", "few", "many", "other"]);
    for (const [key, message] of Object.entries(servedMessages("en"))) {
      if (typeof message === "string") continue;
      assert.ok("other" in message, `${key} has no other form`);
      for (const name of Object.keys(message)) assert.ok(categories.has(name), `${key}: ${name}`);
    }
  });
});
