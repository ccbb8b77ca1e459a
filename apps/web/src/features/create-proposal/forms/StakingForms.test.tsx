import { stakingProposalAbi } from "@polity/core/generated/contracts";
import { fireEvent, screen } from "@testing-library/react";
import { decodeFunctionData, erc20Abi } from "viem";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resourceAnswer } from "../../../test/apiDocuments.ts";
import { clientAnsweringEach, testReadClient } from "../../../test/fakeReadClient.ts";
import { fetchRoutes, jsonResponse, renderWithProviders } from "../../../test/renderWithProviders.tsx";
import { validate } from "../lib/validate.ts";
import { POOL, poolContextFixture } from "../test/poolContextFixture.ts";
import type { RecoverTier } from "./StakingForms.tsx";

vi.mock("../../../shared/chain/readClient.ts", () => import("../../../test/fakeReadClient.ts"));

const {
  CreateStakingTierForm,
  EnableStakingForm,
  enableStakingProposal,
  StakingRecoverForm,
  stakingRecoverProposal,
  stakingRecoverRefusal,
  stakingTierProposal,
  tierSchema,
} = await import("./StakingForms.tsx");

const STAKING = "0x5000000000000000000000000000000000000005";
const TOKEN = "0x00000000000000000000000000000000000000e0";

function serve(isEnabled: boolean, activeTiers = 0) {
  testReadClient.current = clientAnsweringEach((call) => {
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
      name: "Long-term holders",
      description: "",
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
      "ipfs://tier",
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
      metadataURL: "ipfs://tier",
      rewardAmount: 1_000_500_000n,
      startTime: start,
      endTime: start + 30n * 86_400n,
    });
  });

  it("refuses a missing name, a reward with too many decimals, a bad date and a bad duration", () => {
    const parsed = validate(tierSchema(6), {
      name: " ",
      description: "x".repeat(10_001),
      stakeToken: TOKEN,
      rewardToken: "0x12",
      rewardAmount: "1.1234567",
      start: "soon",
      duration: "forever",
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.errors).sort()).toEqual([
      "description",
      "duration",
      "name",
      "rewardAmount",
      "rewardToken",
      "start",
    ]);
    expect(parsed.errors.name).toMatchObject({ key: "validation.required" });
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

  describe("staking-recover", () => {
    const E18 = 10n ** 18n;
    const tier: RecoverTier = {
      id: 2n,
      metadataURL: "",
      rewardToken: { address: TOKEN, symbol: "PFR", decimals: 18 },
      rewardAmount: 1_000n * E18,
      allocated: 750n * E18,
      endTime: 1_800_000_000,
      isActive: false,
      recovered: false,
    };

    it("takes back what nobody earned in an ended tier, once", () => {
      expect(stakingRecoverRefusal(tier)).toBeNull();
      expect(stakingRecoverRefusal({ ...tier, isActive: true })).toBe("notEnded");
      expect(stakingRecoverRefusal({ ...tier, recovered: true })).toBe("alreadyRecovered");
      expect(stakingRecoverRefusal({ ...tier, allocated: tier.rewardAmount })).toBe("nothing");
      const built = stakingRecoverProposal(STAKING, tier, "Long-term holders");
      expect(built.actions.map((a) => a.executor)).toEqual([STAKING]);
      const call = decodeFunctionData({ abi: stakingProposalAbi, data: built.actions[0]!.data });
      expect(call.functionName).toBe("recover");
      expect(call.args).toEqual([[2n]]);
      expect(built.proposedChanges).toMatchObject({ amount: "250", tierName: "Long-term holders" });
    });

    const renderRecover = () =>
      renderWithProviders(<StakingRecoverForm ctx={poolContextFixture()} chainId={31337} />, {
        path: `/dao/${POOL}/create-proposal/staking-recover/2`,
        routePath: "/dao/:daoAddress/create-proposal/staking-recover/:tierId",
      });

    function serveTier(view: Partial<typeof tier>) {
      serve(true, 1);
      testReadClient.current = clientAnsweringEach((call) => {
        if (call.functionName === "getTierViews")
          return [
            {
              ...tier,
              ...view,
              stakeToken: TOKEN,
              rewardToken: TOKEN,
              startTime: 1_700_000_000n,
              endTime: 1_800_000_000n,
              totalStaked: 0n,
              claimed: 0n,
            },
          ];
        if (call.functionName === "symbol") return "PFR";
        if (call.functionName === "decimals") return 18;
        throw new Error(`unexpected read ${call.functionName}`);
      }).client;
    }

    it("shows the amount going back and reviews the recover proposal", async () => {
      serveTier({});
      renderRecover();
      expect(await screen.findByTestId("staking-recover-amount")).toHaveTextContent("250 PFR");
      expect(screen.getByText("Unnamed tier (#2)")).toBeInTheDocument();
      fireEvent.change(screen.getByLabelText("Proposal name"), { target: { value: "Recover tier 2" } });
      fireEvent.click(screen.getByRole("button", { name: "Review" }));
      expect(await screen.findByText("What will run")).toBeInTheDocument();
    });

    it("says why a tier cannot be recovered", async () => {
      serveTier({ isActive: true });
      renderRecover();
      expect(
        await screen.findByText(
          "This tier has not ended: what nobody earned can be recovered once its period is over.",
        ),
      ).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Review" })).not.toBeInTheDocument();
    });

    it("says when there is no such tier", async () => {
      serveTier({ id: 1n });
      renderRecover();
      expect(await screen.findByText("Staking tier 2 was not found.")).toBeInTheDocument();
    });
  });
});
