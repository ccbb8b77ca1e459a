import { InternalProposalState } from "@polity/core/proposalStates";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../test/renderWithProviders.tsx";
import type { InternalProposalRow } from "../api/fetchInternalProposals.ts";
import { daoProfileFixture } from "../test/daoProfileFixture.ts";

const VALIDATORS = "0x7000000000000000000000000000000000000007";
const E18 = 10n ** 18n;

const state = vi.hoisted(() => ({
  rows: [] as InternalProposalRow[],
  writes: [] as { functionName: string; address: string; args: readonly unknown[] }[],
  summaries: [] as string[],
}));
vi.mock("../useInternalProposals.ts", () => ({
  useInternalProposals: () => ({
    isPending: false,
    isError: false,
    data: { validators: VALIDATORS, rows: state.rows },
  }),
}));
vi.mock("../../../shared/tx/useContractWriter.ts", () => ({
  useContractWriter: () => ({
    writeContractAsync: async (call: (typeof state.writes)[number]) => {
      state.writes.push(call);
      return "0x01";
    },
  }),
}));
vi.mock("../../../shared/tx/useDaoTransaction.ts", () => ({
  useDaoTransaction: () => ({
    run: (summary: string, _kind: string, send: () => Promise<unknown>) => {
      state.summaries.push(summary);
      return send();
    },
    status: { state: "IDLE", hash: null, error: null },
    chainId: 31337,
    isBusy: false,
  }),
}));

const { InternalProposals } = await import("./InternalProposals.tsx");

function row(
  id: bigint,
  state: InternalProposalState,
  user: InternalProposalRow["user"],
): InternalProposalRow {
  return {
    id,
    type: "monthlyWithdraw",
    descriptionURL: "",
    state,
    votesFor: 10n * E18,
    votesAgainst: 0n,
    requiredQuorum: 20n * E18,
    voteEnd: 0,
    executeAfter: 0,
    user,
  };
}

beforeEach(() => {
  state.writes = [];
  state.summaries = [];
});

describe("InternalProposals", () => {
  it("lets a validator who voted cancel the vote while the validators vote", async () => {
    state.rows = [
      row(2n, InternalProposalState.Voting, { available: 0n, votedFor: 10n * E18, votedAgainst: 0n }),
      row(1n, InternalProposalState.Voting, { available: 10n * E18, votedFor: 0n, votedAgainst: 0n }),
    ];
    renderWithProviders(<InternalProposals profile={daoProfileFixture()} />);
    // #1: nothing voted yet, nothing to cancel; #2: every vote used, only cancel
    expect(screen.queryByTestId("internal-cancel-vote-1")).not.toBeInTheDocument();
    expect(screen.getByTestId("internal-vote-for-1")).toBeInTheDocument();
    expect(screen.queryByTestId("internal-vote-for-2")).not.toBeInTheDocument();
    const cancel = screen.getByTestId("internal-cancel-vote-2");
    expect(cancel).toHaveTextContent("Cancel my vote");
    fireEvent.click(cancel);
    await waitFor(() => expect(state.writes).toHaveLength(1));
    expect(state.writes[0]).toMatchObject({
      address: VALIDATORS,
      functionName: "cancelVote",
      args: [2n, true],
    });
    expect(state.summaries).toEqual(["Cancel the vote on internal proposal #2"]);
  });

  it("offers no cancel once the voting ended", () => {
    state.rows = [
      row(3n, InternalProposalState.Locked, { available: 0n, votedFor: 10n * E18, votedAgainst: 0n }),
      row(4n, InternalProposalState.Succeeded, { available: 0n, votedFor: 0n, votedAgainst: 10n * E18 }),
    ];
    renderWithProviders(<InternalProposals profile={daoProfileFixture()} />);
    expect(screen.queryByText("Cancel my vote")).not.toBeInTheDocument();
    expect(screen.getByTestId("internal-execute-4")).toBeInTheDocument();
  });
});
