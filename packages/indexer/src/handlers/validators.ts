import { validatorProposal, validatorsPrelude, validatorVote, validatorVoter } from "ponder:schema";
import type { Address } from "viem";
import { on } from "../on.ts";
import {
  bumpPool,
  type Ctx,
  eventRow,
  type LogEvent,
  lower,
  poolOf,
  recordActivity,
  refreshPoolStats,
  setValidatorBalances,
  trackAllProposals,
  trackInternalProposal,
  trackProposal,
} from "../store.ts";

/**
 * A validators' proposal changed (internal, or an on-chain proposal's second stage): its active state is
 * tracked again, then the pool's figures.
 */
async function stageChanged(
  ctx: Ctx,
  poolAddress: Address,
  isInternal: boolean,
  proposalId: bigint,
  block: { timestamp: bigint; number: bigint },
) {
  if (isInternal) await trackInternalProposal(ctx, poolAddress, proposalId, block.timestamp);
  else await trackProposal(ctx, poolAddress, proposalId, block.timestamp);
  await refreshPoolStats(ctx, poolAddress, block.timestamp, block.number);
}

/** GovValidators events: validator balances, internal proposals and the external second stage. */

async function changeVoter(
  ctx: Ctx,
  key: { pool: Address; isInternal: boolean; proposalId: bigint; voter: Address },
  ts: bigint,
  deltaFor: bigint,
  deltaAgainst: bigint,
) {
  const chainId = ctx.chain.id;
  await ctx.db
    .insert(validatorVoter)
    .values({ chainId, ...key, votedFor: deltaFor, votedAgainst: deltaAgainst, updatedAt: ts })
    .onConflictDoUpdate((row) => ({
      votedFor: row.votedFor + deltaFor,
      votedAgainst: row.votedAgainst + deltaAgainst,
      updatedAt: ts,
    }));
  await ctx.db
    .insert(validatorProposal)
    .values({
      chainId,
      pool: key.pool,
      isInternal: key.isInternal,
      proposalId: key.proposalId,
      votesFor: deltaFor,
      votesAgainst: deltaAgainst,
      createdAt: ts,
      updatedAt: ts,
    })
    .onConflictDoUpdate((row) => ({
      votesFor: row.votesFor + deltaFor,
      votesAgainst: row.votesAgainst + deltaAgainst,
      updatedAt: ts,
    }));
}

on("GovValidators:ValidatorProposalCreated", async ({ event, context }) => {
  const poolAddress = await poolOf(context, event.log.address, event.block.number);
  if (!poolAddress) return;
  const ts = event.block.timestamp;
  const a = event.args;
  const values = {
    proposalType: Number(a.proposalType),
    creator: lower(a.sender),
    descriptionUrl: a.descriptionURL,
    voteEnd: a.voteEnd,
    quorum: a.quorum,
    updatedAt: ts,
  };
  await context.db
    .insert(validatorProposal)
    .values({
      chainId: context.chain.id,
      pool: poolAddress,
      isInternal: a.isInternal,
      proposalId: a.proposalId,
      createdAt: ts,
      ...values,
    })
    .onConflictDoUpdate(values);
  if (a.isInternal) {
    await bumpPool(context, poolAddress, (p) => ({ validatorProposalsCount: p.validatorProposalsCount + 1 }));
    await recordActivity(context, poolAddress, lower(a.sender), "proposals", ts);
  }
  await stageChanged(context, poolAddress, a.isInternal, a.proposalId, event.block);
});

/** A validator's vote history row (1 for, 2 against, 3 cancel), once per log. */
async function logVote(
  ctx: Ctx,
  event: LogEvent,
  key: { pool: Address; isInternal: boolean; proposalId: bigint; voter: Address },
  row: { isVoteFor: boolean; amount: bigint; interaction: 1 | 2 | 3 },
) {
  await ctx.db
    .insert(validatorVote)
    .values({ ...eventRow(ctx, event), ...key, ...row })
    .onConflictDoNothing();
}

