// The Checklists tab's URLs, as the router parses them (app/router.js) and screens open them.

const enc = encodeURIComponent;

/** The path of each Checklists screen. */
export const paths = {
  lists: () => "/",
  list: (id) => `/lists/${enc(id)}`,
  newList: () => "/lists/new",
  editList: (id) => `/lists/${enc(id)}/edit`,
  icon: (id) => (id ? `/lists/${enc(id)}/edit/icon` : "/lists/new/icon"),
  newItem: (listID) => `/lists/${enc(listID)}/items/new`,
  editItem: (listID, itemID) => `/lists/${enc(listID)}/items/${enc(itemID)}/edit`,
  smart: (kind) => `/smart/${enc(kind)}`,
  search: (query) => `/search?q=${enc(query)}`,
  templates: () => "/templates",
};

/** localStorage key of the list that was open last (a fresh visit to "/" reopens it). */
export const LAST_LIST_KEY = "checklists.lastList";
