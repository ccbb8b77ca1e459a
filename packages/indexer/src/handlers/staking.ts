import { poolContract, staking, stakingPosition, stakingTier } from "ponder:schema";
import type { Address } from "viem";
import { on } from "../on.ts";
import { type Ctx, lower, poolOf } from "../store.ts";

/** The DAO's staking (StakingProposal): enabled or not, tiers and each member's position. */

on("PoolFactory:DaoStakingDeployed", async ({ event, context }) => {
  const chainId = context.chain.id;
  const pool = lower(event.args.govPool);
  const address = lower(event.args.staking);
  await context.db
    .insert(poolContract)
    .values({ chainId, address, pool, kind: "staking" })
    .onConflictDoUpdate({ pool, kind: "staking" });
  await context.db.insert(staking).values({ chainId, pool, address }).onConflictDoUpdate({ address });
});

async function stakingKey(ctx: Ctx, contract: Address) {
  const address = lower(contract);
  return { chainId: ctx.chain.id, staking: address, pool: (await poolOf(ctx, address)) ?? address };
}

on("Staking:StakingEnabled", async ({ event, context }) => {
  const key = await stakingKey(context, event.log.address);
  await context.db
    .insert(staking)
    .values({ chainId: key.chainId, pool: key.pool, address: key.staking, isEnabled: true })
    .onConflictDoUpdate({ isEnabled: true });
});

on("Staking:TierCreated", async ({ event, context }) => {
  const key = await stakingKey(context, event.log.address);
  const a = event.args;
  const ts = event.block.timestamp;
  const values = {
    pool: key.pool,
    metadataUrl: a.metadataURL,
    stakeToken: lower(a.stakeToken),
    rewardToken: lower(a.rewardToken),
    rewardAmount: a.rewardAmount,
    startTime: a.startTime,
    endTime: a.endTime,
    createdAt: ts,
    createdTx: event.transaction.hash,
    updatedAt: ts,
  };
  const tierKey = { chainId: key.chainId, staking: key.staking, tierId: a.tierId };
  const existed = await context.db.find(stakingTier, tierKey);
  await context.db
    .insert(stakingTier)
    .values({ ...tierKey, ...values })
    .onConflictDoUpdate(values);
  if (!existed) {
    await context.db
      .insert(staking)
      .values({ chainId: key.chainId, pool: key.pool, address: key.staking, tiersCount: 1 })
      .onConflictDoUpdate((row) => ({ tiersCount: row.tiersCount + 1 }));
  }
});

/** Applies a stake change (`delta`, signed) or a claim to a position and its tier; counts stakers in and out. */
async function position(
  ctx: Ctx,
  contract: Address,
  tierId: bigint,
  user: Address,
  ts: bigint,
  change: { staked?: bigint; claimed?: bigint },
) {
  const key = await stakingKey(ctx, contract);
  const tierKey = { chainId: key.chainId, staking: key.staking, tierId };
  const id = { ...tierKey, user: lower(user) };
  const before = (await ctx.db.find(stakingPosition, id))?.staked ?? 0n;
  const after = before + (change.staked ?? 0n);
  await ctx.db
    .insert(stakingPosition)
    .values({ ...id, pool: key.pool, staked: after, claimed: change.claimed ?? 0n, updatedAt: ts })
    .onConflictDoUpdate((row) => ({
      staked: after,
      claimed: row.claimed + (change.claimed ?? 0n),
      updatedAt: ts,
    }));
  const tier = await ctx.db.find(stakingTier, tierKey);
  if (!tier) return;
  const joined = before === 0n && after > 0n ? 1 : 0;
  const left = before > 0n && after === 0n ? 1 : 0;
  await ctx.db.update(stakingTier, tierKey).set({
    totalStaked: tier.totalStaked + (change.staked ?? 0n),
    totalClaimed: tier.totalClaimed + (change.claimed ?? 0n),
    stakersCount: tier.stakersCount + joined - left,
    updatedAt: ts,
  });
}

on("Staking:Staked", async ({ event, context }) => {
  const { tierId, user, amount } = event.args;
  await position(context, event.log.address, tierId, user, event.block.timestamp, { staked: amount });
});

on("Staking:Unstaked", async ({ event, context }) => {
  const { tierId, user, amount } = event.args;
  await position(context, event.log.address, tierId, user, event.block.timestamp, { staked: -amount });
});

on("Staking:RewardClaimed", async ({ event, context }) => {
  const { tierId, user, amount } = event.args;
  await position(context, event.log.address, tierId, user, event.block.timestamp, { claimed: amount });
});

on("Staking:TierRecovered", async ({ event, context }) => {
  const key = await stakingKey(context, event.log.address);
  await context.db
    .update(stakingTier, { chainId: key.chainId, staking: key.staking, tierId: event.args.tierId })
    .set({ recoveredAmount: event.args.amount, updatedAt: event.block.timestamp });
});
