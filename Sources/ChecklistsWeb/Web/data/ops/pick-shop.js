// Picks the shop a list is shopped in (null: none), remembered per list — the list's lines take
// that shop's order. A state: quick picks are sent as one.

import { route } from "/data/routes.js";
import { sameShopID, shoppingList } from "/data/ops/op-targets.js";

export default {
  kind: "pickShop",
  scope: "shoppingList",
  target: shoppingList,
  role: "action",
  merges: true,

  edit(ctx, listID, shopID) {
    ctx.enqueue({ kind: "pickShop", listID, body: { shopID: shopID ?? null } });
    return listID;
  },

  request: (op) => [...route("pickShop", { listID: op.listID }), { body: op.body }],

  /** The shop the list shows once this pick is applied. */
  shownShop(shop, op, { kept, shops, listShops }) {
    const id = op.body?.shopID ?? null;
    if (!id) return null;
    if (shop && sameShopID(shop.id, id)) return shop;
    return shops()?.find((s) => sameShopID(s.id, id))
      ?? listShops().find((s) => sameShopID(s.id, id))
      ?? (kept && sameShopID(kept.id, id) ? kept : { id, name: "", revision: 0, sections: [], itemRanks: {} });
  },

  settle(op, answer, { confirm }) {
    if (answer?.list) confirm.putShoppingContents(answer.contents ?? answer);
  },
};
