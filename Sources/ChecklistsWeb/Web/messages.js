// Every string the app shows, by key, from the server's message catalogue (docs/MESSAGES.md):
// the `web` area of Sources/ChecklistsMessages/Catalogue/<language>.web.json, served as
// /messages/<language>.json. A screen writes t("web.list.delete", { name }), never the words.
//
// A text names its arguments in braces ("Delete '{name}'?"); "{{" and "}}" are literal braces.
// A message with plural forms ({ one: "{count} item", other: "{count} items" }) takes the form
// of its `count` argument under the language's CLDR rules (Intl.PluralRules), as the server's
// MessageCatalogue does. A key missing from the catalogue shows as itself, so it is seen.

let table = {};
let language = "en";
let rules = new Intl.PluralRules(language);

/** Loads a language's messages from the server (the service worker keeps them offline). */
export async function loadMessages(tag = "en") {
  const response = await fetch(`/messages/${encodeURIComponent(tag)}.json`);
  if (!response.ok) throw new Error(`messages ${tag}: ${response.status}`);
  setMessages(await response.json(), tag);
}

/** Uses a table of messages (what loadMessages reads; the unit tests give theirs). */
export function setMessages(messages, tag = "en") {
  table = messages;
  language = tag;
  rules = new Intl.PluralRules(tag);
}

/** The language of the messages in use. */
export const messagesLanguage = () => language;

/** The text of a key with its arguments put in; a `count` argument chooses the plural form. */
export function t(key, args = {}) {
  // Own keys only: "constructor" is no message, as "{toString}" is no argument.
  const message = Object.hasOwn(table, key) ? table[key] : undefined;
  if (message === undefined) return key;
  let text = message;
  if (typeof message === "object") {
    const count = args.count;
    const category = typeof count === "number" ? rules.select(count) : "other";
    text = message[category] ?? message.other ?? "";
  }
  return fill(text, args);
}

/** A text with its arguments put in; an argument not given is left as {name}. */
export function fill(text, args) {
  let result = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if ((c === "{" || c === "}") && text[i + 1] === c) {
      result += c;
      i++;
    } else if (c === "{" && text.indexOf("}", i + 1) > i) {
      const close = text.indexOf("}", i + 1);
      const name = text.slice(i + 1, close);
      result += Object.hasOwn(args, name) ? String(args[name]) : `{${name}}`;
      i = close;
    } else {
      result += c;
    }
  }
  return result;
}
