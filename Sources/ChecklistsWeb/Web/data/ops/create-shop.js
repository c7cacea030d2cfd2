// Makes a shop (names are unique ignoring case). A name made on another device meanwhile is
// that shop: this device's later edits of it go there.

import { route, pathOf } from "/data/routes.js";
import { LIMITS, fold, validated } from "/data/ops-apply.js";
import { sameShopID, shop } from "/data/ops/op-targets.js";
import { t } from "/messages.js";

export default {
  kind: "createShop",
  scope: "shops",
  target: shop,
  role: "create",

  /** `store.createShop(name)` → the shop's id (sent as "clientID"); a name the user's shops have throws. */
  edit(ctx, name) {
    const clean = validated(name, ...LIMITS.shopName);
    const taken = ctx.shopsView()?.find((s) => fold(s.name) === fold(clean));
    if (taken) throw new Error(t("web.rules.shopTaken", { name: taken.name }));
    const id = ctx.uuid();
    ctx.enqueue({ kind: "createShop", shopID: id, body: { name: clean, clientID: id } });
    return id;
  },

  request: (op) => [...route("addShop"), { body: op.body }],

  apply(v, op, { flag }) {
    if (v.find(op.shopID) < 0) v.shops.push(flag({ id: op.shopID, name: op.body.name, revision: 0, sections: [], itemRanks: {} }, op));
  },
  shownShop(shown, op) {
    if (!sameShopID(op.shopID, shown?.id) || shown.name) return shown;
    return { ...shown, name: op.body.name, _pending: true };
  },

  settle(op, answer, { confirm, remap }) {
    if (answer.id !== op.shopID) remap(op, op.shopID, answer.id);
    confirm.putShop(answer);
    return answer.revision;
  },
  /** 409: the name is taken (made on another device meanwhile): that shop is the one meant. */
  async failed(op, error, outbox) {
    if (error.status !== 409) return false;
    const read = await outbox.http("GET", pathOf("listShops"));
    const key = fold(op.body.name);
    const found = read.ok ? (read.answer.shops ?? []).find((s) => fold(s.name) === key) : null;
    if (found) await outbox.settle(op, found);
    else outbox.refuse(op, error.detail || error.message);
    return true;
  },
};
