import { fireEvent, screen } from "@testing-library/react";
import { zeroAddress } from "viem";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fetchRoutes, jsonResponse, renderWithProviders } from "../../test/renderWithProviders.tsx";
import { DaoNotFoundError, type DaoProfile, type ProposalView } from "./api/fetchDaoProfile.ts";

const DAO = "0x1000000000000000000000000000000000000001" as const;
const state = vi.hoisted(() => ({ result: {} as Record<string, unknown> }));

vi.mock("./useDaoProfile.ts", () => ({ useDaoProfile: () => state.result }));
vi.mock("@polity/core/generated/deployments", () => ({ deployments: { 97: { startBlock: 0 } } }));

const { default: DaoProfileRoute } = await import("./DaoProfileRoute.tsx");

function proposal(id: bigint, stateId: number): ProposalView {
  return {
    id,
    state: stateId,
    settingsId: 0n,
    creator: "0x2000000000000000000000000000000000000002",
    voteEnd: 1_900_000_000n,
    executeAfter: 0n,
    executionDelay: 0n,
    earlyCompletion: true,
    validatorsVote: false,
    hasActionsOnAgainst: false,
    quorumReached: false,
    movedToValidators: false,
    executed: stateId === 7,
    requiredQuorum: 500n * 10n ** 18n,
    minVotesForVoting: 0n,
    votesFor: 600n * 10n ** 18n,
    votesAgainst: 100n * 10n ** 18n,
    rawVotesFor: 0n,
    rawVotesAgainst: 0n,
  };
}

const settings = {
  earlyCompletion: true,
  delegatedVotingAllowed: true,
  validatorsVote: false,
  duration: 86_400n,
  durationValidators: 0n,
  executionDelay: 0n,
  quorum: 51n * 10n ** 25n,
  quorumValidators: 0n,
  minVotesForVoting: 10n ** 18n,
  minVotesForCreating: 10n ** 18n,
  rewardsInfo: {
    rewardToken: zeroAddress,
    creationReward: 0n,
    executionReward: 0n,
    voteRewardsCoefficient: 0n,
  },
  executorDescription: "",
};

const profile: DaoProfile = {
  address: DAO,
  chainId: 97,
  name: "Acme DAO",
  descriptionUrl: "",
  helpers: { settings: DAO, userKeeper: DAO, validators: DAO, poolRegistry: DAO, votePower: DAO },
  nftContracts: {
    nftMultiplier: zeroAddress,
    expertNft: zeroAddress,
    globalExpertNft: zeroAddress,
    babt: zeroAddress,
  },
  config: { verifier: zeroAddress, onlyBABTHolders: false, isLinearPower: true },
  commentSettings: { minVotesForReadProposalDiscussion: 0n, minVotesForCreatingComment: 10n ** 18n },
  latestProposalId: 3n,
  token: {
    address: "0x6000000000000000000000000000000000000006",
    name: "Acme",
    symbol: "ACME",
    decimals: 18,
    totalSupply: 10n ** 24n,
  },
  nft: null,
  totalPower: 1000n * 10n ** 18n,
  totalDepositedTokens: 700n * 10n ** 18n,
  settings: { default: settings, internal: settings, validators: undefined, count: 5n },
  validators: { hasValidators: false, token: null, settings: undefined },
  proposals: [proposal(3n, 0), proposal(2n, 3), proposal(1n, 7)],
  proposalDescriptions: {},
  user: null,
};

