import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { UserActivityPool } from "../../shared/tracker/trackerApi.ts";
import { listAnswer } from "../../test/apiDocuments.ts";
import { clientAnsweringEach } from "../../test/fakeReadClient.ts";
import {
  connectTestAccount,
  fetchRoutes,
  jsonResponse,
  renderWithProviders,
} from "../../test/renderWithProviders.tsx";
import { testChain } from "../../test/selectedChain.ts";
import { topPoolRecord } from "../../test/trackerRecords.ts";
import ProfileRoute from "./ProfileRoute.tsx";

const USER = "0x00000000000000000000000000000000000000aa";
const POOL = "0x0000000000000000000000000000000000000101";
const KEEPER = "0x0000000000000000000000000000000000000201";
const E18 = 10n ** 18n;

const chain = clientAnsweringEach((call) => {
  if (call.functionName === "getHelperContracts") return [KEEPER, KEEPER, KEEPER, KEEPER, KEEPER];
  if (call.functionName === "userInfo")
    return {
      profileURL: "ipfs://bafylinked",
      agreedDocumentHash: `0x${"00".repeat(32)}`,
      signatureHash: `0x${"00".repeat(32)}`,
    };
  if (call.functionName === "votingPower") {
    const view = (power: bigint) => ({ power, nftPower: 0n });
    return [view(150n * E18), view(0n), view(25n * E18), view(0n)];
  }
  throw new Error(`unexpected read ${call.functionName}`);
});
vi.mock("../../shared/chain/readClient.ts", () => ({ useReadClient: () => chain.client }));
// The tests' default network has no UserRegistry; the local one has.
vi.mock("../../shared/wallet/selectedChain.ts", async (importOriginal) =>
  (await import("../../test/selectedChain.ts")).selectedChainModule(importOriginal),
);

function activityPool(over: Partial<UserActivityPool> = {}): UserActivityPool {
  return {
    ...topPoolRecord(0x101, { name: "Alpha DAO", gov_token_symbol: "ALP", tvl_usd: "1000", is_member: true }),
    user_address: USER,
    user_votes_count: 3,
    user_proposals_count: 2,
    user_deposits_count: 1,
    user_recent_votes_count: 0,
    user_recent_proposals_count: 0,
    user_recent_deposits_count: 0,
    user_last_activity_at: null,
    user_deposited_tokens: "0",
    user_deposited_nfts: 0,
    user_delegated_in_tokens: "0",
    user_delegated_out_tokens: "0",
    ...over,
  };
}

const balance = (symbol: string, balance: string, balanceUsd: string, priceUsd: string) => ({
  token_address: `0x${(symbol.length * 17).toString(16).padStart(40, "0")}`,
  name: symbol,
  symbol,
  decimals: 18,
  logo: null,
  balance,
  price_usd: priceUsd,
  usd_price: priceUsd,
  balance_usd: balanceUsd,
});

const ADA = {
  address: USER,
  name: "Ada",
  avatar_url: "",
  bio: "Votes early.",
  social_links: [{ kind: "github", url: "https://github.com/ada" }],
  updated_at: "2026-11-20T10:00:00.000Z",
};
/** What the api keeps of the address (an address that never saved answers empty fields). */
let apiProfile: typeof ADA;

beforeEach(() => {
  apiProfile = ADA;
  const routes = fetchRoutes([
    [
      /\/integrations\/profile\/0x0+aa$/,
      () => jsonResponse({ data: { id: USER, type: "profiles", attributes: apiProfile } }),
    ],
    [
      /\/ipfs-cache-svc\/ipfs\/bafylinked$/,
      () =>
        jsonResponse({
          schema: "polity.profile/1",
          address: USER,
          name: "Ada on chain",
          avatar_url: "",
          bio: "Read from the UserRegistry's link.",
          social_links: [],
          updated_at: null,
        }),
    ],
    [
      /\/profile\/0x0+aa\/comments$/,
      () =>
        jsonResponse({
          // The same DAO address on the default chain and on the one the test wallet connects to.
          data: [97, 56].map((chainId) => ({
            id: `${chainId}:${POOL}`,
            type: "comment-activity",
            attributes: {
              chain_id: chainId,
              pool_address: POOL,
              comments_count: 1,
              last_comment_at: "2026-11-20T10:00:00.000Z",
            },
          })),
        }),
    ],
    [
      /\/comments-svc\/comments\/by-author\/\d+\/0x0+101\/0x0+aa$/,
      () =>
        jsonResponse(
          listAnswer(
            "comments",
            [
              {
                chain_id: 56,
                page_id: `dao/${POOL}/proposals/3`,
                pool_address: POOL,
                author: USER,
                parent_id: null,
                content: "Ship it before the vote ends.",
                created_at: "2026-11-20T10:00:00.000Z",
                updated_at: "2026-11-20T10:00:00.000Z",
                likes: 2,
                dislikes: 0,
                replies_count: 0,
                user_reaction: "none",
                is_author: false,
                is_deleted: false,
              },
            ],
            { total_count: 1, page_number: 1, page_limit: 10 },
            () => "41",
          ),
        ),
    ],
    [/\/profile\/0x0+aa\/following$/, () => jsonResponse({ data: [] })],
    [
      /\/pools\/gov\/user-activity\//,
      () =>
        jsonResponse(
          listAnswer("user-gov-pool-activity", [activityPool()], { total_count: 1 }, (p) => p.pool_address),
        ),
    ],
    [
      /\/user-expert-badges\//,
      () =>
        jsonResponse({
          data: [
            {
              id: "x",
              type: "expert-badges",
              attributes: {
                chain_id: 97,
                pool_address: POOL,
                is_global: false,
                nft_address: "0x0000000000000000000000000000000000000401",
                token_id: "1",
              },
            },
          ],
        }),
    ],
    [
      /\/delegations\/outgoing\//,
      () =>
        jsonResponse(
          listAnswer(
            "delegations",
            [],
            { total_count: 0, indexed_block: 1, indexed_at: 1, state_time: 1 },
            () => "",
          ),
        ),
    ],
    [
      /\/wallet-balances\/0x0+aa$/,
      () =>
        jsonResponse({
          data: {
            id: USER,
            type: "wallet-balances",
            attributes: {
              next_page_token: null,
              balances: [
                balance("USD", (1500n * E18).toString(), "1500", "1"),
                balance("DUSTY", "1000", "0", "0.5"),
                balance("ALPHA_", (3n * E18).toString(), "0", "0"),
                balance("NONE", "0", "0", "0"),
              ],
            },
          },
        }),
    ],
  ]);
  vi.stubGlobal("fetch", routes.fn);
});
afterEach(() => vi.unstubAllGlobals());

