import { describe, expect, it } from "vitest";
import {
  activeUntil,
  compileStateMachine,
  evaluateStateMachine,
  INTERNAL_ACTIVE_MACHINE,
  ONCHAIN_STATE_MACHINE,
  type StateFields,
} from "./proposalStateMachine.ts";
import { ONCHAIN_FILTER_STATES, ProposalState } from "./proposalStates.ts";

const WINDOW = 1_000n;
const voting: StateFields = {
  voteEnd: 100n,
  votesFor: 0n,
  votesAgainst: 0n,
  againstActions: 0,
  earlyCompletion: false,
  validatorsVote: false,
  validatorsCount: 0,
  executionWindow: WINDOW,
};
const state = (f: StateFields, now: bigint) => evaluateStateMachine(ONCHAIN_STATE_MACHINE, f, now);
const until = (f: StateFields, now: bigint) =>
  activeUntil(ONCHAIN_STATE_MACHINE, f, now, ONCHAIN_FILTER_STATES.active);

describe("the on-chain state machine", () => {
  it("votes until the end, then is defeated without quorum", () => {
    expect(state(voting, 99n)).toBe(ProposalState.Voting);
    expect(state(voting, 100n)).toBe(ProposalState.Defeated);
    expect(until(voting, 50n)).toBe(100n);
    expect(until(voting, 100n)).toBeUndefined();
  });

  it("with quorum: locked until executeAfter, succeeded, then expired once the window has passed", () => {
    const passed = { ...voting, quorumReachedAt: 40n, executeAfter: 150n, votesFor: 10n };
    expect(state(passed, 120n)).toBe(ProposalState.Locked);
    expect(state(passed, 150n)).toBe(ProposalState.SucceededFor);
    expect(state(passed, 150n + WINDOW)).toBe(ProposalState.Expired);
    expect(until(passed, 50n)).toBe(150n + WINDOW);
    expect(state({ ...passed, executedAt: 160n, executedFor: true }, 170n)).toBe(ProposalState.ExecutedFor);
    expect(until({ ...passed, executedAt: 160n, executedFor: true }, 170n)).toBeUndefined();
  });

  it("waits for the validators with no end in time, and follows their stage once moved", () => {
    const waiting = {
      ...voting,
      quorumReachedAt: 40n,
      votesFor: 10n,
      validatorsVote: true,
      validatorsCount: 2,
    };
    expect(state(waiting, 200n)).toBe(ProposalState.WaitingForVotingTransfer);
    expect(until(waiting, 200n)).toBeNull();
    const moved = {
      ...waiting,
      movedToValidatorsAt: 210n,
      stageVoteEnd: 300n,
      stageVotesFor: 0n,
      stageVotesAgainst: 0n,
    };
    expect(state(moved, 250n)).toBe(ProposalState.ValidatorVoting);
    expect(until(moved, 250n)).toBe(300n);
    expect(state(moved, 300n)).toBe(ProposalState.Defeated);
  });

  it("is defeated when against wins and nothing runs on against", () => {
    const against = { ...voting, quorumReachedAt: 40n, votesAgainst: 10n, votesFor: 5n };
    expect(state(against, 100n)).toBe(ProposalState.Defeated);
    expect(until(against, 50n)).toBe(100n);
    expect(state({ ...against, againstActions: 1 }, 200n)).toBe(ProposalState.SucceededAgainst);
  });

  it("compiles to the same decisions it evaluates", () => {
    const text = compileStateMachine<string>(ONCHAIN_STATE_MACHINE, {
      state: String,
      choose: (test, then, otherwise) => `(${test} ? ${then} : ${otherwise})`,
      field: (name) => name,
      test: (kind, fields) => `${kind}(${fields.join(",")})`,
      all: (tests) => `all(${tests.join(",")})`,
      any: (tests) => `any(${tests.join(",")})`,
    });
    expect(text.startsWith("(set(executedAt) ? (isTrue(executedFor) ? 7 : 8)")).toBe(true);
    expect(text).toContain("expired(stageExecuteAfter)");
  });
});

describe("the internal state machine", () => {
  it("is active while voting, and after its quorum while more voted for", () => {
    const f: StateFields = { voteEnd: 100n, votesFor: 0n, votesAgainst: 0n };
    expect(activeUntil(INTERNAL_ACTIVE_MACHINE, f, 10n, [1])).toBe(100n);
    expect(
      activeUntil(INTERNAL_ACTIVE_MACHINE, { ...f, quorumReachedAt: 20n, votesFor: 3n }, 200n, [1]),
    ).toBeNull();
    expect(activeUntil(INTERNAL_ACTIVE_MACHINE, { ...f, executedAt: 30n }, 40n, [1])).toBeUndefined();
  });
});
