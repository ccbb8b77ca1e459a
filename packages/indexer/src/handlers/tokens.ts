import type { Event } from "ponder:registry";
import { blacklist, expert, nftOwner, pool } from "ponder:schema";
import type { Address } from "viem";
import { on } from "../on.ts";
import {
  addHolderBalance,
  addTreasuryBalance,
  type Ctx,
  deployedTokenOf,
  ensureToken,
  lower,
  poolOf,
  refreshHolderMembers,
  refreshPoolStats,
  ZERO_ADDRESS,
} from "../store.ts";

/** Treasury bookkeeping: a transfer to or from a pool contract changes that pool's treasury. */
async function touchTreasury(
  ctx: Ctx,
  token: Address,
  from: Address,
  to: Address,
  amount: bigint,
  ts: bigint,
  blockNumber: bigint,
) {
  const chainId = ctx.chain.id;
  for (const [side, sign] of [
    [from, -1n],
    [to, 1n],
  ] as const) {
    if (side === ZERO_ADDRESS) continue;
    const p = await ctx.db.find(pool, { chainId, address: side });
    if (!p) continue;
    await addTreasuryBalance(ctx, side, token, sign * amount, ts);
    await refreshPoolStats(ctx, side, ts, blockNumber);
  }
}

on("GovToken:Transfer", async ({ event, context }) => {
  const token = lower(event.log.address);
  const from = lower(event.args.from);
  const to = lower(event.args.to);
  const ts = event.block.timestamp;
  // A DAO's new token is first seen minting in the DAO's deployment, whose parameters name it.
  await ensureToken(context, token, false, deployedTokenOf(context, event));
  await addHolderBalance(context, token, from, -event.args.value, ts);
  await addHolderBalance(context, token, to, event.args.value, ts);
  await touchTreasury(context, token, from, to, event.args.value, ts, event.block.number);
  await refreshHolderMembers(context, token, [from, to]);
});

/** An account put on (or taken off) a token's blacklist: one row per token and account, last state wins. */
async function setBlacklisted(
  context: Ctx,
  event: { log: { address: Address }; args: { account: Address }; block: { timestamp: bigint } },
  isActive: boolean,
) {
  const values = { isActive, updatedAt: event.block.timestamp };
  await context.db
    .insert(blacklist)
    .values({
      chainId: context.chain.id,
      token: lower(event.log.address),
      address: lower(event.args.account),
      ...values,
    })
    .onConflictDoUpdate(values);
}

on("GovToken:BlacklistAdded", async ({ event, context }) => {
  await setBlacklisted(context, event, true);
});

on("GovToken:BlacklistRemoved", async ({ event, context }) => {
  await setBlacklisted(context, event, false);
});

on("GovNft:Transfer", async ({ event, context }) => {
  const token = lower(event.log.address);
  const from = lower(event.args.from);
  const to = lower(event.args.to);
  const ts = event.block.timestamp;
  const chainId = context.chain.id;
  await ensureToken(context, token, true);
  if (to === ZERO_ADDRESS) {
    await context.db.delete(nftOwner, { chainId, token, tokenId: event.args.tokenId });
  } else {
    await context.db
      .insert(nftOwner)
      .values({ chainId, token, tokenId: event.args.tokenId, owner: to, updatedAt: ts })
      .onConflictDoUpdate({ owner: to, updatedAt: ts });
  }
  await addHolderBalance(context, token, from, -1n, ts);
  await addHolderBalance(context, token, to, 1n, ts);
  await touchTreasury(context, token, from, to, 1n, ts, event.block.number);
  await refreshHolderMembers(context, token, [from, to]);
});

/** Expert badges are soulbound: a mint grants the expert role, a burn removes it. */
async function onExpertTransfer(
  { event, context }: { event: ExpertTransfer; context: Ctx },
  isGlobal: boolean,
) {
  const nft = lower(event.log.address);
  const from = lower(event.args.from);
  const to = lower(event.args.to);
  const ts = event.block.timestamp;
  const chainId = context.chain.id;
  // Local badges are minted by proposals, after the pool is known; global ones belong to no pool.
  const poolAddress = isGlobal ? null : await poolOf(context, nft);
  await ensureToken(context, nft, true);
  if (to !== ZERO_ADDRESS) {
    await context.db
      .insert(nftOwner)
      .values({ chainId, token: nft, tokenId: event.args.tokenId, owner: to, updatedAt: ts })
      .onConflictDoUpdate({ owner: to, updatedAt: ts });
    const values = { tokenId: event.args.tokenId, isActive: true, updatedAt: ts };
    await context.db
      .insert(expert)
      .values({ chainId, nft, address: to, pool: poolAddress, isGlobal, ...values })
      .onConflictDoUpdate(values);
  } else {
    await context.db.delete(nftOwner, { chainId, token: nft, tokenId: event.args.tokenId });
  }
  if (from !== ZERO_ADDRESS) {
    await context.db
      .insert(expert)
      .values({
        chainId,
        nft,
        address: from,
        pool: poolAddress,
        isGlobal,
        tokenId: event.args.tokenId,
        isActive: false,
        updatedAt: ts,
      })
      .onConflictDoUpdate({ isActive: false, updatedAt: ts });
  }
}

type ExpertTransfer = Event<"ExpertNft:Transfer">;
on("ExpertNft:Transfer", (args) => onExpertTransfer(args, false));
on("GlobalExpertNft:Transfer", (args) => onExpertTransfer(args, true));
