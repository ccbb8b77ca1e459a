import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReadClient } from "../../shared/chain/readClient.ts";
import { listAnswer, resourceAnswer } from "../../test/apiDocuments.ts";
import { clientAnsweringEach } from "../../test/fakeReadClient.ts";
import { fetchRoutes, jsonResponse, renderWithProviders } from "../../test/renderWithProviders.tsx";

const state = vi.hoisted(() => ({ client: undefined as unknown }));
vi.mock("../../shared/chain/readClient.ts", () => ({ useReadClient: () => state.client as ReadClient }));

const { default: StakingSection } = await import("./StakingSection.tsx");

const POOL = "0x1111111111111111111111111111111111111111";
const STAKING = "0x5000000000000000000000000000000000000005";
const TOKEN = "0x00000000000000000000000000000000000000e0";
const E18 = 10n ** 18n;
const DAY = 86_400;
const NOW = Math.floor(Date.now() / 1000);
const META = { meta: { indexed_block: 1, indexed_at: 1, state_time: NOW } };

function serve(isEnabled: boolean, over: Record<string, unknown> = {}) {
  const tier = {
    id: 1n,
    metadataURL: "",
    stakeToken: TOKEN,
    rewardToken: TOKEN,
    rewardAmount: 1_000n * E18,
    startTime: BigInt(NOW - DAY),
    endTime: BigInt(NOW + 9 * DAY),
    totalStaked: 10_000n * E18,
    allocated: 100n * E18,
    claimed: 0n,
    isActive: true,
    recovered: false,
    ...over,
  };
  state.client = clientAnsweringEach((call) => {
    if (call.functionName === "isEnabled") return isEnabled;
    if (call.functionName === "getTierViews") return [tier];
    if (call.functionName === "symbol") return "PFR";
    if (call.functionName === "decimals") return 18;
    throw new Error(`unexpected read ${call.functionName}`);
  }).client;
  const staking = {
    chain_id: 31337,
    pool_address: POOL,
    staking_address: STAKING,
    is_enabled: isEnabled,
    tiers_count: 1,
    active_tiers_count: 1,
  };
  const indexedTier = {
    chain_id: 31337,
    pool_address: POOL,
    staking_address: STAKING,
    tier_id: "1",
    metadata_url: "",
    status: "active",
    stake_token: TOKEN,
    reward_token: TOKEN,
    reward_amount: (1_000n * E18).toString(),
    start_time: NOW - DAY,
    end_time: NOW + 9 * DAY,
    total_staked: (10_000n * E18).toString(),
    total_claimed: "0",
    stakers_count: 3,
    recovered_amount: null,
    created_at: NOW - DAY,
    created_tx: `0x${"1".repeat(64)}`,
  };
  vi.stubGlobal(
    "fetch",
    fetchRoutes([
      [/\/staking$/, () => jsonResponse(resourceAnswer("staking", STAKING, staking, META))],
      [/\/staking\/tiers$/, () => jsonResponse(listAnswer("staking-tiers", [indexedTier], META.meta))],
      [
        /\/ipfs\/tier1$/,
        () => jsonResponse({ name: "Long-term holders", description: "A year of rewards." }),
      ],
    ]).fn,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("StakingSection", () => {
  it("lists the tiers with their rate, stake and stakers; without a wallet it asks to connect", async () => {
    serve(true);
    renderWithProviders(<StakingSection dao={POOL} />);
    const card = await screen.findByTestId("staking-tier-1");
    expect(card).toHaveTextContent("Tier #1 · stake PFR");
    // 1,000 over 10 days on 10,000 staked: 3.65 per token a year
    expect(screen.getByTestId("tier-rate-1")).toHaveTextContent("365% a year");
    expect(card).toHaveTextContent("10,000 PFR");
    expect(card).toHaveTextContent("Reward1,000 PFR");
    expect(card).toHaveTextContent("3");
    expect(screen.getByText("Connect your wallet to stake.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Propose a staking tier" })).toHaveAttribute(
      "href",
      `/dao/${POOL}/create-proposal/create-staking-tier`,
    );
  });

  it("links to the enable-staking proposal while staking is off", async () => {
    serve(false);
    renderWithProviders(<StakingSection dao={POOL} />);
    expect(await screen.findByRole("link", { name: "Propose to enable staking" })).toHaveAttribute(
      "href",
      `/dao/${POOL}/create-proposal/enable-staking`,
    );
  });

  it("names a tier from its metadata and offers to recover what nobody earned once it ended", async () => {
    serve(true, {
      metadataURL: "ipfs://tier1",
      isActive: false,
      endTime: BigInt(NOW - 60),
      allocated: 600n * E18,
    });
    renderWithProviders(<StakingSection dao={POOL} />);
    expect(await screen.findByRole("heading", { name: "Long-term holders" })).toBeInTheDocument();
    expect(screen.getByText("Tier #1 · stake PFR")).toBeInTheDocument();
    expect(screen.getByTestId("tier-description-1")).toHaveTextContent("A year of rewards.");
    expect(
      screen.getByRole("link", { name: "Propose to recover the 400 PFR nobody earned" }),
    ).toHaveAttribute("href", `/dao/${POOL}/create-proposal/staking-recover/1`);
  });

  it("offers no recovery while the tier runs", async () => {
    serve(true);
    renderWithProviders(<StakingSection dao={POOL} />);
    await screen.findByTestId("staking-tier-1");
    expect(screen.queryByText(/Propose to recover/)).not.toBeInTheDocument();
  });
});
