import { ProposalState } from "@polity/core/proposalStates";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../test/renderWithProviders.tsx";
import { fixtureDetails, fixtureUser } from "../api/proposalDetailsFixture.ts";
import { ActionsPanel } from "./ActionsPanel.tsx";
import { ProposalTimeline } from "./ProposalTimeline.tsx";
import { QuorumProgress } from "./QuorumProgress.tsx";
import { StateBadge } from "./StateBadge.tsx";
import { VotingHistory } from "./VotingHistory.tsx";

const E = (n: number) => BigInt(n) * 10n ** 18n;
const NOW = 1_899_500_000;

describe("ActionsPanel", () => {
  it("links to the voting terminal while members vote", () => {
    renderWithProviders(<ActionsPanel details={fixtureDetails(ProposalState.Voting)} nowSeconds={NOW} />);
    const panel = screen.getByTestId("proposal-actions");
    expect(within(panel).getByRole("link", { name: "Vote" })).toHaveAttribute(
      "href",
      "/dao/0x1000000000000000000000000000000000000001/vote/3",
    );
    expect(within(panel).queryByRole("button", { name: "Execute" })).toBeNull();
  });

  it("shows move, execute and claim in their states", () => {
    const { unmount } = renderWithProviders(
      <ActionsPanel details={fixtureDetails(ProposalState.WaitingForVotingTransfer)} nowSeconds={NOW} />,
    );
    expect(screen.getByRole("button", { name: "Move to validators" })).toBeEnabled();
    unmount();
    const second = renderWithProviders(
      <ActionsPanel details={fixtureDetails(ProposalState.SucceededFor)} nowSeconds={NOW} />,
    );
    expect(screen.getByRole("button", { name: "Execute" })).toBeEnabled();
    second.unmount();
    const rewards = { ...fixtureUser().rewards, staticRewards: E(50) };
    renderWithProviders(
      <ActionsPanel
        details={fixtureDetails(ProposalState.ExecutedFor, { user: fixtureUser({ rewards }) })}
        nowSeconds={NOW}
      />,
    );
    expect(screen.getByTestId("pending-reward")).toHaveTextContent("Your rewards: 50 ACME");
    expect(screen.getByRole("button", { name: "Claim rewards" })).toBeEnabled();
  });

  it("shows 'Already claimed' and the execution delay", () => {
    const claimed = fixtureUser({ rewards: { ...fixtureUser().rewards, hasClaimed: true } });
    const { unmount } = renderWithProviders(
      <ActionsPanel
        details={fixtureDetails(ProposalState.ExecutedFor, { user: claimed })}
        nowSeconds={NOW}
      />,
    );
    expect(screen.getByTestId("already-claimed")).toHaveTextContent("Already claimed");
    expect(screen.getByTestId("already-claimed")).toBeDisabled();
    unmount();
    renderWithProviders(
      <ActionsPanel
        details={fixtureDetails(ProposalState.Locked, {}, { executeAfter: 1_899_600_000n })}
        nowSeconds={NOW}
      />,
    );
    expect(screen.getByTestId("actions-notice")).toHaveTextContent(/Execution is delayed until .*UTC/);
  });
});

describe("proposal panels", () => {
  it("labels the state with its status group", () => {
    renderWithProviders(<StateBadge state={ProposalState.Locked} />);
    const badge = screen.getByTestId("proposal-state");
    expect(badge).toHaveTextContent("Delayed execution");
    expect(badge).toHaveAttribute("data-status-group", "5");
  });

  it("shows quorum progress against the votes one side needs", () => {
    renderWithProviders(<QuorumProgress details={fixtureDetails(ProposalState.Voting)} />);
    expect(screen.getByTestId("quorum-progress")).toHaveAttribute("aria-valuenow", "75");
    expect(screen.getByTestId("quorum-text")).toHaveTextContent("300 of 400 votes needed (75%)");
  });

  it("draws the timeline with the validators' stage and real times", () => {
    renderWithProviders(
      <ProposalTimeline
        details={fixtureDetails(
          ProposalState.ValidatorVoting,
          { hasValidators: true, movedAt: 1_899_400_000 },
          { validatorsVote: true, movedToValidators: true },
        )}
      />,
    );
    expect(screen.getByTestId("timeline-published")).toHaveAttribute("data-status", "completed");
    expect(screen.getByTestId("timeline-published")).toHaveTextContent("UTC");
    expect(screen.getByTestId("timeline-validatorsVotingEnd")).toHaveAttribute("data-status", "current");
    expect(screen.getByTestId("timeline-executed")).toHaveAttribute("data-status", "pending");
  });

  it("lists the voting history with interactions", () => {
    renderWithProviders(
      <VotingHistory
        details={fixtureDetails(ProposalState.Voting, {
          history: [
            {
              interaction: 3,
              voter: "0x2000000000000000000000000000000000000002",
              amount: E(5),
              nftIds: [],
              blockNumber: 9n,
              timestamp: 1_899_100_000,
              transactionHash: "0xab",
            },
            {
              interaction: 1,
              voter: "0x2000000000000000000000000000000000000002",
              amount: E(5),
              nftIds: [1n],
              blockNumber: 8n,
              timestamp: 1_899_000_000,
              transactionHash: "0xaa",
            },
          ],
        })}
      />,
    );
    const rows = within(screen.getByTestId("voting-history")).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent("Cancelled the vote");
    expect(rows[2]).toHaveTextContent("Voted for");
    expect(rows[2]).toHaveTextContent("+ 1 NFT");
  });
});
