import { InternalProposalState } from "@polity/core/proposalStates";
import { describe, expect, it } from "vitest";
import { clientAnsweringEach } from "../../../test/fakeReadClient.ts";
import { fetchInternalProposals } from "./fetchInternalProposals.ts";

const DAO = "0x1111111111111111111111111111111111111111";
const VALIDATORS = "0x3333333333333333333333333333333333333333";
const VT = "0x4444444444444444444444444444444444444444";
const USER = "0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const E18 = 10n ** 18n;

const proposal = (id: bigint, proposalType: number, state: number) => ({
  id,
  proposal: {
    proposalType,
    core: {
      voteEnd: 100,
      executeAfter: 0,
      snapshotId: Number(id),
      executionDelay: 0,
      executed: false,
      quorumReached: false,
      quorum: 0n,
      votesFor: 6n * E18,
      votesAgainst: 0n,
    },
    descriptionURL: `ipfs://${id}`,
    data: "0x",
  },
  state,
  requiredQuorum: 15n * E18,
});

describe("fetchInternalProposals", () => {
  it("reads every internal proposal, newest first, with the validator's votes left on each", async () => {
    const { client, multicall } = clientAnsweringEach((call) => {
      if (call.functionName === "getHelperContracts") return [DAO, DAO, VALIDATORS, DAO, DAO];
      if (call.functionName === "getInternalProposals") return [proposal(1n, 2, 4), proposal(2n, 3, 0)];
      if (call.functionName === "validatorsToken") return VT;
      if (call.functionName === "addressVoted") return call.args?.[0] === 2n ? [4n * E18, 0n] : [0n, 0n];
      if (call.functionName === "balanceOfAt") return 10n * E18;
      throw new Error(`unexpected read ${call.functionName}`);
    });
    const result = await fetchInternalProposals(client, DAO, USER);
    expect(result.validators).toBe(VALIDATORS);
    expect(result.rows.map((r) => [r.id, r.type, r.state])).toEqual([
      [2n, "offchain", InternalProposalState.Voting],
      [1n, "monthlyWithdraw", InternalProposalState.Executed],
    ]);
    expect(result.rows[0]?.user).toEqual({ available: 6n * E18, votedFor: 4n * E18, votedAgainst: 0n });
    expect(multicall).toHaveBeenCalledTimes(3);
  });
});
