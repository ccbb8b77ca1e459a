import { pricedToken, pricedTokenList, token } from "ponder:schema";
import { on } from "../on.ts";
import { lower, NATIVE_TOKEN, ZERO_ADDRESS } from "../store.ts";

/**
 * The PriceFeed names the tokens it prices; the api reads treasury balances of all of them, and the
 * statistics snapshots read each pool's balance of them on chain for TVL, so a treasury's
 * non-governance tokens and native coin are counted too. A new aggregator also makes the stored
 * price stale.
 */
on("PriceFeed:AggregatorSet", async ({ event, context }) => {
  const chainId = context.chain.id;
  const address = lower(event.args.token);
  const aggregator = lower(event.args.aggregator);
  const isActive = aggregator !== ZERO_ADDRESS;
  const ts = event.block.timestamp;
  const values = { aggregator, isActive, priceUpdatedAt: 0n, updatedAt: ts };
  await context.db
    .insert(pricedToken)
    .values({ chainId, token: address, ...values })
    .onConflictDoUpdate(values);
  const list = await context.db.find(pricedTokenList, { chainId });
  const tokens = (list?.tokens ?? []).filter((t) => t !== address);
  if (isActive) tokens.push(address);
  await context.db
    .insert(pricedTokenList)
    .values({ chainId, tokens, updatedAt: ts })
    .onConflictDoUpdate({ tokens, updatedAt: ts });
  if (address === NATIVE_TOKEN) return;
  // Metadata is read when the token is first seen in use; a known token's stored price is now stale.
  if (await context.db.find(token, { chainId, address })) {
    await context.db.update(token, { chainId, address }).set({ priceUpdatedAt: 0n });
  }
});
