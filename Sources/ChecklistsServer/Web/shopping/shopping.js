// The Shopping tab: its screens by route, and what every live change means for its data.
// app.js loads this module when the tab first shows; routes are in shopping-routes.js.

import { catalogueScreen } from "/shopping/catalogue.js";
import { itemFormScreen } from "/shopping/catalogue-item-form.js";
import { shoppingListScreen } from "/shopping/shopping-list.js";
import { shoppingListFormScreen, shoppingListsScreen } from "/shopping/shopping-lists.js";
import { noteCatalogueChange, shop } from "/shopping-store.js";

/** The screen for a Shopping tab route: { ready, refresh(changes), wants(change), dispose }. */
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
    default:
      return null;
  }
}

/**
 * Notes every live change, whichever screen shows: the loaded catalogue learns which items to
 * fetch again, and cached lists which answers are stale.
 */
export function shoppingChanged(change) {
  if (change.scope === "catalogue") {
    noteCatalogueChange(change);
  } else if (change.scope === "shoppingList" || change.scope === "sharing") {
    // A share changes no revision, so a list's answer would still be "304 Not Modified".
    shop.listsETag = null;
    const id = (change.collectionID || "").toUpperCase();
    for (const [listID, contents] of shop.contents) {
      if (listID.toUpperCase() === id) contents.etag = null;
    }
  }
}

/** After the live updates reconnected from scratch (changes may have been missed). */
export function shoppingResync() {
  noteCatalogueChange(null);
}
