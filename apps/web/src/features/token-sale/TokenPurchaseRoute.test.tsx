import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReadClient } from "../../shared/chain/readClient.ts";
import { resourceAnswer, tierRecord } from "../../test/apiDocuments.ts";
import { clientAnsweringEach, type FakeCall } from "../../test/fakeReadClient.ts";
import {
  fetchRoutes,
  jsonResponse,
  renderWithProviders,
  TEST_ACCOUNT,
} from "../../test/renderWithProviders.tsx";

const state = vi.hoisted(() => ({
  client: undefined as unknown,
  account: undefined as string | undefined,
  writes: [] as { functionName: string; address: string; args: readonly unknown[]; value?: bigint }[],
}));
vi.mock("../../shared/chain/readClient.ts", () => ({ useReadClient: () => state.client as ReadClient }));
vi.mock("wagmi", async (original) => ({
  ...(await original<typeof import("wagmi")>()),
  useConnection: () => ({ address: state.account }),
}));
vi.mock("../../shared/tx/useContractWriter.ts", () => ({
  useContractWriter: () => ({
    writeContractAsync: async (call: (typeof state.writes)[number]) => {
      state.writes.push(call);
      return "0x01";
    },
  }),
}));
vi.mock("../../shared/tx/useDaoTransaction.ts", () => ({
  useDaoTransaction: () => ({
    status: { state: "IDLE", error: null },
    run: (_summary: string, _kind: string, send: () => Promise<unknown>) => send(),
    chainId: 97,
    isBusy: false,
  }),
}));

const { default: TokenPurchaseRoute } = await import("./TokenPurchaseRoute.tsx");

const DAO = "0x1000000000000000000000000000000000000001";
const SALE_CONTRACT = "0x7000000000000000000000000000000000000007";
const SALE = "0x5000000000000000000000000000000000000005";
const USDC = "0x4000000000000000000000000000000000000004";
const NATIVE = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";
const ROOT = `0x${"cd".repeat(32)}` as const;
const KEEPER = "0x2000000000000000000000000000000000000002";
const NFT = "0x3000000000000000000000000000000000000003";
const PROOF = [`0x${"11".repeat(32)}`];
const E18 = 10n ** 18n;
const DAY = 86_400;

type View = Partial<Record<string, unknown>>;

/** A chain where the buyer holds 100 USDC (6 decimals, nothing approved) and 5 of the native coin. */
function chain(view: View = {}, wallet: { allowance?: bigint; power?: bigint } = {}) {
  const reads: FakeCall[] = [];
  const fake = clientAnsweringEach((call) => {
    reads.push(call);
    switch (call.functionName) {
      case "symbol":
        return call.address.toLowerCase() === USDC ? "USDC" : "SALE";
      case "decimals":
        return call.address.toLowerCase() === USDC ? 6 : 18;
      case "balanceOf":
        return 100n * 10n ** 6n;
      case "allowance":
        return wallet.allowance ?? 0n;
      case "getHelperContracts":
        return [DAO, KEEPER, DAO, DAO, DAO];
      case "tokenAddress":
        return SALE;
      case "personalPower":
        return wallet.power ?? 0n;
      case "isApprovedForAll":
        return true;
      case "tokenOfOwnerByIndex":
        return 7n + (call.args?.[1] as bigint);
      case "getUserViews":
        return [
          {
            tierId: 1n,
            canParticipate: true,
            bought: 0n,
            claimTotal: 0n,
            claimed: 0n,
            claimable: 0n,
            vestingTotal: 0n,
            vestingWithdrawn: 0n,
            vestingWithdrawable: 0n,
            nextUnlockTime: 0n,
            lockedTokens: 0n,
            lockedNfts: [],
            ...view,
          },
        ];
      default:
        throw new Error(`unexpected read ${call.functionName}`);
    }
  });
  Object.assign(fake.client, { getBalance: vi.fn(async () => 5n * E18) });
  return { client: fake.client, reads };
}

let calls: ReturnType<typeof fetchRoutes>["calls"];

function serve(tier: ReturnType<typeof tierRecord>, proof: "in" | "out" = "in") {
  const routes = fetchRoutes([
    [
      /\/token-sale\/tiers\/\d+$/,
      () =>
        jsonResponse(
          resourceAnswer("token-sale-tiers", tier.tier_id, tier, {
            meta: { indexed_block: 1, indexed_at: 1, state_time: 1 },
          }),
        ),
    ],
    [
      /\/merkle-whitelists\/0x[0-9a-f]+\/proofs\//,
      (url) =>
        proof === "in"
          ? jsonResponse(
              resourceAnswer("merkle-proofs", "p", {
                root: ROOT,
                address: url.pathname.split("/").pop(),
                proof: PROOF,
              }),
            )
          : jsonResponse({ errors: [{ title: "Not Found", status: "404" }] }, 404),
    ],
  ]);
  calls = routes.calls;
  vi.stubGlobal("fetch", routes.fn);
}