describe("DaoProfileRoute", () => {
  beforeEach(() => {
    vi.stubGlobal(
      "fetch",
      fetchRoutes([
        [
          /stats\/latest$/,
          () =>
            jsonResponse({
              data: {
                attributes: {
                  tvl_usd: "2500",
                  tvg_usd: "100.5",
                  total_members_count: 4,
                  lau: 2,
                  total_active_proposals_count: 1,
                  total_proposals_count: 3,
                  gov_pool_created_at: 1_700_000_000,
                },
              },
            }),
        ],
      ]).fn,
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  function renderAt(path: string) {
    return renderWithProviders(<DaoProfileRoute />, { path, routePath: "/dao/:daoAddress/*" });
  }

  it("shows the header, statistics and the latest proposals with their status labels", async () => {
    state.result = { isPending: false, isError: false, data: profile };
    renderAt(`/dao/${DAO}`);
    expect(screen.getByTestId("dao-name")).toHaveTextContent("Acme DAO");
    expect(screen.getByText("BNB Smart Chain Testnet")).toBeInTheDocument();
    expect(await screen.findByText("$2,500")).toBeInTheDocument();
    expect(screen.getByText("$100.5")).toBeInTheDocument();
    expect(screen.getByTestId("stat-proposals")).toHaveTextContent("1 active / 3");
    expect(screen.getAllByTestId("proposal-state").map((el) => el.textContent)).toEqual([
      "Members voting",
      "Rejected",
      "Executed",
    ]);
    expect(screen.getAllByText("Quorum: 500 votes")).toHaveLength(3);
    expect(screen.getAllByTestId("proposal-link").map((el) => el.getAttribute("href"))).toEqual([
      `/dao/${DAO}/proposals/3`,
      `/dao/${DAO}/proposals/2`,
      `/dao/${DAO}/proposals/1`,
    ]);
    expect(screen.getByRole("link", { name: "Create proposal" })).toHaveAttribute(
      "href",
      `/dao/${DAO}/create-proposal`,
    );
    expect(screen.getByRole("link", { name: "Off-chain proposal" })).toHaveAttribute(
      "href",
      `/dao/${DAO}/create-offchain`,
    );
  });

  it("shows the required quorum as votes in the token's decimals, not as a percentage", () => {
    // The seeded DAO: 6-decimal token, 1,000 total power at creation and a 40% quorum → 400 votes.
    const quorumVotes = 400n * 10n ** 6n;
    state.result = {
      isPending: false,
      isError: false,
      data: {
        ...profile,
        token: {
          address: "0x6000000000000000000000000000000000000006",
          name: "Acme",
          symbol: "ACME",
          decimals: 6,
          totalSupply: 10n ** 12n,
        },
        totalPower: 1000n * 10n ** 6n,
        proposals: [
          { ...proposal(2n, 0), requiredQuorum: quorumVotes, votesFor: 0n, votesAgainst: 0n },
          {
            ...proposal(1n, 7),
            requiredQuorum: quorumVotes,
            quorumReached: true,
            votesFor: 450n * 10n ** 6n,
            votesAgainst: 0n,
          },
        ],
      },
    };
    renderAt(`/dao/${DAO}/proposals`);
    expect(screen.getByText("Quorum: 400 votes")).toBeInTheDocument();
    expect(screen.getByText("Quorum of 400 votes reached")).toBeInTheDocument();
    expect(screen.getByText("For: 450")).toBeInTheDocument();
    expect(screen.queryByText(/Quorum: 0\.0/)).not.toBeInTheDocument();
  });

  it("filters proposals by the spec's UI filters", async () => {
    state.result = { isPending: false, isError: false, data: profile };
    renderAt(`/dao/${DAO}/proposals`);
    fireEvent.click(screen.getByRole("button", { name: "Active" }));
    expect(screen.getAllByTestId("proposal-row")).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Executed" }));
    expect(screen.getAllByTestId("proposal-state").map((el) => el.textContent)).toEqual(["Executed"]);
    fireEvent.click(screen.getByRole("button", { name: "Rejected" }));
    expect(screen.getAllByTestId("proposal-state").map((el) => el.textContent)).toEqual(["Rejected"]);
  });

  it("shows the voting rules of each settings slot", () => {
    state.result = { isPending: false, isError: false, data: profile };
    renderAt(`/dao/${DAO}/voting-rules`);
    expect(screen.getByTestId("rules-default")).toHaveTextContent("51%");
    expect(screen.getByTestId("rules-default")).toHaveTextContent("1d");
    expect(screen.queryByTestId("rules-validators")).not.toBeInTheDocument();
  });

  it("asks to connect on My balance without a wallet, and shows the position with one", () => {
    state.result = { isPending: false, isError: false, data: profile };
    const { unmount } = renderAt(`/dao/${DAO}/my-balance`);
    expect(screen.getByText("Connect your wallet to see your balance in this DAO.")).toBeInTheDocument();
    unmount();
    const power = {
      power: 40n * 10n ** 18n,
      rawPower: 0n,
      nftPower: 0n,
      rawNftPower: 0n,
      perNftPower: [],
      ownedBalance: 0n,
      ownedLength: 0n,
      nftIds: [],
    };
    state.result = {
      isPending: false,
      isError: false,
      data: {
        ...profile,
        user: {
          address: DAO,
          deposited: 100n * 10n ** 18n,
          withdrawable: 60n * 10n ** 18n,
          locked: 40n * 10n ** 18n,
          depositedNfts: [],
          withdrawableNfts: [],
          walletBalance: 5n * 10n ** 18n,
          votingPower: { personal: power, micropool: undefined, delegated: undefined, treasury: undefined },
          isExpert: false,
          isValidator: false,
          validatorBalance: 0n,
        },
      },
    };
    renderAt(`/dao/${DAO}/my-balance`);
    expect(screen.getByTestId("balance-deposited")).toHaveTextContent("100 ACME");
    expect(screen.getByTestId("balance-locked")).toHaveTextContent("40 ACME");
    expect(screen.getByTestId("balance-withdrawable")).toHaveTextContent("60 ACME");
    expect(screen.getByTestId("power-personal")).toHaveTextContent("40");
    expect(screen.getByRole("link", { name: "Deposit" })).toHaveAttribute("href", `/dao/${DAO}/deposit`);
    expect(screen.getByRole("link", { name: "Withdraw" })).toHaveAttribute("href", `/dao/${DAO}/withdraw`);
    expect(screen.getByRole("link", { name: "Claim rewards" })).toHaveAttribute("href", `/dao/${DAO}/claim`);
  });

  it("tells when there is no DAO at the address, and refuses a malformed one", () => {
    state.result = { isPending: false, isError: true, error: new DaoNotFoundError("nope"), refetch: vi.fn() };
    const { unmount } = renderAt(`/dao/${DAO}`);
    expect(
      screen.getByText("There is no DAO at this address on BNB Smart Chain Testnet."),
    ).toBeInTheDocument();
    unmount();
    renderAt("/dao/not-an-address");
    expect(screen.getByText("This is not a valid DAO address.")).toBeInTheDocument();
  });
});
