import { ProposalState } from "@polity/core/proposalStates";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { FIXTURE_DAO, fixtureDetails } from "./api/proposalDetailsFixture.ts";
import ProposalDetailsRoute from "./ProposalDetailsRoute.tsx";

const comments = vi.hoisted(() => ({ imports: 0 }));

// Counts the loads of the comments module while keeping the real component.
vi.mock("../../shared/comments/CommentsSection.tsx", async (importOriginal) => {
  comments.imports += 1;
  return importOriginal();
});

vi.mock("./useProposalDetails.ts", () => ({
  useProposalDetails: () => ({
    isPending: false,
    isError: false,
    data: fixtureDetails(ProposalState.Voting, { user: null }),
  }),
}));

const ROUTE = "/dao/:daoAddress/proposals/:proposalId/*";

describe("ProposalDetailsRoute", () => {
  it("loads the comments with their tab, behind a placeholder that holds their room", async () => {
    renderWithProviders(<ProposalDetailsRoute />, {
      routePath: ROUTE,
      path: `/dao/${FIXTURE_DAO}/proposals/3`,
    });
    expect(await screen.findByTestId("proposal-title")).toHaveTextContent("Proposal #3");
    expect(comments.imports).toBe(0);

    const tab = screen.getByRole("link", { name: "Comments" });
    fireEvent.click(tab);
    const placeholder = await screen.findByRole("status");
    expect(placeholder).toHaveTextContent("Loading comments…");
    expect(placeholder.parentElement?.className).toMatch(/commentsSlot/);

    expect(await screen.findByText("Connect a wallet to join the discussion.")).toBeInTheDocument();
    expect(screen.queryByText("Loading comments…")).toBeNull();
    expect(comments.imports).toBe(1);
  });
});
