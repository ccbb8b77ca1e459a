import { stakingProposalAbi } from "@polity/core/generated/contracts";
import { fireEvent, screen } from "@testing-library/react";
import { decodeFunctionData, erc20Abi } from "viem";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { resourceAnswer } from "../../../test/apiDocuments.ts";
import { clientAnsweringEach } from "../../../test/fakeReadClient.ts";
import { fetchRoutes, jsonResponse, renderWithProviders } from "../../../test/renderWithProviders.tsx";
import { validate } from "../lib/validate.ts";
import { POOL, poolContextFixture } from "../test/poolContextFixture.ts";

const state = vi.hoisted(() => ({ client: undefined as unknown }));
vi.mock("../../../shared/chain/readClient.ts", () => ({ useReadClient: () => state.client as ReadClient }));

const { CreateStakingTierForm, EnableStakingForm, enableStakingProposal, stakingTierProposal, tierSchema } =
  await import("./StakingForms.tsx");

const STAKING = "0x5000000000000000000000000000000000000005";
const TOKEN = "0x00000000000000000000000000000000000000e0";

function serve(isEnabled: boolean, activeTiers = 0) {
  state.client = clientAnsweringEach((call) => {
    throw new Error(`unexpected read ${call.functionName}`);
  }).client;
  const staking = {
    chain_id: 31337,
    pool_address: POOL.toLowerCase(),
    staking_address: STAKING,
    is_enabled: isEnabled,
    tiers_count: activeTiers,
    active_tiers_count: activeTiers,
  };
  vi.stubGlobal(
    "fetch",
    fetchRoutes([
      [
        /\/staking$/,
        () =>
          jsonResponse(
            resourceAnswer("staking", STAKING, staking, {
              meta: { indexed_block: 1, indexed_at: 1, state_time: 1 },
            }),
          ),
      ],
    ]).fn,
  );
}

const render = (element: React.ReactElement, route: string) =>
  renderWithProviders(element, {
    path: `/dao/${POOL}/create-proposal/${route}`,
    routePath: `/dao/:daoAddress/create-proposal/${route}`,
  });

afterEach(() => vi.unstubAllGlobals());

describe("staking proposals", () => {
  it("enable-staking calls enableStaking() on the DAO's staking executor", () => {
    const built = enableStakingProposal(STAKING);
    expect(built.actions).toHaveLength(1);
    expect(built.actions[0]?.executor).toBe(STAKING);
    expect(decodeFunctionData({ abi: stakingProposalAbi, data: built.actions[0]!.data }).functionName).toBe(
      "enableStaking",
    );
  });

  it("create-staking-tier approves the reward from the treasury, then creates the tier over the period", () => {
    const parsed = validate(tierSchema(6), {
      stakeToken: TOKEN,
      rewardToken: TOKEN,
      rewardAmount: "1000.5",
      start: "2026-12-01T10:00",
      duration: "30d",
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const built = stakingTierProposal(
      STAKING,
      parsed.data,
      { decimals: 6, symbol: "USD", balance: 10n ** 12n },
      "",
    );
    const [approve, create] = built.actions;
    expect(decodeFunctionData({ abi: erc20Abi, data: approve!.data }).args).toEqual([
      STAKING,
      1_000_500_000n,
    ]);
    const call = decodeFunctionData({ abi: stakingProposalAbi, data: create!.data });
    expect(call.functionName).toBe("createTier");
    const start = BigInt(Date.UTC(2026, 11, 1, 10) / 1000);
    expect(call.args?.[0]).toMatchObject({
      rewardAmount: 1_000_500_000n,
      startTime: start,
      endTime: start + 30n * 86_400n,
    });
  });

  it("refuses a reward with too many decimals, a bad date and a bad duration", () => {
    const parsed = validate(tierSchema(6), {
      stakeToken: TOKEN,
      rewardToken: "0x12",
      rewardAmount: "1.1234567",
      start: "soon",
      duration: "forever",
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.errors).sort()).toEqual(["duration", "rewardAmount", "rewardToken", "start"]);
  });

  it("the forms say when staking is not enabled yet, or already enabled", async () => {
    serve(false);
    render(<CreateStakingTierForm ctx={poolContextFixture()} chainId={31337} />, "create-staking-tier");
    expect(await screen.findByText("Enable staking first: propose Enable staking.")).toBeInTheDocument();
    vi.unstubAllGlobals();
    serve(true);
    render(<EnableStakingForm ctx={poolContextFixture()} chainId={31337} />, "enable-staking");
    expect(await screen.findByText("Staking is already enabled in this DAO.")).toBeInTheDocument();
  });

  it("the tier form refuses an 11th active tier", async () => {
    serve(true, 10);
    render(<CreateStakingTierForm ctx={poolContextFixture()} chainId={31337} />, "create-staking-tier");
    expect(await screen.findByText(/Active tiers: 10 of 10/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Total reward"), { target: { value: "10" } });
    fireEvent.click(screen.getByRole("button", { name: "Review" }));
    expect(await screen.findByText("The DAO already has 10 active staking tiers")).toBeInTheDocument();
  });
});
