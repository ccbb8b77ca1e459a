import { ProposalState } from "@polity/core/proposalStates";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { FIXTURE_DAO, fixtureDetails, fixtureUser } from "./api/proposalDetailsFixture.ts";
import { ValidatorsVoteTerminal } from "./ValidatorsVoteRoute.tsx";
import VoteRoute, { VoteTerminal } from "./VoteRoute.tsx";

// The vote page's proposal read, still under way (the terminals below get their proposal directly).
vi.mock("./useProposalDetails.ts", () => ({
  useProposalDetails: () => ({ isPending: true, isError: false, data: undefined }),
}));

const E = (n: number) => BigInt(n) * 10n ** 18n;

describe("VoteRoute", () => {
  it("shows its heading and the ways back while the proposal loads", () => {
    renderWithProviders(<VoteRoute />, {
      routePath: "/dao/:daoAddress/vote/:proposalId",
      path: `/dao/${FIXTURE_DAO}/vote/2`,
    });
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Vote on proposal #2");
    expect(screen.getByRole("link", { name: "Back to the proposal" })).toHaveAttribute(
      "href",
      `/dao/${FIXTURE_DAO}/proposals/2`,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Loading the proposal…");
  });
});

describe("VoteTerminal", () => {
  it("shows the member's voting power by vote type", () => {
    const user = fixtureUser({
      powerByType: { personal: E(100), micropool: E(30), delegated: E(8), treasury: E(12) },
    });
    const { unmount } = renderWithProviders(
      <VoteTerminal details={{ ...fixtureDetails(ProposalState.Voting), user }} />,
    );
    const power = screen.getByTestId("vote-power");
    expect(power).toHaveTextContent("Personal100");
    expect(power).toHaveTextContent("Delegated to you (micropool)30");
    expect(power).toHaveTextContent("Treasury delegated to you12");
    // delegated voting off: what the member delegated out is not a power it may vote here
    expect(power).not.toHaveTextContent("Delegated by you");
    unmount();
    renderWithProviders(
      <VoteTerminal
        details={{ ...fixtureDetails(ProposalState.Voting), delegatedVotingAllowed: true, user }}
      />,
    );
    expect(screen.getByTestId("vote-power")).toHaveTextContent(
      "Delegated by you (you may vote it yourself)8",
    );
  });

  it("walks the button through the terminal states and fills the percent buttons", () => {
    renderWithProviders(<VoteTerminal details={fixtureDetails(ProposalState.Voting)} />);
    const submit = screen.getByTestId("vote-submit");
    expect(submit).toHaveTextContent("Select amount");
    expect(submit).toBeDisabled();
    expect(screen.getByTestId("locked-explanation")).toHaveTextContent("Tokens are locked during voting");

    fireEvent.click(screen.getByRole("button", { name: "25%" }));
    const input = screen.getByLabelText("Amount (ACME)");
    expect(input).toHaveValue("37.5");
    expect(screen.queryByTestId("vote-steps")).toBeNull();
    expect(submit).toHaveTextContent("Vote for");
    expect(submit).toBeEnabled();

    fireEvent.change(input, { target: { value: "120" } });
    expect(submit).toHaveTextContent("Vote for");
    expect(screen.getByTestId("vote-steps")).toHaveTextContent("Approve the wallet tokens");
    expect(screen.getByTestId("vote-steps")).toHaveTextContent("Deposit them and vote in one transaction");

    fireEvent.change(input, { target: { value: "150.5" } });
    expect(submit).toHaveTextContent("Insufficient balance");
    expect(submit).toBeDisabled();

    fireEvent.change(input, { target: { value: "1.2.3" } });
    expect(screen.getByRole("alert")).toHaveTextContent("Please enter a valid non-negative number");

    fireEvent.click(screen.getByRole("button", { name: "Max" }));
    fireEvent.click(screen.getByLabelText("against"));
    expect(submit).toHaveTextContent("Vote against");
  });

  it("keeps the side of an earlier vote and shows it", () => {
    const user = fixtureUser({
      vote: { isVoteFor: false, totalVoted: E(10), tokensVoted: 0n, totalRawVoted: E(10), nftsVoted: [] },
    });
    renderWithProviders(<VoteTerminal details={fixtureDetails(ProposalState.Voting, { user })} />);
    expect(screen.getByLabelText("for")).toBeDisabled();
    expect(screen.getByLabelText("against")).toBeChecked();
    expect(
      screen.getByText("You voted against with 10 ACME; you can add to that vote or cancel it."),
    ).toBeVisible();
    // The disabled side says why it cannot be picked.
    expect(screen.getByLabelText("for")).toHaveAccessibleDescription(
      "You voted against: a vote keeps its side. To vote for, cancel your vote on the proposal page first.",
    );
    expect(screen.getByTestId("vote-available")).toHaveTextContent("90");
  });

  it("lets NFTs vote without an amount", () => {
    const user = fixtureUser({ deposited: 0n, depositedNfts: [4n, 7n] });
    renderWithProviders(
      <VoteTerminal
        details={fixtureDetails(ProposalState.Voting, {
          user,
          nft: {
            address: "0x6000000000000000000000000000000000000006",
            symbol: "GLD",
            individualPower: E(2500),
          },
        })}
      />,
    );
    const submit = screen.getByTestId("vote-submit");
    expect(submit).toHaveTextContent("Select amount");
    fireEvent.click(screen.getByLabelText("#7"));
    expect(submit).toHaveTextContent("Vote for");
  });

  it("says voting is closed outside the Voting state", () => {
    renderWithProviders(<VoteTerminal details={fixtureDetails(ProposalState.Defeated)} />);
    expect(screen.getByText("Voting on this proposal is closed.")).toBeInTheDocument();
  });
});

describe("ValidatorsVoteTerminal", () => {
  it("limits a validator to the unused snapshot balance", () => {
    const user = fixtureUser({
      isValidator: true,
      validatorBalance: E(10),
      validatorVotes: { votedFor: E(6), votedAgainst: 0n },
    });
    renderWithProviders(
      <ValidatorsVoteTerminal details={fixtureDetails(ProposalState.ValidatorVoting, { user })} />,
    );
    const submit = screen.getByTestId("validators-vote-submit");
    fireEvent.change(screen.getByLabelText("Validator tokens"), { target: { value: "5" } });
    expect(submit).toHaveTextContent("Insufficient balance");
    fireEvent.click(screen.getByRole("button", { name: "Max" }));
    expect(screen.getByLabelText("Validator tokens")).toHaveValue("4");
    expect(submit).toHaveTextContent("Vote for");
  });

  it("turns away members who are not validators", () => {
    renderWithProviders(<ValidatorsVoteTerminal details={fixtureDetails(ProposalState.ValidatorVoting)} />);
    expect(screen.getByText("Only validators vote at this stage.")).toBeInTheDocument();
  });
});
