// The web app's words in Node: the catalogue's `common` and `web` areas of a language, as the
// server serves them as /messages/<language>.json (MessageCatalogue.webFile), given to the web
// app's messages.js, so modules that word things (data/ops-apply.js, data/outbox.js) say what
// they say in the browser.

import { existsSync, readFileSync } from "node:fs";
import { importWeb } from "./web.mjs";

/** Sources/ChecklistsMessages/Catalogue/. */
export const CATALOGUE = new URL("../../../Sources/ChecklistsMessages/Catalogue/", import.meta.url);

/** A language's served messages: its common and web files over English's. */
export function servedMessages(language = "en") {
  const table = {};
  for (const tag of language === "en" ? ["en"] : ["en", language]) {
    for (const area of ["common", "web"]) {
      const file = new URL(`${tag}.${area}.json`, CATALOGUE);
      if (existsSync(file)) Object.assign(table, JSON.parse(readFileSync(file, "utf8")));
    }
  }
  return table;
}

/** Loads the web app's messages.js with a language's messages; resolves to the module. */
export async function useCatalogue(language = "en") {
  const messages = await importWeb("/messages.js");
  messages.setMessages(servedMessages(language), language);
  return messages;
}
