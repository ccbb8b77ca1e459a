import {
  depositEvent,
  offchainResults,
  pool,
  proposal,
  rewardClaim,
  settingsSlot,
  vote,
} from "ponder:schema";
import { govSettingsAbi } from "@polity/core/generated/contracts";
import type { Address } from "viem";
import { on } from "../on.ts";
import {
  bumpPool,
  type Ctx,
  changeMember,
  deployParamsOf,
  eventRow,
  type LogEvent,
  lower,
  recordActivity,
  refreshPoolStats,
  settleFallbackMember,
  trackAllProposals,
  trackProposal,
} from "../store.ts";
import { applyVoterChange, INTERACTION, logInteraction, VOTER_KINDS } from "../votes.ts";

const jsonActions = (actions: readonly { executor: Address; value: bigint; data: `0x${string}` }[]) =>
  actions.map((a) => ({ executor: lower(a.executor), value: a.value.toString(), data: a.data }));

const ids = (nftIds: readonly bigint[]) => nftIds.map((id) => id.toString());

/** A deposit into or a withdrawal from the pool: the history row (once per log), then the
 * member's and the pool's deposited tokens and NFTs. */
async function moveDeposit(
  context: Ctx,
  event: LogEvent & { args: { account: Address; amount: bigint; nftIds: readonly bigint[] } },
  kind: "deposit" | "withdraw",
) {
  const poolAddress = lower(event.log.address);
  const account = lower(event.args.account);
  const ts = event.block.timestamp;
  const { amount, nftIds } = event.args;
  const tokens = kind === "deposit" ? amount : -amount;
  const nfts = kind === "deposit" ? nftIds.length : -nftIds.length;
  await context.db
    .insert(depositEvent)
    .values({ ...eventRow(context, event), pool: poolAddress, account, kind, amount, nftIds: ids(nftIds) })
    .onConflictDoNothing();
  await changeMember(context, poolAddress, account, ts, (m) => ({
    depositedTokens: m.depositedTokens + tokens,
    depositedNfts: m.depositedNfts + nfts,
  }));
  await bumpPool(context, poolAddress, (p) => ({
    depositedTokens: p.depositedTokens + tokens,
    depositedNfts: p.depositedNfts + nfts,
  }));
  if (kind === "deposit") await recordActivity(context, poolAddress, account, "deposits", ts);
  await refreshPoolStats(context, poolAddress, ts, event.block.number);
}

on("GovPool:Deposited", async ({ event, context }) => {
  await moveDeposit(context, event, "deposit");
});

on("GovPool:Withdrawn", async ({ event, context }) => {
  await moveDeposit(context, event, "withdraw");
});

/** The settings a proposal runs under: read once per slot, again after the slot changes. */
async function proposalSettings(ctx: Ctx, settings: Address, settingsId: bigint, blockNumber: bigint) {
  const key = { chainId: ctx.chain.id, settings, settingsId };
  const cached = await ctx.db.find(settingsSlot, key);
  if (cached) return cached;
  const s = await ctx.client
    .readContract({
      address: settings,
      abi: govSettingsAbi,
      functionName: "getSettings",
      args: [settingsId],
      blockNumber,
    })
    .catch(() => null);
  if (!s) return { earlyCompletion: false, validatorsVote: false, executionDelay: 0n, quorumValidators: 0n };
  return keepSlot(ctx, key, s);
}

/** Keeps what the indexer reads of a settings slot (`ProposalSettings`: on chain or in a deployment's parameters). */
async function keepSlot(
  ctx: Ctx,
  key: { chainId: number; settings: Address; settingsId: bigint },
  s: {
    earlyCompletion: boolean;
    validatorsVote: boolean;
    executionDelay: bigint | number;
    quorumValidators: bigint;
  },
) {
  const values = {
    earlyCompletion: s.earlyCompletion,
    validatorsVote: s.validatorsVote,
    executionDelay: BigInt(s.executionDelay),
    quorumValidators: BigInt(s.quorumValidators),
  };
  await ctx.db
    .insert(settingsSlot)
    .values({ ...key, ...values })
    .onConflictDoUpdate(values);
  return values;
}

on("GovSettings:SettingsChanged", async ({ event, context }) => {
  const key = {
    chainId: context.chain.id,
    settings: lower(event.log.address),
    settingsId: event.args.settingsId,
  };
  // A DAO's deployment adds its slots in the order of its parameters: kept from them, with no read.
  const s = deployParamsOf(context, event)?.settingsParams.proposalSettings[Number(event.args.settingsId)];
  if (s) await keepSlot(context, key, s);
  else if (await context.db.find(settingsSlot, key)) await context.db.delete(settingsSlot, key);
});

