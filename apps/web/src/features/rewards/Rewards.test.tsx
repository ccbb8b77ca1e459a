import { fireEvent, screen } from "@testing-library/react";
import { zeroAddress } from "viem";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { claimableIds, type RewardsOverview, rewardStatus } from "./api/fetchRewards.ts";
import ClaimRoute, { RewardsView } from "./ClaimRoute.tsx";
import { DelegatedRewardsView } from "./DelegatedRewards.tsx";

const E = (n: number) => BigInt(n) * 10n ** 18n;
const TOKEN = "0x3000000000000000000000000000000000000003" as const;
const USER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" as const;

const overview: RewardsOverview = {
  dao: "0x1000000000000000000000000000000000000001",
  daoName: "Acme DAO",
  proposals: [
    {
      id: 5n,
      token: TOKEN,
      staticReward: E(50),
      voting: { personal: E(3), micropool: 0n, treasury: 0n },
      multiplierBonus: 0n,
      total: E(53),
      hasClaimed: false,
    },
    {
      id: 4n,
      token: TOKEN,
      staticReward: 0n,
      voting: { personal: 0n, micropool: 0n, treasury: 0n },
      multiplierBonus: 0n,
      total: 0n,
      hasClaimed: true,
    },
    {
      id: 2n,
      token: zeroAddress,
      staticReward: 0n,
      voting: { personal: 0n, micropool: 0n, treasury: 0n },
      multiplierBonus: 0n,
      total: 0n,
      hasClaimed: false,
    },
  ],
  page: 1,
  pageCount: 1,
  total: 3,
  isBehind: false,
  offchain: [{ token: TOKEN, amount: E(7) }],
  tokens: { [TOKEN.toLowerCase()]: { symbol: "ACME", decimals: 18 } },
};

describe("rewards", () => {
  it("keeps its heading and leads back to the DAO before a wallet is connected", () => {
    const dao = "0x1000000000000000000000000000000000000001";
    renderWithProviders(<ClaimRoute />, { path: `/dao/${dao}/claim`, routePath: "/dao/:daoAddress/claim/*" });
    expect(screen.getByText("Connect a wallet to see your rewards.")).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["My rewards"]);
    expect(screen.getByRole("link", { name: "← Back to the DAO" })).toHaveAttribute("href", `/dao/${dao}`);
  });

  it("tells claimable, already claimed and nothing apart", () => {
    expect(overview.proposals.map(rewardStatus)).toEqual(["claimable", "alreadyClaimed", "none"]);
    expect(claimableIds(overview)).toEqual([5n]);
  });

  it("shows static and voting rewards by kind, off-chain rewards and one claim for all", () => {
    renderWithProviders(<RewardsView overview={overview} user={USER} />);
    const claimable = screen.getByTestId("reward-5");
    expect(claimable).toHaveTextContent("50 ACME");
    expect(claimable).toHaveTextContent("3 ACME");
    expect(screen.getByTestId("reward-4")).toHaveTextContent("Already claimed");
    expect(screen.getByTestId("reward-2")).toHaveTextContent("No reward");
    expect(screen.getByText("7 ACME")).toBeInTheDocument();
    expect(screen.getByTestId("claim-all")).toHaveTextContent("Claim rewards of 1 proposal");
    expect(screen.getByTestId("claim-all")).toBeEnabled();
  });

  it("has nothing to claim without pending rewards", () => {
    renderWithProviders(
      <RewardsView
        overview={{ ...overview, proposals: overview.proposals.slice(1), offchain: [] }}
        user={USER}
      />,
    );
    expect(screen.getByTestId("claim-all")).toHaveTextContent("Nothing to claim");
    expect(screen.getByTestId("claim-all")).toBeDisabled();
  });

  it("shows the delegator's share of each delegatee's micropool reward: claim, or already claimed", () => {
    const delegatee = "0x5000000000000000000000000000000000000005" as const;
    renderWithProviders(
      <DelegatedRewardsView
        user={USER}
        data={{
          dao: overview.dao,
          rows: [
            { delegatee, id: 7n, token: TOKEN, amount: E(4), isClaimed: false },
            { delegatee, id: 6n, token: TOKEN, amount: 0n, isClaimed: true },
          ],
          tokens: overview.tokens,
          isTruncated: false,
        }}
      />,
    );
    expect(screen.queryByTestId("delegated-truncated")).toBeNull();
    const open = screen.getByTestId("delegated-reward-7");
    expect(open).toHaveTextContent(delegatee);
    expect(open).toHaveTextContent("4 ACME");
    expect(open.querySelector("button")).toHaveTextContent("Claim");
    expect(open.querySelector("button")).toBeEnabled();
    const claimed = screen.getByTestId("delegated-reward-6");
    expect(claimed.querySelector("button")).toHaveTextContent("Already claimed");
    expect(claimed.querySelector("button")).toBeDisabled();
  });

  it("shows no delegated rewards section without any", () => {
    renderWithProviders(
      <DelegatedRewardsView
        user={USER}
        data={{ dao: overview.dao, rows: [], tokens: {}, isTruncated: false }}
      />,
    );
    expect(screen.queryByTestId("delegated-rewards")).toBeNull();
  });

  it("pages through the delegated rewards, 25 a page, and says when the list is only a part", () => {
    const delegatee = "0x5000000000000000000000000000000000000005" as const;
    const rows = Array.from({ length: 30 }, (_, i) => ({
      delegatee,
      id: BigInt(100 - i),
      token: TOKEN,
      amount: E(1),
      isClaimed: false,
    }));
    renderWithProviders(
      <DelegatedRewardsView
        user={USER}
        data={{ dao: overview.dao, rows, tokens: overview.tokens, isTruncated: true }}
      />,
    );
    expect(screen.getByTestId("delegated-truncated")).toHaveTextContent(
      "Only part of your delegated rewards is listed: this page reads up to 100 delegatees and 2000 delegations or executed proposals of each list.",
    );
    expect(screen.getAllByTestId(/^delegated-reward-/)).toHaveLength(25);
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getAllByTestId(/^delegated-reward-/)).toHaveLength(5);
    expect(screen.getByTestId("delegated-reward-71")).toBeInTheDocument();
  });
});
