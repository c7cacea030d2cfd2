// Sets a shop's section order (the whole order, as after a drag). A state: quick orders are
// sent as one — an order answered 412 (a trip moved the sections meanwhile) is sent again over
// the shop as it is now, at most three times: the order set by hand is the newest wish.

import { route, pathOf } from "/data/routes.js";
import { LIMITS, evenRanks, sectionKey, validated } from "/data/ops-apply.js";
import { sameShopID, shop } from "/data/ops/op-targets.js";

export default {
  kind: "orderShop",
  scope: "shops",
  target: shop,
  role: "update",
  merges: true,

  /** `store.orderShop(shopID, [category, …])`. */
  edit(ctx, shopID, categories) {
    const sections = categories.map((c) => validated(c, ...LIMITS.category));
    const keys = new Set(sections.map(sectionKey));
    if (keys.size !== sections.length) throw new Error("A section order names each category once.");
    ctx.enqueue({ kind: "orderShop", shopID, body: { sections }, base: ctx.shownRevision("shop", shopID) });
    return shopID;
  },

  request: (op) => [...route("updateShop", { shopID: op.shopID }), { body: op.body, ifMatch: op.base }],

  apply(v, op, { flag }) {
    const index = v.find(op.shopID);
    if (index >= 0) v.shops[index] = flag({ ...v.shops[index], sections: evenRanks(op.body.sections) }, op);
  },
  shownShop(shown, op) {
    if (!sameShopID(op.shopID, shown?.id)) return shown;
    return { ...shown, sections: evenRanks(op.body.sections), _pending: true };
  },

  settle(op, answer, { confirm }) {
    confirm.putShop(answer);
    return answer.revision;
  },
  /** 412 or 404: read the shop; a deleted shop takes its order with it, else send again over it. */
  async failed(op, error, outbox) {
    if (error.status !== 412 && error.status !== 404) return false;
    const read = await outbox.http("GET", pathOf("getShop", { shopID: op.shopID }));
    if (!read.ok) {
      if (read.error.status !== 404) {
        outbox.refuse(op, error.detail || error.message);
        return true;
      }
      outbox.host.confirm.removeShop(op.shopID);
      await outbox.settle(op, null, { skipApply: true });
      return true;
    }
    const current = read.answer;
    outbox.host.confirm.putShop(current);
    op.staleTries = (op.staleTries ?? 0) + 1;
    if (error.status !== 412 || op.staleTries > 3 || current.revision === op.base) {
      outbox.refuse(op, error.detail || error.message);
      return true;
    }
    op.base = current.revision;
    outbox.save(op);
    return true;
  },
};
