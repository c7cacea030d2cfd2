// The Shopping tab's URLs (the server answers index.html for every "/shopping…" path):
//   /shopping                        the current shopping list (replaced by its own URL)
//   /shopping/lists                  Shopping Lists: pick, add, rename, delete lists
//   /shopping/lists/new              Add Shopping List
//   /shopping/lists/{id}             Shopping List (the lines, totals, Finish Shopping)
//   /shopping/lists/{id}/edit        Edit Shopping List
//   /shopping/items                  Items (the catalogue)
//   /shopping/items/new[?name=…]     Add Item
//   /shopping/items/{id}/edit        Edit Item (with the item's price history)
//   /shopping/trips                  Trips: past trips, spending per month, CSV export
//   /shopping/trips/{id}             One trip's lines
//   /shopping/settings               Settings: the currency, Import…

const CURRENT_LIST_KEY = "checklists.shoppingList";

/** The shopping list the Items screen puts items on, as last opened on this device. */
export const currentListID = () => localStorage.getItem(CURRENT_LIST_KEY);

export function setCurrentListID(id) {
  if (id) localStorage.setItem(CURRENT_LIST_KEY, id);
  else localStorage.removeItem(CURRENT_LIST_KEY);
}

const enc = encodeURIComponent;
export const shopPaths = {
  current: () => "/shopping",
  lists: () => "/shopping/lists",
  newList: () => "/shopping/lists/new",
  list: (id) => `/shopping/lists/${enc(id)}`,
  editList: (id) => `/shopping/lists/${enc(id)}/edit`,
  items: () => "/shopping/items",
  newItem: (name) => (name ? `/shopping/items/new?name=${enc(name)}` : "/shopping/items/new"),
  editItem: (id) => `/shopping/items/${enc(id)}/edit`,
  trips: () => "/shopping/trips",
  trip: (id) => `/shopping/trips/${enc(id)}`,
  settings: () => "/shopping/settings",
};

/** Where the Shopping tab starts: the current list, once one was opened on this device. */
export function currentShoppingPath() {
  const id = currentListID();
  return id ? shopPaths.list(id) : shopPaths.current();
}

/** The route for the path segments after "shopping". */
export function parseShoppingRoute(parts) {
  const [section, id, action] = parts;
  if (parts.length === 0) return { name: "shopping" };
  if (section === "lists") {
    if (parts.length === 1) return { name: "shoppingLists" };
    if (parts.length === 2) return id === "new" ? { name: "shoppingListForm", id: null } : { name: "shoppingList", id };
    if (parts.length === 3 && action === "edit" && id !== "new") return { name: "shoppingListForm", id };
  }
  if (section === "items") {
    if (parts.length === 1) return { name: "catalogue" };
    if (parts.length === 2 && id === "new") return { name: "catalogueItemForm", id: null };
    if (parts.length === 3 && action === "edit") return { name: "catalogueItemForm", id };
  }
  if (section === "trips") {
    if (parts.length === 1) return { name: "trips" };
    if (parts.length === 2) return { name: "trip", id };
  }
  if (section === "settings" && parts.length === 1) return { name: "shoppingSettings" };
  return { name: "notFound" };
}

/** Whether a route belongs to the Shopping tab. */
export const isShoppingRoute = (route) =>
  ["shopping", "shoppingLists", "shoppingList", "shoppingListForm", "catalogue", "catalogueItemForm", "trips", "trip",
    "shoppingSettings"].includes(route.name);

/** The screen a shopping screen's Back, Cancel or Done returns to (null for the tab's root). */
export function shoppingParent(route) {
  switch (route.name) {
    case "shopping":
    case "shoppingList":
    case "shoppingListForm":
      return shopPaths.lists();
    case "catalogue":
    case "trips": {
      const id = currentListID();
      return id ? shopPaths.list(id) : shopPaths.current();
    }
    case "catalogueItemForm":
      return shopPaths.items();
    case "trip":
      return shopPaths.trips();
    case "shoppingSettings":
      return shopPaths.lists();
    default:
      return null;
  }
}