on("GovPool:ProposalCreated", async ({ event, context }) => {
  const poolAddress = lower(event.log.address);
  const chainId = context.chain.id;
  const ts = event.block.timestamp;
  const a = event.args;
  const creator = lower(a.creator);
  const p = await context.db.find(pool, { chainId, address: poolAddress });
  const slot = p
    ? await proposalSettings(context, p.settings, a.settingsId, event.block.number)
    : { earlyCompletion: false, validatorsVote: false, executionDelay: 0n, quorumValidators: 0n };
  const settings = {
    earlyCompletion: slot.earlyCompletion,
    validatorsVote: slot.validatorsVote,
    executionDelay: slot.executionDelay,
    quorumValidators: slot.quorumValidators,
  };
  const lastFor = a.actionsOnFor.at(-1);
  const values = {
    creator,
    descriptionUrl: a.descriptionURL,
    executor: lower(lastFor?.executor ?? poolAddress),
    settingsId: a.settingsId,
    actionsOnFor: jsonActions(a.actionsOnFor),
    actionsOnAgainst: jsonActions(a.actionsOnAgainst),
    quorumVotes: a.quorumVotes,
    voteEnd: a.voteEnd,
    ...settings,
    createdAt: ts,
    createdBlock: event.block.number,
    createdTx: event.transaction.hash,
    updatedAt: ts,
  };
  const existing = await context.db.find(proposal, { chainId, pool: poolAddress, proposalId: a.proposalId });
  await context.db
    .insert(proposal)
    .values({ chainId, pool: poolAddress, proposalId: a.proposalId, ...values })
    .onConflictDoUpdate(values);
  if (!existing) {
    await bumpPool(context, poolAddress, (row) => ({ proposalsCount: row.proposalsCount + 1 }));
  }
  await trackProposal(context, poolAddress, a.proposalId, ts);
  await recordActivity(context, poolAddress, creator, "proposals", ts);
  await refreshPoolStats(context, poolAddress, ts, event.block.number);
});

on("GovPool:Voted", async ({ event, context }) => {
  const poolAddress = lower(event.log.address);
  const chainId = context.chain.id;
  const ts = event.block.timestamp;
  const a = event.args;
  const voter = lower(a.voter);
  const voteType = Number(a.voteType);
  const recorded = await logInteraction(context, event, {
    pool: poolAddress,
    proposalId: a.proposalId,
    voter,
    interaction: a.isVoteFor ? INTERACTION.voteFor : INTERACTION.voteAgainst,
    voteType,
    isVoteFor: a.isVoteFor,
    amount: a.tokens,
    totalRawVoted: a.totalRawVoted,
    totalVoted: a.totalVoted,
    nftIds: ids(a.nftIds),
  });
  if (!recorded) return;
  // `totalVoted` is the voter's whole post-formula vote (a delegatee's micropool and treasury power included)
  await applyVoterChange(
    context,
    { chainId, pool: poolAddress, proposalId: a.proposalId, voter },
    a.isVoteFor,
    { [voteType as 0]: { amount: a.totalRawVoted, addedNftIds: ids(a.nftIds) } },
    a.totalVoted,
    ts,
  );
  await bumpPool(context, poolAddress, (p) => ({ votesCount: p.votesCount + 1 }));
  await recordActivity(context, poolAddress, voter, "votes", ts);
  await refreshPoolStats(context, poolAddress, ts, event.block.number);
});

on("GovPool:VoteCanceled", async ({ event, context }) => {
  const poolAddress = lower(event.log.address);
  const chainId = context.chain.id;
  const ts = event.block.timestamp;
  const a = event.args;
  const voter = lower(a.voter);
  const recorded = await logInteraction(context, event, {
    pool: poolAddress,
    proposalId: a.proposalId,
    voter,
    interaction: INTERACTION.cancel,
    voteType: 0,
    isVoteFor: a.isVoteFor,
    amount: a.rawVoted,
    totalRawVoted: 0n,
    totalVoted: 0n,
    nftIds: [],
  });
  if (!recorded) return;
  // The pool cancels the voter's whole vote: personal, and the micropool, delegated and treasury power it counted.
  for (const voteType of VOTER_KINDS) {
    const key = { chainId, pool: poolAddress, proposalId: a.proposalId, voter, voteType };
    if (await context.db.find(vote, key)) {
      await context.db
        .update(vote, key)
        .set({ isCancelled: true, amount: 0n, voted: 0n, nftIds: [], updatedAt: ts });
    }
  }
  const pk = { chainId, pool: poolAddress, proposalId: a.proposalId };
  if (await context.db.find(proposal, pk)) {
    await context.db.update(proposal, pk).set((p) => ({
      votesFor: p.votesFor - (a.isVoteFor ? a.voted : 0n),
      votesAgainst: p.votesAgainst - (a.isVoteFor ? 0n : a.voted),
      rawVotesFor: p.rawVotesFor - (a.isVoteFor ? a.rawVoted : 0n),
      rawVotesAgainst: p.rawVotesAgainst - (a.isVoteFor ? 0n : a.rawVoted),
      votersCount: Math.max(0, p.votersCount - 1),
      updatedAt: ts,
    }));
  }
  await trackProposal(context, poolAddress, a.proposalId, ts);
  await refreshPoolStats(context, poolAddress, ts, event.block.number);
});

