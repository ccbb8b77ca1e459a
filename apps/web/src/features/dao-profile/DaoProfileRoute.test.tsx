import type { IndexedProposal } from "@polity/core/records/governance";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { zeroAddress } from "viem";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { indexedProposalRecord, listAnswer, offchainProposalRecord } from "../../test/apiDocuments.ts";
import { fetchRoutes, jsonResponse, renderWithProviders } from "../../test/renderWithProviders.tsx";
import { DaoNotFoundError } from "./api/fetchDaoProfile.ts";
import { daoProfileFixture } from "./test/daoProfileFixture.ts";

const DAO = "0x1000000000000000000000000000000000000001" as const;
const state = vi.hoisted(() => ({ result: {} as Record<string, unknown>, rewardReadsToFail: 0 }));

vi.mock("./useDaoProfile.ts", () => ({ useDaoProfile: () => state.result }));
vi.mock("@polity/core/generated/deployments", () => ({ deployments: { 97: {} } }));
// The reward token's symbol and decimals, read from the chain by the voting rules.
vi.mock("./api/rewardTokensQuery.ts", () => ({
  rewardTokensQuery: (_client: unknown, _chainId: number, _pool: string, tokens: string[]) => ({
    queryKey: ["rewardTokens", ...tokens],
    queryFn: async () => {
      if (state.rewardReadsToFail > 0) {
        state.rewardReadsToFail -= 1;
        throw new Error("execution reverted");
      }
      return new Map(
        tokens.map((token) => [token.toLowerCase(), { address: token, symbol: "USDC", decimals: 6 }]),
      );
    },
  }),
}));

const { default: DaoProfileRoute } = await import("./DaoProfileRoute.tsx");

/** An api proposal record (the indexer's fields, state computed by the api). */
function proposal(id: number, stateId: number, over: Partial<IndexedProposal> = {}): IndexedProposal {
  return indexedProposalRecord({
    chain_id: 97,
    pool_address: DAO.toLowerCase() as `0x${string}`,
    proposal_id: String(id),
    state: stateId,
    executor: DAO,
    quorum_votes: (500n * 10n ** 18n).toString(),
    votes_for: (600n * 10n ** 18n).toString(),
    votes_against: (100n * 10n ** 18n).toString(),
    voters_count: 2,
    early_completion: true,
    executed_at: stateId === 7 ? 1_850_000_000 : null,
    executed_for: stateId === 7 ? true : null,
    ...over,
  });
}

const META = { indexed_block: 100, indexed_at: 1_800_000_100, state_time: 1_800_000_100 };

function listDocument<A>(type: string, items: A[], url: URL, total = items.length, extraMeta = {}) {
  const limit = Number(url.searchParams.get("page[limit]") ?? 10);
  const number = Number(url.searchParams.get("page[number]") ?? 1);
  return jsonResponse(
    listAnswer(type, items, {
      total_count: total,
      page_number: number,
      page_limit: limit,
      ...META,
      ...extraMeta,
    }),
  );
}

const api = vi.hoisted(() => ({ proposals: [] as unknown[], total: undefined as number | undefined }));

const profile = daoProfileFixture();

let calls: ReturnType<typeof fetchRoutes>["calls"];

