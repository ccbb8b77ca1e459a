import { ponder } from "ponder:registry";
import { pricedToken, token } from "ponder:schema";
import { lower, ZERO_ADDRESS } from "../store.ts";

/** Spec §3: the native coin's placeholder address (repeated e). */
const NATIVE_TOKEN = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";

/**
 * The PriceFeed names the tokens it prices; the api reads treasury balances of all of them, so a
 * treasury's non-governance tokens are listed too. A new aggregator also makes the stored price stale.
 */
ponder.on("PriceFeed:AggregatorSet", async ({ event, context }) => {
  const chainId = context.chain.id;
  const address = lower(event.args.token);
  const aggregator = lower(event.args.aggregator);
  const values = { aggregator, isActive: aggregator !== ZERO_ADDRESS, updatedAt: event.block.timestamp };
  await context.db
    .insert(pricedToken)
    .values({ chainId, token: address, ...values })
    .onConflictDoUpdate(values);
  if (address === NATIVE_TOKEN) return;
  // Metadata is read when the token is first seen in use; a known token's stored price is now stale.
  if (await context.db.find(token, { chainId, address })) {
    await context.db.update(token, { chainId, address }).set({ priceUpdatedAt: 0n });
  }
});
