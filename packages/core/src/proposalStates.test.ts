import { describe, expect, it } from "vitest";
import { en } from "./i18n/en.ts";
import {
  INTERNAL_FILTER_STATES,
  InternalProposalState,
  internalProposalStateGroup,
  internalProposalStateLabelKey,
  internalStatesForUiFilter,
  OFFCHAIN_FILTER_STATUSES,
  OffchainProposalStatus,
  ONCHAIN_FILTER_STATES,
  offchainStatusesForUiFilter,
  offchainStatusGroup,
  offchainStatusLabelKey,
  onchainStatesForUiFilter,
  PROPOSAL_STATES,
  ProposalState,
  proposalStateGroup,
  proposalStateLabelKey,
  toInternalProposalState,
  toProposalState,
  UI_PROPOSAL_FILTER_LABEL_KEYS,
  UI_PROPOSAL_FILTERS,
} from "./proposalStates.ts";

const S = ProposalState;

describe("on-chain proposal states", () => {
  it("are numbered 0-9 in the spec's order, then Expired 10", () => {
    expect(Object.entries(S)).toEqual([
      ["Voting", 0],
      ["WaitingForVotingTransfer", 1],
      ["ValidatorVoting", 2],
      ["Defeated", 3],
      ["SucceededFor", 4],
      ["SucceededAgainst", 5],
      ["Locked", 6],
      ["ExecutedFor", 7],
      ["ExecutedAgainst", 8],
      ["Undefined", 9],
      ["Expired", 10],
    ]);
    expect(PROPOSAL_STATES).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("have the spec's labels", () => {
    const label = (s: ProposalState) => en[proposalStateLabelKey(s)];
    expect(label(S.Voting)).toBe("Members voting");
    expect(label(S.WaitingForVotingTransfer)).toBe("Waiting for voting transfer");
    expect(label(S.ValidatorVoting)).toBe("Validators voting");
    expect(label(S.Locked)).toBe("Delayed execution");
    expect(label(S.SucceededFor)).toBe("Waiting to execute");
    expect(label(S.SucceededAgainst)).toBe("Waiting to execute");
    expect(label(S.ExecutedFor)).toBe("Executed");
    expect(label(S.ExecutedAgainst)).toBe("Executed");
    expect(label(S.Defeated)).toBe("Rejected");
    expect(label(S.Undefined)).toBe("Unknown");
    expect(label(S.Expired)).toBe("Expired");
  });

  it("reads raw contract values, unknown values as Undefined", () => {
    expect(toProposalState(4n)).toBe(S.SucceededFor);
    expect(toProposalState(0)).toBe(S.Voting);
    expect(toProposalState(10n)).toBe(S.Expired);
    expect(toProposalState(11n)).toBe(S.Undefined);
    expect(toProposalState(11)).toBe(S.Undefined);
    expect(toProposalState(-1)).toBe(S.Undefined);
    expect(toProposalState(1.5)).toBe(S.Undefined);
    expect(toInternalProposalState(4n)).toBe(InternalProposalState.Executed);
    expect(toInternalProposalState(6)).toBe(InternalProposalState.Undefined);
  });

  it("fall into the simple status groups 1-6", () => {
    const groups = PROPOSAL_STATES.map(proposalStateGroup);
    expect(groups).toEqual([1, 1, 1, 4, 2, 2, 5, 3, 3, 6, 4]);
  });
});

describe("internal validator proposal states", () => {
  it("are Voting, Defeated, Succeeded, Locked, Executed, Undefined", () => {
    expect(Object.keys(InternalProposalState)).toEqual([
      "Voting",
      "Defeated",
      "Succeeded",
      "Locked",
      "Executed",
      "Undefined",
    ]);
  });
  it("show Voting as Validators voting", () => {
    expect(en[internalProposalStateLabelKey(InternalProposalState.Voting)]).toBe("Validators voting");
    expect(en[internalProposalStateLabelKey(InternalProposalState.Defeated)]).toBe("Rejected");
    expect(en[internalProposalStateLabelKey(InternalProposalState.Locked)]).toBe("Delayed execution");
    expect(en[internalProposalStateLabelKey(InternalProposalState.Undefined)]).toBe("Unknown");
  });
  it("map to groups", () => {
    expect([0, 1, 2, 3, 4, 5].map((s) => internalProposalStateGroup(s as InternalProposalState))).toEqual([
      1, 4, 2, 5, 3, 6,
    ]);
  });
});

describe("off-chain statuses", () => {
  it("are string codes Active 0 .. ExecutionFailed 4", () => {
    expect(OffchainProposalStatus).toEqual({
      Active: "0",
      Approved: "1",
      Rejected: "2",
      Executed: "3",
      ExecutionFailed: "4",
    });
  });
  it("have labels Members voting, Approved, Rejected, Completed and Unknown for ExecutionFailed", () => {
    const label = (s: OffchainProposalStatus) => en[offchainStatusLabelKey(s)];
    expect(label("0")).toBe("Members voting");
    expect(label("1")).toBe("Approved");
    expect(label("2")).toBe("Rejected");
    expect(label("3")).toBe("Completed");
    expect(label("4")).toBe("Unknown");
  });
  it("map to groups", () => {
    expect((["0", "1", "2", "3", "4"] as const).map(offchainStatusGroup)).toEqual([1, 2, 4, 3, 4]);
  });
});

describe("list filters", () => {
  it("UI filters in order with labels", () => {
    expect(UI_PROPOSAL_FILTERS.map((f) => en[UI_PROPOSAL_FILTER_LABEL_KEYS[f]])).toEqual([
      "All",
      "Active",
      "Accepted",
      "Rejected",
      "Open voting",
      "Completed voting",
      "Executed",
    ]);
  });

  it("on-chain filters per spec", () => {
    expect(ONCHAIN_FILTER_STATES.active).toEqual([0, 1, 2, 4, 5, 6]);
    expect(ONCHAIN_FILTER_STATES.accepted).toEqual([7, 8]);
    expect(ONCHAIN_FILTER_STATES.rejected).toEqual([3, 10]);
    expect(ONCHAIN_FILTER_STATES.completedRewards).toEqual([7, 8]);
    expect(ONCHAIN_FILTER_STATES.completedDistribution).toEqual([4, 8]);
    expect(ONCHAIN_FILTER_STATES.all).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(ONCHAIN_FILTER_STATES.latest).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("internal filters per spec", () => {
    expect(INTERNAL_FILTER_STATES.active).toEqual([0, 2, 3]);
    expect(INTERNAL_FILTER_STATES.accepted).toEqual([4]);
    expect(INTERNAL_FILTER_STATES.rejected).toEqual([1]);
  });

  it("off-chain filters per spec", () => {
    expect(OFFCHAIN_FILTER_STATUSES.active).toEqual(["0"]);
    expect(OFFCHAIN_FILTER_STATUSES.accepted).toEqual(["1", "3"]);
    expect(OFFCHAIN_FILTER_STATUSES.rejected).toEqual(["2", "4"]);
  });

  it("UI filters resolve to states", () => {
    expect(onchainStatesForUiFilter("active")).toEqual(ONCHAIN_FILTER_STATES.active);
    expect(onchainStatesForUiFilter("openVoting")).toEqual([0, 1, 2]);
    expect(onchainStatesForUiFilter("completedVoting")).toEqual([3, 4, 5, 6, 7, 8, 10]);
    expect(onchainStatesForUiFilter("rejected")).toEqual([3, 10]);
    expect(onchainStatesForUiFilter("executed")).toEqual([7, 8]);
    expect(internalStatesForUiFilter("openVoting")).toEqual([0]);
    expect(internalStatesForUiFilter("completedVoting")).toEqual([1, 2, 3, 4]);
    expect(internalStatesForUiFilter("executed")).toEqual([4]);
    expect(internalStatesForUiFilter("rejected")).toEqual([1]);
    expect(offchainStatusesForUiFilter("openVoting")).toEqual(["0"]);
    expect(offchainStatusesForUiFilter("completedVoting")).toEqual(["1", "2", "3", "4"]);
    expect(offchainStatusesForUiFilter("executed")).toEqual(["3"]);
    expect(offchainStatusesForUiFilter("accepted")).toEqual(["1", "3"]);
  });
});