describe("DaoProfileRoute", () => {
  beforeEach(() => {
    api.proposals = [proposal(3, 0), proposal(2, 3), proposal(1, 7)];
    api.total = undefined;
    const routes = fetchRoutes([
      [
        /\/integrations\/voting\/proposals$/,
        (url) => {
          const offchain = [
            offchainProposalRecord({ title: "Q3 grants", status: "0", votes_count: 2 }),
            offchainProposalRecord({ title: "Logo contest", status: "1" }),
          ];
          const statuses = url.searchParams.get("filter[status]")?.split(",");
          const items = offchain.filter((p) => !statuses || statuses.includes(p.status));
          return jsonResponse(
            listAnswer("proposals", items, { total_count: items.length }, (p) => p.title.replace(/ /g, "-")),
          );
        },
      ],
      [
        /\/pools\/gov\/0x[0-9a-f]{40}\/proposals$/,
        (url) => {
          const status = url.searchParams.get("filter[status]");
          const states: Record<string, number[]> = {
            active: [0, 1, 2, 4, 5, 6],
            executed: [7, 8],
            rejected: [3],
          };
          const items = (api.proposals as IndexedProposal[]).filter(
            (p) => !status || (states[status] ?? []).includes(p.state),
          );
          const limit = Number(url.searchParams.get("page[limit]") ?? 10);
          return listDocument("gov-proposals", items.slice(0, limit), url, api.total ?? items.length);
        },
      ],
      [
        /\/pools\/gov\/0x[0-9a-f]{40}\/validators$/,
        (url) =>
          listDocument(
            "gov-validators",
            [
              {
                address: "0x9000000000000000000000000000000000000009",
                balance: (30n * 10n ** 18n).toString(),
                updated_at: 1,
              },
              {
                address: "0x9100000000000000000000000000000000000009",
                balance: (10n * 10n ** 18n).toString(),
                updated_at: 1,
              },
            ],
            url,
            2,
            { total_balance: (40n * 10n ** 18n).toString() },
          ),
      ],
      [
        /stats\/latest$/,
        () =>
          jsonResponse({
            data: {
              id: DAO.toLowerCase(),
              type: "gov-pool-stats",
              attributes: {
                gov_pool_address: DAO.toLowerCase(),
                gov_pool_name: "Acme DAO",
                gov_token_address: "0x6000000000000000000000000000000000000006",
                gov_nft_address: zeroAddress,
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
    ]);
    calls = routes.calls;
    vi.stubGlobal("fetch", routes.fn);
  });
  afterEach(() => vi.unstubAllGlobals());

  function renderAt(path: string) {
    return renderWithProviders(<DaoProfileRoute />, { path, routePath: "/dao/:daoAddress/*" });
  }

  it("shows its frame while the DAO loads: one heading saying so, the chain, the tabs and the description's room", () => {
    state.result = { isPending: true, isError: false, data: undefined };
    renderAt(`/dao/${DAO}`);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Loading the DAO…");
    expect(screen.getByText("BNB Smart Chain Testnet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Proposals" })).toHaveAttribute("href", `/dao/${DAO}/proposals`);
    expect(screen.getByTestId("dao-description")).toHaveTextContent("Loading the description…");
    expect(screen.getByRole("status")).toHaveTextContent("Loading the DAO…");
  });

  it("shows the header, statistics and the latest proposals with their status labels", async () => {
    state.result = { isPending: false, isError: false, data: profile };
    renderAt(`/dao/${DAO}`);
    expect(screen.getByTestId("dao-name")).toHaveTextContent("Acme DAO");
    expect(screen.getByText("BNB Smart Chain Testnet")).toBeInTheDocument();
    expect(await screen.findByText("$2,500")).toBeInTheDocument();
    expect(screen.getByText("$100.5")).toBeInTheDocument();
    expect(screen.getByTestId("stat-proposals")).toHaveTextContent("1 active / 3");
    expect(screen.getByTestId("stat-power")).toHaveTextContent("1,000 ACME");
    expect(screen.getByTestId("stat-deposited")).toHaveTextContent("700 ACME");
    expect(screen.getByTestId("stat-supply")).toHaveTextContent("1M ACME");
    expect((await screen.findAllByTestId("proposal-state")).map((el) => el.textContent)).toEqual([
      "Members voting",
      "Rejected",
      "Executed",
    ]);
    expect(screen.getAllByText("Quorum: 500 ACME")).toHaveLength(3);
    // Only the proposal still voting says when voting ends; the others say it ended.
    const ends = screen
      .getAllByTestId("proposal-row")
      .map((row) => /Voting (ends|ended)/.exec(row.textContent ?? "")?.[0]);
    expect(ends).toEqual(["Voting ends", "Voting ended", "Voting ended"]);
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
    // The overview asks the api for the five newest proposals only.
    const list = calls.find((c) => c.url.pathname.endsWith("/proposals"));
    expect(list?.url.pathname).toBe(`/integrations/tracker/97/pools/gov/${DAO.toLowerCase()}/proposals`);
    expect(list?.url.searchParams.get("page[limit]")).toBe("5");
    expect(list?.url.searchParams.get("filter[status]")).toBeNull();
    expect(screen.queryByRole("link", { name: "See all proposals" })).not.toBeInTheDocument();
  });

  it("links to every proposal when the overview shows only the newest", async () => {
    api.total = 12;
    state.result = { isPending: false, isError: false, data: profile };
    renderAt(`/dao/${DAO}`);
    expect(await screen.findByRole("link", { name: "See all proposals" })).toHaveAttribute(
      "href",
      `/dao/${DAO}/proposals`,
    );
  });

  it("shows the required quorum as votes in the token's decimals, not as a percentage", async () => {
    // The seeded DAO: 6-decimal token, 1,000 total power at creation and a 40% quorum → 400 votes.
    const quorumVotes = 400n * 10n ** 6n;
    api.proposals = [
      proposal(2, 0, { quorum_votes: quorumVotes.toString(), votes_for: "0", votes_against: "0" }),
      proposal(1, 7, {
        quorum_votes: quorumVotes.toString(),
        quorum_reached_at: 1_800_000_500,
        votes_for: (450n * 10n ** 6n).toString(),
        votes_against: "0",
      }),
    ];
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
      },
    };
    renderAt(`/dao/${DAO}/proposals`);
    expect(await screen.findByText("Quorum: 400 ACME")).toBeInTheDocument();
    expect(screen.getByText("Quorum of 400 ACME reached")).toBeInTheDocument();
    expect(screen.getByText("For: 450 ACME")).toBeInTheDocument();
    expect(screen.queryByText(/Quorum: 0\.0/)).not.toBeInTheDocument();
  });

  it("filters proposals through the api with the spec's UI filters", async () => {
    state.result = { isPending: false, isError: false, data: profile };
    renderAt(`/dao/${DAO}/proposals`);
    expect(await screen.findAllByTestId("proposal-row")).toHaveLength(3);
    fireEvent.click(screen.getByRole("button", { name: "Active" }));
    await waitFor(() => expect(screen.getAllByTestId("proposal-row")).toHaveLength(1));
    fireEvent.click(screen.getByRole("button", { name: "Executed" }));
    await waitFor(() =>
      expect(screen.getAllByTestId("proposal-state").map((el) => el.textContent)).toEqual(["Executed"]),
    );
    fireEvent.click(screen.getByRole("button", { name: "Rejected" }));
    await waitFor(() =>
      expect(screen.getAllByTestId("proposal-state").map((el) => el.textContent)).toEqual(["Rejected"]),
    );
    const statuses = calls
      .filter((c) => c.url.pathname.endsWith("/proposals") && c.url.pathname.includes("/pools/gov/"))
      .map((c) => c.url.searchParams.get("filter[status]"));
    expect(statuses).toEqual([null, "active", "executed", "rejected"]);
  });

  it("lists off-chain proposals beside on-chain ones, filterable by type", async () => {
    state.result = { isPending: false, isError: false, data: profile };
    renderAt(`/dao/${DAO}/proposals`);
    expect(await screen.findAllByTestId("proposal-row")).toHaveLength(3);
    expect(await screen.findAllByTestId("offchain-proposal-row")).toHaveLength(2);
    const grants = screen.getAllByTestId("offchain-proposal-row")[0] as HTMLElement;
    expect(grants).toHaveTextContent("Q3 grants");
    expect(grants).toHaveTextContent("Members voting");
    expect(grants).toHaveTextContent("2 votes");
    expect(within(grants).getByRole("link", { name: "Q3 grants" })).toHaveAttribute(
      "href",
      `/dao/${DAO}/create-offchain/proposal/Q3-grants`,
    );
    fireEvent.click(screen.getByRole("button", { name: "Off-chain" }));
    await waitFor(() => expect(screen.queryAllByTestId("proposal-row")).toHaveLength(0));
    expect(screen.getAllByTestId("offchain-proposal-row")).toHaveLength(2);
    fireEvent.click(screen.getByRole("button", { name: "Accepted" }));
    await waitFor(() => expect(screen.getAllByTestId("offchain-proposal-row")).toHaveLength(1));
    expect(screen.getByTestId("offchain-proposal-row")).toHaveTextContent("Logo contest");
    fireEvent.click(screen.getByRole("button", { name: "On-chain" }));
    await waitFor(() => expect(screen.queryAllByTestId("offchain-proposal-row")).toHaveLength(0));
  });

  it("pages through the proposals instead of reading only the newest", async () => {
    api.total = 25;
    state.result = { isPending: false, isError: false, data: profile };
    renderAt(`/dao/${DAO}/proposals`);
    expect(await screen.findByText("Page 1 of 3")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Page 2 of 3");
    const pages = calls
      .filter((c) => c.url.pathname.endsWith("/proposals") && c.url.pathname.includes("/pools/gov/"))
      .map((c) => c.url.searchParams.get("page[number]"));
    expect(pages).toEqual(["1", "2"]);
  });

  it("says when there are no proposals, and when they cannot be loaded", async () => {
    api.proposals = [];
    state.result = { isPending: false, isError: false, data: profile };
    const { unmount } = renderAt(`/dao/${DAO}/proposals`);
    expect(await screen.findByText("No proposals yet.")).toBeInTheDocument();
    unmount();
    vi.stubGlobal(
      "fetch",
      fetchRoutes([
        [
          /proposals$/,
          () =>
            jsonResponse(
              { errors: [{ title: "Service Unavailable", detail: "indexer down", status: "503" }] },
              503,
            ),
        ],
      ]).fn,
    );
    renderAt(`/dao/${DAO}/proposals`);
    // Both lists, on-chain and off-chain, say so and offer a retry.
    await waitFor(() => expect(screen.getAllByText(/Proposals could not be loaded/)).toHaveLength(2));
    expect(screen.getAllByRole("button", { name: "Try again" })).toHaveLength(2);
  });

  it("lists the validators from the api with their share of the validator token", async () => {
    state.result = {
      isPending: false,
      isError: false,
      data: {
        ...profile,
        validators: {
          hasValidators: true,
          token: { address: DAO, name: "Acme-VT", symbol: "ACME-VT", totalSupply: 40n * 10n ** 18n },
          settings: { duration: 3600n, executionDelay: 0n, quorum: 51n * 10n ** 25n },
        },
      },
    };
    renderAt(`/dao/${DAO}/validators`);
    const rows = await screen.findAllByTestId("validator-row");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("30 ACME-VT");
    expect(rows[0]).toHaveTextContent("75%");
    expect(rows[1]).toHaveTextContent("10 ACME-VT");
    expect(rows[1]).toHaveTextContent("25%");
    expect(calls.some((c) => c.url.pathname.endsWith(`/${DAO.toLowerCase()}/validators`))).toBe(true);
  });

  it("shows the voting rules of each settings slot, every amount in its token", async () => {
    const rewards = {
      rewardToken: "0x7000000000000000000000000000000000000007" as const,
      creationReward: 5_000_000n,
      executionReward: 2_500_000n,
      voteRewardsCoefficient: 15n * 10n ** 24n,
    };
    const slot = {
      ...profile.settings.default,
      minVotesForVoting: 2_500n * 10n ** 18n,
      rewardsInfo: rewards,
    };
    state.result = {
      isPending: false,
      isError: false,
      data: { ...profile, settings: { ...profile.settings, default: slot } },
    };
    renderAt(`/dao/${DAO}/voting-rules`);
    const rules = await screen.findByTestId("rules-default");
    expect(rules).toHaveTextContent("51%");
    expect(rules).toHaveTextContent("1d");
    expect(rules).toHaveTextContent("2,500 ACME");
    expect(rules).toHaveTextContent("×1.5");
    // The rewards wait for the reward token's decimals (6 here, not 18).
    await waitFor(() => expect(rules).toHaveTextContent("5 USDC"));
    expect(rules).toHaveTextContent("2.5 USDC");
    expect(screen.queryByTestId("rules-validators")).not.toBeInTheDocument();
  });

  it("says when the reward token cannot be read instead of waiting on it, and reads it again on retry", async () => {
    state.rewardReadsToFail = 1;
    const slot = {
      ...profile.settings.default,
      rewardsInfo: {
        rewardToken: "0x7000000000000000000000000000000000000007" as const,
        creationReward: 5_000_000n,
        executionReward: 0n,
        voteRewardsCoefficient: 0n,
      },
    };
    state.result = {
      isPending: false,
      isError: false,
      data: { ...profile, settings: { ...profile.settings, default: slot } },
    };
    renderAt(`/dao/${DAO}/voting-rules`);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The reward token could not be read");
    const rules = screen.getByTestId("rules-default");
    const creationReward = within(rules).getByRole("rowheader", { name: "Creation reward" }).closest("tr");
    expect(creationReward).toHaveTextContent(/^Creation rewardUnavailable$/);
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(rules).toHaveTextContent("5 USDC"));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("asks to connect on My balance without a wallet, and shows the position with one", async () => {
    state.result = { isPending: false, isError: false, data: profile };
    const { unmount } = renderAt(`/dao/${DAO}/my-balance`);
    expect(
      await screen.findByText("Connect your wallet to see your balance in this DAO."),
    ).toBeInTheDocument();
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
    expect(await screen.findByTestId("balance-deposited")).toHaveTextContent("100 ACME");
    expect(screen.getByTestId("balance-locked")).toHaveTextContent("40 ACME");
    expect(screen.getByTestId("balance-withdrawable")).toHaveTextContent("60 ACME");
    expect(screen.getByTestId("power-personal")).toHaveTextContent("40 ACME");
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
