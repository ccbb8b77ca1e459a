import { proposal, vote, voteInteraction } from "ponder:schema";
import type { Address } from "viem";
import { type Ctx, eventRow, type LogEvent, settleFallbackMember, trackProposal } from "./store.ts";

/** Spec enumeration "Interaction (voting history)". */
export const INTERACTION = { voteFor: 1, voteAgainst: 2, cancel: 3 } as const;

/**
 * A vote, re-cast or cancellation in the proposal's voting history, once per log: answers false (and records
 * nothing) when the log is already recorded, so a replayed log does not count twice.
 */
export async function logInteraction(
  ctx: Ctx,
  event: LogEvent,
  values: Omit<
    typeof voteInteraction.$inferInsert,
    "id" | "chainId" | "blockNumber" | "timestamp" | "txHash"
  >,
): Promise<boolean> {
  // Ponder's insert answers null when the row is already there.
  const inserted = await ctx.db
    .insert(voteInteraction)
    .values({ ...eventRow(ctx, event), ...values })
    .onConflictDoNothing();
  return inserted !== null;
}

/** Vote types a voter's record on a proposal counts: personal 0, micropool 1, delegated 2, treasury 3. */
export const VOTER_KINDS = [0, 1, 2, 3] as const;
export type VoterKind = (typeof VOTER_KINDS)[number];

/**
 * A voter's whole vote on a proposal changed: `kinds` gives the new raw power of the kinds that changed (with their
 * NFT ids, or the ids `addedNftIds` adds to the kind's current ones) and
 * `totalVoted` the voter's whole post-formula vote (GovPool's `Voted` and `PowerVoted` both carry it). Each
 * kind's row keeps its raw power and its share of the post-formula vote (the personal row takes the rounding),
 * so the proposal's totals move by the voter's difference, whatever the kinds, and its active state is tracked
 * again.
 */
export async function applyVoterChange(
  ctx: Ctx,
  key: { chainId: number; pool: Address; proposalId: bigint; voter: Address },
  isVoteFor: boolean,
  kinds: Partial<Record<VoterKind, { amount: bigint; nftIds?: string[]; addedNftIds?: string[] }>>,
  totalVoted: bigint,
  ts: bigint,
) {
  const rows = await Promise.all(VOTER_KINDS.map((voteType) => ctx.db.find(vote, { ...key, voteType })));
  const live = (r: (typeof rows)[number] | undefined) => (r && !r.isCancelled ? r : null);
  const prevRaw = rows.reduce((s, r) => s + (live(r)?.amount ?? 0n), 0n);
  const prevVoted = rows.reduce((s, r) => s + (live(r)?.voted ?? 0n), 0n);
  const wasVoter = rows.some((r) => live(r) && live(r)!.amount > 0n);
  const amounts = VOTER_KINDS.map((voteType, i) => kinds[voteType]?.amount ?? live(rows[i])?.amount ?? 0n);
  const newRaw = amounts.reduce((s, a) => s + a, 0n);
  const shares = amounts.map((a) => (newRaw === 0n ? 0n : (totalVoted * a) / newRaw));
  shares[0] = totalVoted - shares[1]! - shares[2]! - shares[3]!;
  for (const [i, voteType] of VOTER_KINDS.entries()) {
    const row = rows[i];
    if (!row && amounts[i] === 0n) continue;
    const values = {
      isVoteFor,
      amount: amounts[i]!,
      voted: shares[i]!,
      nftIds: kinds[voteType]?.addedNftIds
        ? [...(live(row)?.nftIds ?? []), ...kinds[voteType].addedNftIds]
        : (kinds[voteType]?.nftIds ?? live(row)?.nftIds ?? []),
      isCancelled: amounts[i] === 0n,
      updatedAt: ts,
    };
    await ctx.db
      .insert(vote)
      .values({ ...key, voteType, ...values })
      .onConflictDoUpdate(values);
  }
  // A voter counts in the Members fallback (the vote rows the api lists its members from).
  if (rows.some((r) => r) || amounts.some((a) => a > 0n))
    await settleFallbackMember(ctx, key.pool, key.voter, true);
  const pk = { chainId: key.chainId, pool: key.pool, proposalId: key.proposalId };
  if (await ctx.db.find(proposal, pk)) {
    const dVoted = totalVoted - prevVoted;
    const dRaw = newRaw - prevRaw;
    const isVoter = newRaw > 0n;
    await ctx.db.update(proposal, pk).set((p) => ({
      votesFor: p.votesFor + (isVoteFor ? dVoted : 0n),
      votesAgainst: p.votesAgainst + (isVoteFor ? 0n : dVoted),
      rawVotesFor: p.rawVotesFor + (isVoteFor ? dRaw : 0n),
      rawVotesAgainst: p.rawVotesAgainst + (isVoteFor ? 0n : dRaw),
      votersCount: Math.max(
        0,
        p.votersCount + (isVoter && !wasVoter ? 1 : 0) - (!isVoter && wasVoter ? 1 : 0),
      ),
      updatedAt: ts,
    }));
    // The totals decide whether the proposal is defeated once its vote ends.
    await trackProposal(ctx, key.pool, key.proposalId, ts);
  }
}