on("GovValidators:ValidatorVoted", async ({ event, context }) => {
  const poolAddress = await poolOf(context, event.log.address, event.block.number);
  if (!poolAddress) return;
  const a = event.args;
  const ts = event.block.timestamp;
  const voter = lower(a.voter);
  const key = { pool: poolAddress, isInternal: a.isInternal, proposalId: a.proposalId, voter };
  await logVote(context, event, key, {
    isVoteFor: a.isVoteFor,
    amount: a.amount,
    interaction: a.isVoteFor ? 1 : 2,
  });
  await changeVoter(context, key, ts, a.isVoteFor ? a.amount : 0n, a.isVoteFor ? 0n : a.amount);
  await stageChanged(context, poolAddress, a.isInternal, a.proposalId, event.block);
});

on("GovValidators:ValidatorVoteCanceled", async ({ event, context }) => {
  const poolAddress = await poolOf(context, event.log.address, event.block.number);
  if (!poolAddress) return;
  const a = event.args;
  const ts = event.block.timestamp;
  const voter = lower(a.voter);
  const key = { pool: poolAddress, isInternal: a.isInternal, proposalId: a.proposalId, voter };
  const current = await context.db.find(validatorVoter, { chainId: context.chain.id, ...key });
  const votedFor = current?.votedFor ?? 0n;
  const votedAgainst = current?.votedAgainst ?? 0n;
  await logVote(context, event, key, {
    isVoteFor: votedFor >= votedAgainst,
    amount: votedFor + votedAgainst,
    interaction: 3,
  });
  await changeVoter(context, key, ts, -votedFor, -votedAgainst);
  await stageChanged(context, poolAddress, a.isInternal, a.proposalId, event.block);
});

on("GovValidators:ValidatorQuorumReached", async ({ event, context }) => {
  const poolAddress = await poolOf(context, event.log.address, event.block.number);
  if (!poolAddress) return;
  const ts = event.block.timestamp;
  const values = { quorumReachedAt: ts, executeAfter: event.args.executeAfter, updatedAt: ts };
  await context.db
    .insert(validatorProposal)
    .values({
      chainId: context.chain.id,
      pool: poolAddress,
      isInternal: event.args.isInternal,
      proposalId: event.args.proposalId,
      createdAt: ts,
      ...values,
    })
    .onConflictDoUpdate(values);
  await stageChanged(context, poolAddress, event.args.isInternal, event.args.proposalId, event.block);
});

on("GovValidators:ValidatorProposalExecuted", async ({ event, context }) => {
  const poolAddress = await poolOf(context, event.log.address, event.block.number);
  if (!poolAddress) return;
  const ts = event.block.timestamp;
  await context.db
    .update(validatorProposal, {
      chainId: context.chain.id,
      pool: poolAddress,
      isInternal: event.args.isInternal,
      proposalId: event.args.proposalId,
    })
    .set({ executedAt: ts, updatedAt: ts });
  await stageChanged(context, poolAddress, event.args.isInternal, event.args.proposalId, event.block);
});

on("GovValidators:ChangedValidatorsBalances", async ({ event, context }) => {
  if (event.args.validators.length === 0) return;
  const chainId = context.chain.id;
  const contract = lower(event.log.address);
  const balances = event.args.validators.map((v, i): [Address, bigint] => [
    lower(v),
    event.args.newBalance[i] ?? 0n,
  ]);
  const poolAddress = await poolOf(context, contract);
  if (!poolAddress) {
    // Logged in the deployment transaction, before PoolFactory announces the pool: the announcement takes them
    // (the event carries everything, nothing is read on chain).
    const prelude = await context.db.find(validatorsPrelude, { chainId, validators: contract });
    const kept = { ...prelude?.balances };
    for (const [address, balance] of balances) kept[address] = balance.toString();
    await context.db
      .insert(validatorsPrelude)
      .values({ chainId, validators: contract, balances: kept })
      .onConflictDoUpdate({ balances: kept });
    return;
  }
  const delta = await setValidatorBalances(context, poolAddress, balances, event.block.timestamp);
  if (delta !== 0) {
    const before = await bumpPool(context, poolAddress, (p) => ({
      validatorsCount: p.validatorsCount + delta,
    }));
    // Whether the pool has validators decides where a proposal past its vote goes.
    const after = (before?.validatorsCount ?? 0) + delta;
    if (before && before.validatorsCount > 0 !== after > 0) {
      await trackAllProposals(context, poolAddress, event.block.timestamp);
      await refreshPoolStats(context, poolAddress, event.block.timestamp, event.block.number);
    }
  }
});
