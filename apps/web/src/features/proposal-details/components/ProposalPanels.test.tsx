import { ProposalState } from "@polity/core/proposalStates";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { listAnswer } from "../../../test/apiDocuments.ts";
import { fetchRoutes, jsonResponse, renderWithProviders } from "../../../test/renderWithProviders.tsx";
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

  it("lists the voting history from the api, newest first, a page at a time", async () => {
    const interaction = (n: number, kind: 1 | 2 | 3, nftIds: string[]) => ({
      voter: "0x2000000000000000000000000000000000000002",
      interaction: kind,
      vote_type: 0,
      is_vote_for: kind === 1,
      amount: E(5).toString(),
      total_raw_voted: E(5).toString(),
      total_voted: E(5).toString(),
      nft_ids: nftIds,
      block_number: String(n),
      log_index: 0,
      timestamp: 1_899_000_000 + n,
      tx_hash: `0x${n.toString(16).padStart(64, "0")}`,
    });
    const routes = fetchRoutes([
      [
        /\/proposals\/3\/interactions$/,
        (url) => {
          const page = Number(url.searchParams.get("page[number]"));
          return jsonResponse(
            listAnswer(
              "gov-proposal-interactions",
              page === 1 ? [interaction(9, 3, []), interaction(8, 1, ["1"])] : [interaction(2, 2, [])],
              {
                total_count: 27,
                page_number: page,
                page_limit: 25,
                indexed_block: 10,
                indexed_at: 1,
                state_time: 1,
              },
            ),
          );
        },
      ],
    ]);
    vi.stubGlobal("fetch", routes.fn);
    renderWithProviders(
      <VotingHistory
        details={fixtureDetails(ProposalState.Locked, {
          validatorVotes: [
            { voter: "0x7000000000000000000000000000000000000007", votedFor: E(10), votedAgainst: 0n },
          ],
        })}
      />,
    );
    const table = await screen.findByTestId("voting-history");
    expect(within(screen.getByTestId("validator-votes")).getAllByRole("row")[1]).toHaveTextContent("10");
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent("Cancelled the vote");
    expect(rows[2]).toHaveTextContent("Voted for");
    expect(rows[2]).toHaveTextContent("+ 1 NFT");
    expect(routes.calls[0]?.url.pathname).toBe(
      "/integrations/tracker/97/pools/gov/0x1000000000000000000000000000000000000001/proposals/3/interactions",
    );
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(screen.getByText("Voted against")).toBeInTheDocument());
    expect(routes.calls.map((c) => c.url.searchParams.get("page[number]"))).toEqual(["1", "2"]);
    vi.unstubAllGlobals();
  });

  it("says when nobody voted, and when the history cannot be loaded", async () => {
    const empty = listAnswer("gov-proposal-interactions", [], {
      page_limit: 25,
      indexed_block: 1,
      indexed_at: 1,
      state_time: 1,
    });
    vi.stubGlobal("fetch", fetchRoutes([[/interactions$/, () => jsonResponse(empty)]]).fn);
    const { unmount } = renderWithProviders(<VotingHistory details={fixtureDetails(ProposalState.Voting)} />);
    expect(await screen.findByText("Nobody has voted yet.")).toBeInTheDocument();
    unmount();
    vi.stubGlobal(
      "fetch",
      fetchRoutes([
        [
          /interactions$/,
          () =>
            jsonResponse({ errors: [{ title: "Service Unavailable", detail: "down", status: "503" }] }, 503),
        ],
      ]).fn,
    );
    renderWithProviders(<VotingHistory details={fixtureDetails(ProposalState.Voting)} />);
    expect(await screen.findByText(/The voting history could not be loaded/)).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it("offers no execution while the proposal's actions are not indexed", () => {
    renderWithProviders(
      <ActionsPanel
        details={fixtureDetails(ProposalState.SucceededFor, { indexed: "unavailable" })}
        nowSeconds={NOW}
      />,
    );
    expect(screen.queryByRole("button", { name: "Execute" })).toBeNull();
    expect(screen.getByText(/actions are not indexed yet/)).toBeInTheDocument();
  });
});
