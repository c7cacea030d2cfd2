// The Shopping tab: its screens by route. The app's router loads this module when the tab first
// shows; routes are in shopping-routes.js. Every screen paints from the client store
// (/data/store.js) and subscribes to what it shows, so live changes reach them through the store.

import { loadSession } from "/api.js";
import { store } from "/data/store.js";
import { sync } from "/data/sync.js";
import { catalogueScreen } from "/shopping/catalogue.js";
import { itemFormScreen } from "/shopping/catalogue-item-form.js";
import { shoppingListScreen } from "/shopping/shopping-list.js";
import { shoppingListFormScreen, shoppingListsScreen } from "/shopping/shopping-lists.js";
import { tripScreen, tripsScreen } from "/shopping/trips.js";
import { settingsScreen } from "/settings.js";

/**
 * Opens the signed-in user's kept data before the first Shopping screen paints, and starts
 * following the server. The app's router does this too (both calls are idempotent); here it
 * keeps the tab working whichever of the two loads first. Offline, the session can't be asked:
 * the store opens the last user this browser opened.
 */
async function openStore() {
  const known = await Promise.race([loadSession(), new Promise((resolve) => setTimeout(() => resolve(null), 2000))])
    .catch(() => null);
  await store.open(known ? (known.mode === "accounts" ? known.user : null) : undefined);
  sync.start().catch(() => undefined);
}
await openStore();

/** The screen for a Shopping tab route: { ready, refresh(), wants(change), dispose }. */
export function shoppingScreen(route, ctx) {
  switch (route.name) {
    case "shopping":
    case "shoppingList":
      return shoppingListScreen(ctx);
    case "shoppingLists":
      return shoppingListsScreen(ctx);
    case "shoppingListForm":
      return shoppingListFormScreen(ctx);
    case "catalogue":
      return catalogueScreen(ctx);
    case "catalogueItemForm":
      return itemFormScreen(ctx);
    case "trips":
      return tripsScreen(ctx);
    case "trip":
      return tripScreen(ctx);
    case "shoppingSettings":
      return settingsScreen(ctx);
    default:
      return null;
  }
}

/** Live changes reach the Shopping tab through the store's sync; kept for the router that calls it. */
export function shoppingChanged() {}

/** After the live updates reconnected from scratch: the store's sync catches up. */
export function shoppingResync() {}