async function patchProposal(
  ctx: Ctx,
  poolAddress: Address,
  proposalId: bigint,
  block: { timestamp: bigint; number: bigint },
  patch: Partial<typeof proposal.$inferInsert>,
) {
  const pk = { chainId: ctx.chain.id, pool: poolAddress, proposalId };
  if (!(await ctx.db.find(proposal, pk))) return;
  await ctx.db.update(proposal, pk).set({ ...patch, updatedAt: block.timestamp });
  await trackProposal(ctx, poolAddress, proposalId, block.timestamp);
  await refreshPoolStats(ctx, poolAddress, block.timestamp, block.number);
}

on("GovPool:QuorumReached", async ({ event, context }) => {
  await patchProposal(context, lower(event.log.address), event.args.proposalId, event.block, {
    quorumReachedAt: event.block.timestamp,
    executeAfter: event.args.executeAfter,
  });
});

on("GovPool:QuorumUnreached", async ({ event, context }) => {
  await patchProposal(context, lower(event.log.address), event.args.proposalId, event.block, {
    quorumReachedAt: null,
    quorumLostAt: event.block.timestamp,
    executeAfter: null,
  });
});

on("GovPool:MovedToValidators", async ({ event, context }) => {
  await patchProposal(context, lower(event.log.address), event.args.proposalId, event.block, {
    movedToValidatorsAt: event.block.timestamp,
    movedBy: lower(event.args.sender),
  });
});

on("GovPool:ProposalExecuted", async ({ event, context }) => {
  await patchProposal(context, lower(event.log.address), event.args.proposalId, event.block, {
    executedAt: event.block.timestamp,
    executedFor: event.args.isFor,
    executedBy: lower(event.args.sender),
    executedTx: event.transaction.hash,
  });
});

on("GovPool:RewardClaimed", async ({ event, context }) => {
  await context.db
    .insert(rewardClaim)
    .values({
      ...eventRow(context, event),
      pool: lower(event.log.address),
      proposalId: event.args.proposalId,
      user: lower(event.args.user),
      token: lower(event.args.token),
      amount: event.args.amount,
    })
    .onConflictDoNothing();
});

on("GovPool:DescriptionURLChanged", async ({ event, context }) => {
  await bumpPool(context, lower(event.log.address), () => ({
    descriptionUrl: event.args.descriptionURL,
    updatedAt: event.block.timestamp,
  }));
});

on("GovPool:VerifierChanged", async ({ event, context }) => {
  await bumpPool(context, lower(event.log.address), () => ({ verifier: lower(event.args.verifier) }));
});

on("GovPool:ExecutionWindowChanged", async ({ event, context }) => {
  const poolAddress = lower(event.log.address);
  await bumpPool(context, poolAddress, () => ({ executionWindow: event.args.executionWindow }));
  // Every proposal's expiry reads the window.
  await trackAllProposals(context, poolAddress, event.block.timestamp);
  await refreshPoolStats(context, poolAddress, event.block.timestamp, event.block.number);
});

on("GovPool:BABTRestrictionChanged", async ({ event, context }) => {
  await bumpPool(context, lower(event.log.address), () => ({ onlyBabtHolders: event.args.onlyBABTHolders }));
});

on("GovPool:VotePowerChanged", async ({ event, context }) => {
  const poolAddress = lower(event.log.address);
  await bumpPool(context, poolAddress, () => ({ votePower: lower(event.args.votePower) }));
  await settleFallbackMember(context, poolAddress, lower(event.args.votePower));
});

on("GovPool:OffchainResultsSaved", async ({ event, context }) => {
  await context.db
    .insert(offchainResults)
    .values({
      ...eventRow(context, event),
      pool: lower(event.log.address),
      resultsHash: event.args.resultsHash,
      sender: lower(event.args.sender),
    })
    .onConflictDoNothing();
});
