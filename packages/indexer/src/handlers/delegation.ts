import { delegatee, delegation, delegationEvent, vote } from "ponder:schema";
import type { Address } from "viem";
import { on } from "../on.ts";
import { type Ctx, changeMember, eventRow, type LogEvent, lower, refreshPoolStats } from "../store.ts";
import { applyVoterChange, INTERACTION, logInteraction } from "../votes.ts";

/** Spec enumeration "Delegation type". */
const DELEGATION_TYPE = { delegate: 1, undelegate: 2 } as const;

const ids = (nftIds: readonly bigint[]) => nftIds.map((id) => id.toString());

type Change = {
  kind: "delegate" | "undelegate" | "treasury-delegate" | "treasury-undelegate";
  delegator: Address;
  delegatee: Address;
  amount: bigint;
  nftIds: readonly bigint[];
  power: bigint;
  /** The delegatee's micropool (treasury power for treasury changes) after the change. */
  total: bigint;
};

/** One delegation change: the history row (once per log, so a replay changes nothing), the pair's current
 * delegation and the delegatee's balances. */
async function recordChange(ctx: Ctx, event: LogEvent, c: Change) {
  const chainId = ctx.chain.id;
  const poolAddress = lower(event.log.address);
  const ts = event.block.timestamp;
  const row = eventRow(ctx, event);
  if (await ctx.db.find(delegationEvent, { id: row.id })) return;
  const isAdd = c.kind === "delegate" || c.kind === "treasury-delegate";
  await ctx.db.insert(delegationEvent).values({
    ...row,
    pool: poolAddress,
    delegator: c.delegator,
    delegatee: c.delegatee,
    kind: c.kind,
    delegationType: isAdd ? DELEGATION_TYPE.delegate : DELEGATION_TYPE.undelegate,
    amount: c.amount,
    nftIds: ids(c.nftIds),
    power: c.power,
    delegateePower: c.total,
    logIndex: event.log.logIndex,
  });

  const accountKey = { chainId, pool: poolAddress, account: c.delegatee };
  const account = await ctx.db.find(delegatee, accountKey);
  if (c.kind === "treasury-delegate" || c.kind === "treasury-undelegate") {
    const before = account?.treasuryNftIds ?? [];
    const moved = ids(c.nftIds);
    const values = {
      treasuryAmount: (account?.treasuryAmount ?? 0n) + (isAdd ? c.amount : -c.amount),
      treasuryNftIds: isAdd ? [...before, ...moved] : before.filter((n) => !moved.includes(n)),
      treasuryPower: c.total,
      updatedAt: ts,
    };
    await ctx.db
      .insert(delegatee)
      .values({ ...accountKey, ...values })
      .onConflictDoUpdate(values);
    return;
  }

  const pairKey = { chainId, pool: poolAddress, delegator: c.delegator, delegatee: c.delegatee };
  const pair = await ctx.db.find(delegation, pairKey);
  const wasDelegating = pair !== null && pair.power > 0n;
  const before = pair?.nftIds ?? [];
  const moved = ids(c.nftIds);
  const pairValues = {
    amount: (pair?.amount ?? 0n) + (isAdd ? c.amount : -c.amount),
    nftIds: isAdd ? [...before, ...moved] : before.filter((n) => !moved.includes(n)),
    power: (pair?.power ?? 0n) + (isAdd ? c.power : -c.power),
    updatedAt: ts,
  };
  await ctx.db
    .insert(delegation)
    .values({ ...pairKey, ...pairValues, createdAt: ts })
    .onConflictDoUpdate(pairValues);
  const sign = isAdd ? 1n : -1n;
  const nfts = (isAdd ? 1 : -1) * c.nftIds.length;
  await changeMember(ctx, poolAddress, c.delegator, ts, (m) => ({
    delegatedOutTokens: m.delegatedOutTokens + sign * c.amount,
    delegatedOutNfts: m.delegatedOutNfts + nfts,
  }));
  await changeMember(ctx, poolAddress, c.delegatee, ts, (m) => ({
    delegatedInTokens: m.delegatedInTokens + sign * c.amount,
    delegatedInNfts: m.delegatedInNfts + nfts,
  }));
  const isDelegating = pairValues.power > 0n;
  const values = {
    micropoolPower: c.total,
    delegatorsCount:
      (account?.delegatorsCount ?? 0) +
      (isDelegating && !wasDelegating ? 1 : 0) -
      (wasDelegating && !isDelegating ? 1 : 0),
    updatedAt: ts,
  };
  await ctx.db
    .insert(delegatee)
    .values({ ...accountKey, ...values })
    .onConflictDoUpdate(values);
}

