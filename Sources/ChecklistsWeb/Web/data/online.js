// What needs a connection: the reads the app does not keep offline (search, smart lists, trips,
// price history, templates, sharing, invite links, tokens, settings) and the writes that say
// "needs a connection" when offline. Screens ask the store for them (they never call the API
// themselves) — each is a request built from the route table's operation id (data/routes.js),
// sent through the store's `call`, so the connection banner follows its answer too.
//
// A write the app can keep while offline is an operation of data/ops/ instead.

import { route } from "/data/routes.js";

/**
 * The store's requests that need a connection, sent with `call(method, path, options)` (the
 * store's `request` that keeps the connection state). Each resolves to the API's answer or
 * rejects with its ApiError (`error.isNetwork` offline).
 */
export function onlineRequests(call) {
  const ask = (operationId, params, options) => {
    const [method, path] = route(operationId, params);
    return call(method, path, options);
  };
  const invitesOf = (listKind) => (listKind === "shoppingList" ? ["ShoppingListInvite", "listID"] : ["ChecklistInvite", "id"]);
  return {
    // Search and smart lists (the screens fall back to what is kept when offline).
    search: (q) => ask("search", { query: { q } }),
    smartLists: (tz) => ask("listSmartLists", { query: { tz: tz || undefined } }),
    smartList: (kind, tz) => ask("getSmartList", { kind, query: { tz: tz || undefined } }),
    // Shopping: trips and spending, a catalogue item's prices, the starter set, a shared list's add by name.
    trips: ({ limit } = {}) => ask("listTrips", { query: { limit } }),
    trip: (tripID) => ask("getTrip", { tripID }),
    spending: ({ months, tz }) => ask("getSpending", { query: { months, tz } }),
    priceHistory: (itemID) => ask("getPriceHistory", { itemID }),
    starterSet: () => ask("getStarterSet"),
    addStarterSet: (names) => ask("addStarterSet", {}, { body: { names } }),
    /** A name added to a list someone shared: the owner's catalogue finds or makes the item. */
    addEntryByName: (listID, name) => ask("addEntryByName", { listID }, { body: { name } }),
    // Templates.
    templates: () => ask("listTemplates"),
    saveTemplate: (body) => ask("saveTemplate", {}, { body }),
    deleteTemplate: (id) => ask("deleteTemplate", { id }),
    startTemplate: (id, body) => ask("startTemplate", { id }, { body }),
    // Sharing and invite links (listKind "checklist" or "shoppingList").
    listMembers: (listID) => ask("getListMembers", { listID }),
    share: (listID, user, role) => ask("shareList", { listID, user }, { body: { role } }),
    unshare: (listID, user) => ask("unshareList", { listID, user }),
    leave: (listID) => ask("leaveSharedList", { listID }),
    invites(listKind, listID) {
      const [name, key] = invitesOf(listKind);
      return ask(`list${name}s`, { [key]: listID });
    },
    createInvite(listKind, listID, body) {
      const [name, key] = invitesOf(listKind);
      return ask(`create${name}`, { [key]: listID }, { body });
    },
    revokeInvite: (inviteID) => ask("revokeInvite", { inviteID }),
    // The account: API tokens and settings.
    tokens: () => ask("listTokens"),
    /** `password` again, as `checklists login` asks: a wrong one is a 401 ApiError, not a signed-out session. */
    createToken: (user, password, name) => ask("createToken", {}, { body: { user, password, name }, checksPassword: true }),
    revokeToken: (tokenID) => ask("revokeToken", { tokenID }),
    settings: () => ask("getSettings"),
    updateSettings: (changes) => ask("updateSettings", {}, { body: changes }),
  };
}
