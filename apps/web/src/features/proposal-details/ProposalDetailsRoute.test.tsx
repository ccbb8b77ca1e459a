import { ProposalState } from "@polity/core/proposalStates";
import { fireEvent, screen, within } from "@testing-library/react";
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

// The proposal's read: answered at once, or held until the test lets it through (`proposal.gate`).
const proposal = vi.hoisted(() => ({ gate: null as Promise<void> | null, descriptionUrl: "" }));
vi.mock("./useProposalDetails.ts", async () => {
  const { useQuery } = await import("@tanstack/react-query");
  return {
    useProposalDetails: () =>
      useQuery({
        queryKey: ["proposalDetails"],
        queryFn: async () => {
          await proposal.gate;
          return fixtureDetails(ProposalState.Voting, {
            user: null,
            descriptionUrl: proposal.descriptionUrl,
          });
        },
      }),
  };
});

const ROUTE = "/dao/:daoAddress/proposals/:proposalId/*";

describe("ProposalDetailsRoute", () => {
  it("shows its heading and the way back while the proposal loads, then fills them in place", async () => {
    let release = () => {};
    proposal.gate = new Promise((resolve) => {
      release = resolve;
    });
    renderWithProviders(<ProposalDetailsRoute />, {
      routePath: ROUTE,
      path: `/dao/${FIXTURE_DAO}/proposals/3`,
    });
    const heading = screen.getByRole("heading", { level: 1 });
    expect(heading).toHaveTextContent("Proposal #3");
    expect(screen.getByRole("link", { name: "Back to the proposals" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Loading the proposal…");

    release();
    expect(await screen.findByRole("link", { name: "About proposal" })).toBeInTheDocument();
    // The same heading, not one put in its place: the page keeps its frame.
    expect(screen.getByRole("heading", { level: 1 })).toBe(heading);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    proposal.gate = null;
  });

  it("loads the comments with their tab, behind a placeholder that holds their room", async () => {
    renderWithProviders(<ProposalDetailsRoute />, {
      routePath: ROUTE,
      path: `/dao/${FIXTURE_DAO}/proposals/3`,
    });
    const tab = await screen.findByRole("link", { name: "Comments" });
    expect(screen.getByTestId("proposal-title")).toHaveTextContent("Proposal #3");
    expect(comments.imports).toBe(0);

    fireEvent.click(tab);
    const placeholder = await screen.findByRole("status");
    expect(placeholder).toHaveTextContent("Loading comments…");
    expect(placeholder.parentElement?.className).toMatch(/commentsSlot/);

    expect(await screen.findByText("Connect a wallet to join the discussion.")).toBeInTheDocument();
    expect(screen.queryByText("Loading comments…")).toBeNull();
    expect(comments.imports).toBe(1);
  });

  it("holds the room of the document's category while the document loads", async () => {
    let answer = (_document: unknown) => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = (document) => resolve(Response.json(document));
          }),
      ),
    );
    proposal.descriptionUrl = "https://documents.example/proposal.json";
    renderWithProviders(<ProposalDetailsRoute />, {
      routePath: ROUTE,
      path: `/dao/${FIXTURE_DAO}/proposals/3`,
    });
    const about = await screen.findByTestId("about-proposal");
    expect(within(about).getByText("Category")).toBeInTheDocument();
    expect(within(about).getByText("Loading the description…")).toBeInTheDocument();

    answer({ proposalName: "Audit budget", proposalDescription: "Pay the audit.", category: "custom_abi" });
    expect(await screen.findByRole("heading", { level: 1, name: "Audit budget" })).toBeInTheDocument();
    expect(within(about).getAllByText("Category")).toHaveLength(1);
    proposal.descriptionUrl = "";
    vi.unstubAllGlobals();
  });
});