describe("ProfileRoute", () => {
  it("shows who the address is, its DAOs with its voting power and its figures", async () => {
    renderWithProviders(<ProfileRoute />, { path: `/profile/${USER}`, routePath: "/profile/:address/*" });
    await waitFor(() => expect(screen.getByTestId("profile-name")).toHaveTextContent("Ada"));
    expect(screen.getByText("Votes early.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "GitHub" })).toHaveAttribute("href", "https://github.com/ada");
    const row = await screen.findByTestId("profile-dao");
    expect(row).toHaveTextContent("Alpha DAO");
    // Personal 150 plus delegated 25, read from the chain.
    await waitFor(() => expect(within(row).getByTestId("profile-dao-power")).toHaveTextContent("175 ALP"));
    expect(screen.getByTestId("stat-daos")).toHaveTextContent("1");
    expect(screen.getByTestId("stat-proposals")).toHaveTextContent("2");
    expect(screen.getByTestId("stat-votes")).toHaveTextContent("3");
    expect(await screen.findByTestId("expert-badge")).toHaveTextContent("Expert in Alpha DAO");
  });

  it("opens the DAOs modal from its figure", async () => {
    renderWithProviders(<ProfileRoute />, { path: `/profile/${USER}`, routePath: "/profile/:address/*" });
    await screen.findByTestId("profile-dao");
    fireEvent.click(screen.getByRole("button", { name: /DAOs/ }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByTestId("modal-dao-pools")).toHaveTextContent("Alpha DAO");
  });

  it("shows the texts of the address's comments in the comments modal, to a signed-in reader", async () => {
    const view = renderWithProviders(<ProfileRoute />, {
      path: `/profile/${USER}`,
      routePath: "/profile/:address/*",
    });
    await screen.findByTestId("profile-dao");
    await waitFor(() => expect(screen.getByTestId("stat-comments")).toHaveTextContent("1"));
    fireEvent.click(screen.getByTestId("stat-comments"));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("Sign in to read the comments.")).toBeInTheDocument();
    await connectTestAccount(view, { chainId: 97 });
    expect(await within(dialog).findByText("Ship it before the vote ends.")).toBeInTheDocument();
    expect(within(dialog).getAllByTestId("comment")).toHaveLength(1);
    expect(within(dialog).getByLabelText("DAO")).toHaveDisplayValue(/Alpha DAO/);
  });

  it("lists the wallet's tokens above zero with the spec's value rules", async () => {
    renderWithProviders(<ProfileRoute />, {
      path: `/profile/${USER}/portfolio`,
      routePath: "/profile/:address/*",
    });
    const rows = await screen.findAllByTestId("portfolio-row");
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent("$1,500");
    expect(rows[1]).toHaveTextContent("<$0.01"); // priced, but worth less than a cent
    expect(rows[2]).toHaveTextContent("N/A"); // no price
    expect(screen.getByTestId("portfolio-total")).toHaveTextContent("$1,500");
    expect(screen.getByRole("link", { name: "User balance" })).toBeInTheDocument();
  });

  it("reads the profile link back from the UserRegistry and, without a profile in the api, shows the document it names", async () => {
    testChain.chainId = 31337;
    apiProfile = { ...ADA, name: "", bio: "", social_links: [], updated_at: null as unknown as string };
    try {
      renderWithProviders(<ProfileRoute />, { path: `/profile/${USER}`, routePath: "/profile/:address/*" });
      expect(await screen.findByTestId("profile-chain-link")).toHaveTextContent("ipfs://bafylinked");
      await waitFor(() => expect(screen.getByTestId("profile-name")).toHaveTextContent("Ada on chain"));
      expect(screen.getByText("Read from the UserRegistry's link.")).toBeInTheDocument();
    } finally {
      testChain.chainId = undefined;
    }
  });

  it("refuses a malformed address", async () => {
    renderWithProviders(<ProfileRoute />, { path: "/profile/nope", routePath: "/profile/:address/*" });
    expect(await screen.findByText("This is not a valid address.")).toBeInTheDocument();
  });
});
