// The shopping part of the JSON API (/work/notes/shopping-contract.md, docs/API.md): the
// catalogue of items and the shopping lists that point at them. Every call resolves to the
// parsed body or rejects with an ApiError, as api.js's do.

import { request } from "/api.js";

const enc = encodeURIComponent;
const entry = (listID, itemID) => `/shopping-lists/${enc(listID)}/entries/${enc(itemID)}`;

export const shopApi = {
  /** {currency, items: [Item]} in alphabetical order; `{notModified}` when `etag` still matches. */
  catalogue: (etag) => request("GET", "/catalogue", { ifNoneMatch: etag }),
  /** {items: [Item]}: catalogue items whose name matches `q`, ignoring case and accents. */
  search: (q, limit, signal) =>
    request("GET", `/catalogue/search?q=${enc(q)}&limit=${limit}`, { signal }),
  item: (id) => request("GET", `/catalogue/${enc(id)}`),
  /** `fields`: {name, price?, unit?, category?}; price is the text the user typed, or null. */
  addItem: (fields) => request("POST", "/catalogue", { body: fields }),
  updateItem: (id, changes, revision) =>
    request("PATCH", `/catalogue/${enc(id)}`, { body: changes, ifMatch: revision }),
  /** {item, removedFromLists}. */
  deleteItem: (id, revision) => request("DELETE", `/catalogue/${enc(id)}`, { ifMatch: revision }),

  /** {lists: [ShoppingList]} by name. */
  lists: (etag) => request("GET", "/shopping-lists", { ifNoneMatch: etag }),
  createList: (name) => request("POST", "/shopping-lists", { body: { name } }),
  /** {list, lines, totals}: the lines in shopping order. */
  contents: (id, etag) => request("GET", `/shopping-lists/${enc(id)}`, { ifNoneMatch: etag }),
  renameList: (id, name, revision) =>
    request("PATCH", `/shopping-lists/${enc(id)}`, { body: { name }, ifMatch: revision }),
  deleteList: (id, revision) => request("DELETE", `/shopping-lists/${enc(id)}`, { ifMatch: revision }),

  /** Puts a catalogue item on a list (or sets its quantity there); resolves to the line. */
  put: (listID, itemID, quantity) =>
    request("PUT", entry(listID, itemID), { body: quantity ? { quantity } : undefined }),
  /** Puts an item on a list by name, creating it in the catalogue if needed: {line, createdItem}. */
  putNamed: (listID, name) =>
    request("POST", `/shopping-lists/${enc(listID)}/entries`, { body: { name } }),
  /** `changes`: {quantity?, inCart?}, made against the line's `revision`; resolves to the line. */
  updateEntry: (listID, itemID, changes, revision) =>
    request("PATCH", entry(listID, itemID), { body: changes, ifMatch: revision }),
  removeEntry: (listID, itemID) => request("DELETE", entry(listID, itemID)),
  /** Clears the entries in the cart: {cleared, contents}. */
  finish: (listID) => request("POST", `/shopping-lists/${enc(listID)}/finish`),
};