function renderTier(id = "1") {
  return renderWithProviders(<TokenPurchaseRoute />, {
    path: `/dao/${DAO}/dao-token-sales/${id}/token-purchase`,
    routePath: "/dao/:daoAddress/dao-token-sales/:tierId/token-purchase/*",
  });
}

const now = () => Math.floor(Date.now() / 1000);

describe("Token purchase", () => {
  beforeEach(() => {
    state.writes = [];
    state.account = TEST_ACCOUNT;
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps its heading and leads back to the DAO's token sales for a tier that does not exist", async () => {
    state.client = chain().client;
    vi.stubGlobal("fetch", fetchRoutes([]).fn);
    renderTier("9");
    expect(await screen.findByText("There is no token sale tier 9 in this DAO.")).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["Tier 9"]);
    expect(screen.getByRole("link", { name: "Back to the DAO's token sales" })).toHaveAttribute(
      "href",
      `/dao/${DAO}/token-sales`,
    );
  });

  it("explains the tier, asks to connect, then walks the terminal from the amount to approve and buy", async () => {
    state.account = undefined;
    state.client = chain().client;
    const tier = tierRecord({
      token_sale: SALE_CONTRACT,
      sale_token: SALE,
      purchase_tokens: [
        { token: USDC, exchange_rate: (2n * 10n ** 25n).toString() },
        { token: NATIVE, exchange_rate: (1000n * 10n ** 25n).toString() },
      ],
      min_allocation_per_user: (10n * E18).toString(),
      max_allocation_per_user: (100n * E18).toString(),
      vesting_percentage: (25n * 10n ** 25n).toString(),
      vesting_duration: 90 * DAY,
      cliff_period: 7 * DAY,
      unlock_step: DAY,
    });
    serve(tier);
    const { unmount } = renderTier();
    expect(await screen.findByRole("heading", { name: "Seed round" })).toBeInTheDocument();
    expect(screen.getAllByTestId("tier-price").map((el) => el.textContent)).toEqual([
      "1 USDC = 2 SALE",
      "1 tBNB = 1,000 SALE",
    ]);
    expect(screen.getByTestId("tier-allocation")).toHaveTextContent("10 to 100 SALE");
    expect(screen.getByTestId("tier-vesting")).toHaveTextContent(
      "25% vests over 3Mon from the sale's end, after a 1w cliff, unlocking every 1d",
    );
    expect(screen.getByTestId("participation-open")).toHaveTextContent("Anyone can buy in this tier.");
    expect(screen.getByTestId("buy-submit")).toHaveTextContent("Connect wallet");
    unmount();

    state.account = TEST_ACCOUNT;
    renderTier();
    const submit = await screen.findByTestId("buy-submit");
    expect(submit).toHaveTextContent("Select amount");
    expect(screen.getByTestId("participation-verdict")).toHaveTextContent(
      "Your account meets every requirement.",
    );
    fireEvent.click(screen.getByRole("button", { name: "75%" }));
    expect(screen.getByLabelText("Amount of USDC to pay")).toHaveValue("75");
    expect(submit).toHaveTextContent("Overlimit");
    fireEvent.change(screen.getByLabelText("Amount of USDC to pay"), { target: { value: "2" } });
    expect(submit).toHaveTextContent("Below the minimum allocation");
    fireEvent.change(screen.getByLabelText("Amount of USDC to pay"), { target: { value: "200" } });
    expect(submit).toHaveTextContent("Insufficient balance");
    fireEvent.change(screen.getByLabelText("Amount of USDC to pay"), { target: { value: "25" } });
    expect(screen.getByTestId("buy-receive")).toHaveTextContent("You receive 50 SALE");
    expect(submit).toHaveTextContent("Approve USDC and buy");
    fireEvent.click(submit);
    await waitFor(() => expect(state.writes).toHaveLength(2));
    expect(state.writes[0]).toMatchObject({
      address: USDC,
      functionName: "approve",
      args: [SALE_CONTRACT, 25_000_000n],
    });
    expect(state.writes[1]).toMatchObject({
      address: SALE_CONTRACT,
      functionName: "buy",
      args: [1n, USDC, 25_000_000n, []],
    });
    expect(state.writes[1]!.value).toBeUndefined();
  });

  it("pays the native coin as the transaction's value, with the buyer's Merkle proof from the api", async () => {
    state.client = chain().client;
    serve(
      tierRecord({
        token_sale: SALE_CONTRACT,
        purchase_tokens: [{ token: NATIVE, exchange_rate: (1000n * 10n ** 25n).toString() }],
        max_allocation_per_user: (5000n * E18).toString(),
        participation: [{ participation_type: 5, merkle_root: ROOT, merkle_uri: "ipfs://list" }],
        merkle_root: ROOT,
        merkle_uri: "ipfs://list",
      }),
    );
    renderTier();
    const submit = await screen.findByTestId("buy-submit");
    expect(screen.getByTestId("participation-check")).toHaveTextContent(
      "✓ Be on the tier's Merkle whitelist",
    );
    fireEvent.change(screen.getByLabelText("Amount of tBNB to pay"), { target: { value: "0.5" } });
    expect(submit).toHaveTextContent("Buy");
    fireEvent.click(submit);
    await waitFor(() => expect(state.writes).toHaveLength(1));
    expect(state.writes[0]).toMatchObject({
      address: SALE_CONTRACT,
      functionName: "buy",
      args: [1n, NATIVE, E18 / 2n, PROOF],
      value: E18 / 2n,
    });
    const proofCall = calls.find((c) => c.url.pathname.includes("/proofs/"));
    expect(proofCall?.url.pathname).toBe(
      `/integrations/token-sale-svc/merkle-whitelists/${ROOT}/proofs/${TEST_ACCOUNT}`,
    );
  });

  it("tells an account outside the Merkle whitelist that it is not whitelisted and keeps the button shut", async () => {
    state.client = chain({ canParticipate: false }).client;
    serve(
      tierRecord({
        token_sale: SALE_CONTRACT,
        participation: [{ participation_type: 5, merkle_root: ROOT, merkle_uri: "ipfs://list" }],
        merkle_root: ROOT,
        merkle_uri: "ipfs://list",
      }),
      "out",
    );
    renderTier();
    expect(await screen.findByTestId("participation-verdict")).toHaveTextContent("Account not whitelisted");
    expect(screen.getByTestId("participation-check")).toHaveTextContent(
      "✗ Be on the tier's Merkle whitelist",
    );
    fireEvent.change(screen.getByLabelText("Amount of USDC to pay"), { target: { value: "1" } });
    expect(screen.getByTestId("buy-submit")).toHaveTextContent("Not eligible");
    expect(screen.getByTestId("buy-submit")).toBeDisabled();
  });

  it("shows the buyer's position: claims after the lock, withdraws what vested and draws the unlocks", async () => {
    const end = now() - 10 * DAY;
    state.client = chain({
      bought: 1000n * E18,
      claimTotal: 750n * E18,
      claimed: 0n,
      claimable: 750n * E18,
      vestingTotal: 250n * E18,
      vestingWithdrawn: 0n,
      vestingWithdrawable: 2n * E18,
      nextUnlockTime: BigInt(end + 4 * DAY),
    }).client;
    serve(
      tierRecord({
        token_sale: SALE_CONTRACT,
        status: "completed",
        sale_start_time: end - 30 * DAY,
        sale_end_time: end,
        vesting_percentage: (25n * 10n ** 25n).toString(),
        vesting_duration: 100 * DAY,
        cliff_period: 0,
        unlock_step: 25 * DAY,
      }),
    );
    renderTier();
    const position = await screen.findByRole("region", { name: "My purchase" });
    expect(within(position).getByTestId("position-bought")).toHaveTextContent("1,000 SALE");
    expect(within(position).getByTestId("position-claim")).toHaveTextContent("0 of 750 SALE claimed");
    expect(within(position).getByTestId("position-vesting")).toHaveTextContent("0 of 250 SALE withdrawn");
    expect(
      within(position)
        .getAllByTestId("vesting-row")
        .map((row) => row.querySelectorAll("td")[1]!.textContent),
    ).toEqual(["62.5 SALE", "125 SALE", "187.5 SALE", "250 SALE"]);
    expect(screen.getByTestId("buy-submit")).toHaveTextContent("The sale is not active");
    fireEvent.click(within(position).getByTestId("claim-submit"));
    fireEvent.click(within(position).getByTestId("vesting-submit"));
    await waitFor(() => expect(state.writes).toHaveLength(2));
    expect(state.writes.map((w) => [w.functionName, w.args])).toEqual([
      ["claim", [[1n]]],
      ["vestingWithdraw", [[1n]]],
    ]);
  });

  it("offers a proposal returning the unsold tokens of a finished tier, not of an active one", async () => {
    state.client = chain().client;
    serve(tierRecord({ token_sale: SALE_CONTRACT, sale_token: SALE, status: "completed" }));
    const { unmount } = renderTier();
    expect(
      await screen.findByRole("link", { name: "Propose returning the unsold tokens to the treasury" }),
    ).toHaveAttribute("href", `/dao/${DAO}/create-proposal/token-sale-recover/1`);
    unmount();
    serve(tierRecord({ token_sale: SALE_CONTRACT, sale_token: SALE, status: "active" }));
    renderTier();
    expect(await screen.findByRole("heading", { name: "Seed round" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /unsold tokens/ })).toBeNull();
  });

  it("says when the claim lock has not passed yet", async () => {
    const end = now() - DAY;
    state.client = chain({ bought: 100n * E18, claimTotal: 100n * E18, claimable: 0n }).client;
    serve(
      tierRecord({
        token_sale: SALE_CONTRACT,
        status: "completed",
        sale_end_time: end,
        claim_lock_duration: 7 * DAY,
      }),
    );
    renderTier();
    const claim = await screen.findByTestId("claim-submit");
    expect(claim).toHaveTextContent(/^Claimable from /);
    expect(claim).toBeDisabled();
    expect(screen.queryByTestId("vesting-submit")).not.toBeInTheDocument();
  });
  it("shows the DAO votes minimum and whether the account's deposit reaches it", async () => {
    state.client = chain({ canParticipate: false }, { power: 40n * E18 }).client;
    serve(
      tierRecord({
        token_sale: SALE_CONTRACT,
        participation: [{ participation_type: 0, min_votes: (50n * E18).toString() }],
      }),
    );
    renderTier();
    expect(await screen.findByTestId("participation-check")).toHaveTextContent(
      "✗ Hold at least 50 SALE of votes deposited in this DAO",
    );
    expect(screen.getByTestId("participation-verdict")).toHaveTextContent(
      "Your account does not meet the requirements above.",
    );
  });

  it("locks what a token lock tier asks: approve the token, then lock it in the tier", async () => {
    const tier = tierRecord({
      token_sale: SALE_CONTRACT,
      participation: [{ participation_type: 3, token: USDC, amount: "10000000" }],
    });
    state.client = chain({ canParticipate: false }).client;
    serve(tier);
    const { unmount } = renderTier();
    fireEvent.click(await screen.findByTestId("token-lock-approve"));
    await waitFor(() => expect(state.writes).toHaveLength(1));
    expect(state.writes[0]).toMatchObject({
      address: USDC,
      functionName: "approve",
      args: [SALE_CONTRACT, 10_000_000n],
    });
    unmount();

    state.client = chain({ canParticipate: false }, { allowance: 10_000_000n }).client;
    serve(tier);
    renderTier();
    const lock = await screen.findByTestId("token-lock-submit");
    expect(lock).toHaveTextContent("Lock 10 USDC");
    fireEvent.click(lock);
    await waitFor(() => expect(state.writes).toHaveLength(2));
    expect(state.writes[1]).toMatchObject({
      address: SALE_CONTRACT,
      functionName: "lockParticipation",
      args: [1n, 10_000_000n, []],
    });
  });

  it("locks the NFTs an NFT lock tier asks from the wallet, and gives them back once the tier ended", async () => {
    state.client = chain({ canParticipate: false }).client;
    serve(
      tierRecord({
        token_sale: SALE_CONTRACT,
        participation: [{ participation_type: 4, nft: NFT, count: "2" }],
      }),
    );
    const { unmount } = renderTier();
    const lock = await screen.findByTestId("nft-lock-submit");
    expect(lock).toHaveTextContent("Lock 2 NFTs (#7, 8)");
    fireEvent.click(lock);
    await waitFor(() => expect(state.writes).toHaveLength(1));
    expect(state.writes[0]).toMatchObject({ functionName: "lockParticipation", args: [1n, 0n, [7n, 8n]] });
    unmount();

    state.client = chain({ lockedNfts: [7n, 8n] }).client;
    serve(
      tierRecord({
        token_sale: SALE_CONTRACT,
        status: "completed",
        participation: [{ participation_type: 4, nft: NFT, count: "2" }],
      }),
    );
    renderTier();
    fireEvent.click(await screen.findByTestId("unlock-submit"));
    await waitFor(() => expect(state.writes).toHaveLength(2));
    expect(state.writes[1]).toMatchObject({ functionName: "unlockParticipation", args: [1n] });
  });
});
