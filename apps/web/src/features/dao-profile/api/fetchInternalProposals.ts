import { govValidatorsAbi, govValidatorsTokenAbi } from "@polity/core/generated/contracts";
import { type InternalProposalState, toInternalProposalState } from "@polity/core/proposalStates";
import { queryOptions, skipToken } from "@tanstack/react-query";
import type { Address } from "viem";
import {
  daoUserQuery,
  helpersOf,
  helpersRead,
  type PoolHelpersCache,
} from "../../../shared/chain/poolHelpers.ts";
import { readBatch, readCall } from "../../../shared/chain/readBatch.ts";
import type { ReadClient } from "../../../shared/chain/readClient.ts";

/** The product reads every internal proposal at once (offset 0, limit 1000). */
const INTERNAL_LIMIT = 1000n;

/** Internal validator proposal types (GovValidators.ProposalType). */
export const INTERNAL_TYPES = ["changeSettings", "changeBalances", "monthlyWithdraw", "offchain"] as const;

export interface InternalProposalRow {
  id: bigint;
  type: (typeof INTERNAL_TYPES)[number];
  descriptionURL: string;
  state: InternalProposalState;
  votesFor: bigint;
  votesAgainst: bigint;
  requiredQuorum: bigint;
  voteEnd: number;
  executeAfter: number;
  /** The connected validator's votes left on it (snapshot balance less what they voted), and voted. */
  user: { available: bigint; votedFor: bigint; votedAgainst: bigint } | null;
}

export interface InternalProposals {
  validators: Address;
  rows: InternalProposalRow[];
}

/**
 * The validators' internal proposals, newest first, read from the chain (GovValidators
 * `getInternalProposals`), with the connected account's votes on each and its snapshot balance.
 */
export async function fetchInternalProposals(
  client: ReadClient,
  dao: Address,
  user: Address | undefined,
  options: { helpers?: PoolHelpersCache } = {},
): Promise<InternalProposals> {
  const first = await readBatch(client, { helpers: helpersRead(dao, options.helpers) });
  const helpers = helpersOf(first.helpers, options.helpers);
  if (!helpers) throw new Error("The pool's helper contracts could not be read");
  const validators = { address: helpers.validators, abi: govValidatorsAbi } as const;
  const second = await readBatch(client, {
    proposals: readCall(validators, "getInternalProposals", [0n, INTERNAL_LIMIT]),
    token: readCall(validators, "validatorsToken"),
  });
  const proposals = second.proposals ?? [];
  const token = second.token ? ({ address: second.token, abi: govValidatorsTokenAbi } as const) : null;
  const mine =
    user && token
      ? await readBatch(client, {
          voted: proposals.map((p) => readCall(validators, "addressVoted", [p.id, true, user])),
          balances: proposals.map((p) =>
            readCall(token, "balanceOfAt", [user, BigInt(p.proposal.core.snapshotId)]),
          ),
        })
      : null;
  const rows = proposals.map((p, i): InternalProposalRow => {
    const voted = mine?.voted[i];
    const balance = mine?.balances[i] ?? 0n;
    const votedFor = voted?.[0] ?? 0n;
    const votedAgainst = voted?.[1] ?? 0n;
    const core = p.proposal.core;
    return {
      id: p.id,
      type: INTERNAL_TYPES[p.proposal.proposalType] ?? "offchain",
      descriptionURL: p.proposal.descriptionURL,
      state: toInternalProposalState(p.state),
      votesFor: core.votesFor,
      votesAgainst: core.votesAgainst,
      requiredQuorum: p.requiredQuorum,
      voteEnd: Number(core.voteEnd),
      executeAfter: Number(core.executeAfter),
      user: mine
        ? {
            available: balance > votedFor + votedAgainst ? balance - votedFor - votedAgainst : 0n,
            votedFor,
            votedAgainst,
          }
        : null,
    };
  });
  return { validators: helpers.validators, rows: rows.reverse() };
}

const internalQuery = daoUserQuery("internal-proposals", fetchInternalProposals);

/** The internal proposals with `user`'s votes, under the DAO's root (its transactions refresh them). */
export function internalProposalsQuery(enabled: boolean, ...scope: Parameters<typeof internalQuery>) {
  const read = internalQuery(...scope);
  return queryOptions({ ...read, queryFn: enabled ? read.queryFn : skipToken });
}