type Moved = { amount: bigint; nftIds: readonly bigint[]; power: bigint };

/** A member's delegation to a delegatee's micropool, as the Delegated and Undelegated logs carry it. */
const micropoolChange = (
  kind: "delegate" | "undelegate",
  a: Moved & { delegator: Address; delegatee: Address; micropoolPower: bigint },
): Change => ({
  kind,
  delegator: lower(a.delegator),
  delegatee: lower(a.delegatee),
  amount: a.amount,
  nftIds: a.nftIds,
  power: a.power,
  total: a.micropoolPower,
});

/** The pool's treasury delegation to an expert: the pool itself is the delegator. */
const treasuryChange = (
  kind: "treasury-delegate" | "treasury-undelegate",
  pool: Address,
  a: Moved & { expert: Address; treasuryPower: bigint },
): Change => ({
  kind,
  delegator: lower(pool),
  delegatee: lower(a.expert),
  amount: a.amount,
  nftIds: a.nftIds,
  power: a.power,
  total: a.treasuryPower,
});

on("GovPool:Delegated", async ({ event, context }) => {
  await recordChange(context, event, micropoolChange("delegate", event.args));
});

on("GovPool:Undelegated", async ({ event, context }) => {
  await recordChange(context, event, micropoolChange("undelegate", event.args));
});

on("GovPool:TreasuryDelegated", async ({ event, context }) => {
  await recordChange(context, event, treasuryChange("treasury-delegate", event.log.address, event.args));
});

on("GovPool:TreasuryUndelegated", async ({ event, context }) => {
  await recordChange(context, event, treasuryChange("treasury-undelegate", event.log.address, event.args));
});

/** A delegatee's micropool (type 1), a delegator's delegated power (type 2) or an expert's treasury power (type 3)
 * cast or re-cast on a proposal. */
on("GovPool:PowerVoted", async ({ event, context }) => {
  const chainId = context.chain.id;
  const poolAddress = lower(event.log.address);
  const a = event.args;
  const voter = lower(a.voter);
  const voteType = Number(a.voteType) as 1 | 2 | 3;
  const key = { chainId, pool: poolAddress, proposalId: a.proposalId, voter };
  const before = await context.db.find(vote, { ...key, voteType });
  const previous = before && !before.isCancelled ? before.amount : 0n;
  const recorded = await logInteraction(context, event, {
    pool: poolAddress,
    proposalId: a.proposalId,
    voter,
    interaction: a.isVoteFor ? INTERACTION.voteFor : INTERACTION.voteAgainst,
    voteType,
    isVoteFor: a.isVoteFor,
    // what this cast added (negative when a re-cast took power away)
    amount: a.rawVoted - previous,
    totalRawVoted: a.rawVoted,
    totalVoted: a.totalVoted,
    nftIds: [],
  });
  if (!recorded) return;
  await applyVoterChange(
    context,
    key,
    a.isVoteFor,
    { [voteType]: { amount: a.rawVoted } },
    a.totalVoted,
    event.block.timestamp,
  );
  await refreshPoolStats(context, poolAddress, event.block.timestamp, event.block.number);
});
