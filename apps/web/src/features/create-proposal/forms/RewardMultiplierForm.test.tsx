import { govPoolAbi, nftMultiplierAbi } from "@polity/core/generated/contracts";
import { fireEvent, screen } from "@testing-library/react";
import { decodeFunctionData, zeroAddress } from "viem";
import { describe, expect, it, vi } from "vitest";
import { clientAnsweringEach, testReadClient } from "../../../test/fakeReadClient.ts";
import { renderWithProviders } from "../../../test/renderWithProviders.tsx";
import { POOL, poolContextFixture } from "../test/poolContextFixture.ts";

vi.mock("../../../shared/chain/readClient.ts", () => import("../../../test/fakeReadClient.ts"));

const { RewardMultiplierForm, multiplierContractProposal, multiplierMintProposal } = await import(
  "./RewardMultiplierForm.tsx"
);

const ACTIVE = "0x7000000000000000000000000000000000000007";
const OTHER = "0x8000000000000000000000000000000000000008";
const HOLDER = "0x000000000000000000000000000000000000dEaD";

function serve(active: string) {
  testReadClient.current = clientAnsweringEach((call) => {
    if (call.functionName === "getNftContracts") return [active, zeroAddress, zeroAddress, zeroAddress];
    throw new Error(`unexpected read ${call.functionName}`);
  }).client;
}

function setup(active: string) {
  serve(active);
  renderWithProviders(<RewardMultiplierForm ctx={poolContextFixture()} chainId={31337} />, {
    path: `/dao/${POOL}/create-proposal/reward-multiplier`,
    routePath: "/dao/:daoAddress/create-proposal/reward-multiplier",
  });
  const type = (label: string | RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const review = () => fireEvent.click(screen.getByRole("button", { name: "Review" }));
  return { type, review };
}

const decodePool = (data: `0x${string}`) => decodeFunctionData({ abi: govPoolAbi, data });

describe("reward-multiplier proposal", () => {
  it("replacing the active multiplier deactivates it first, then activates the other (one active per DAO)", () => {
    const built = multiplierContractProposal(POOL, ACTIVE, OTHER);
    expect(built.actions.map((a) => a.executor)).toEqual([POOL, POOL]);
    expect(built.actions.map((a) => decodePool(a.data).args)).toEqual([[zeroAddress], [OTHER]]);
    // with none active, one activation; the zero address only deactivates
    expect(multiplierContractProposal(POOL, null, OTHER).actions).toHaveLength(1);
    const off = multiplierContractProposal(POOL, ACTIVE, zeroAddress).actions;
    expect(off.map((a) => decodePool(a.data).args)).toEqual([[zeroAddress]]);
  });

  it("minting calls the active collection with the multiplier in 25 decimals, the period in seconds and the average balance", () => {
    const built = multiplierMintProposal(
      ACTIVE,
      { to: HOLDER, multiplier: "1.5", period: 30 * 86_400, averageBalance: "1000.5" },
      6,
    );
    const call = decodeFunctionData({ abi: nftMultiplierAbi, data: built.actions[0]!.data });
    expect(built.actions[0]!.executor).toBe(ACTIVE);
    expect(call.functionName).toBe("mint");
    expect(call.args).toEqual([HOLDER, 15n * 10n ** 24n, 2_592_000n, 1_000_500_000n]);
  });

  it("the form checks the NFT's fields with the spec's messages", async () => {
    const { type, review } = setup(ACTIVE);
    expect(await screen.findByTestId("active-multiplier")).toHaveTextContent(ACTIVE);
    type("Proposal name", "Reward our builders");
    type("Recipient", "0x12");
    type("Multiplier", "1");
    type(/Reward period/, "");
    review();
    expect(await screen.findByText("Please enter a valid address")).toBeInTheDocument();
    expect(screen.getByText("Must be greater than 1")).toBeInTheDocument();
    expect(screen.getByText("Please fill out this field")).toBeInTheDocument();
  });

  it("refuses to activate another multiplier without deactivating the active one", async () => {
    const { type, review } = setup(ACTIVE);
    fireEvent.click(await screen.findByLabelText("Sets the NFT multiplier contract"));
    type("Proposal name", "Switch multipliers");
    type("NFT multiplier contract", OTHER);
    fireEvent.click(screen.getByLabelText(/Deactivate the active NFT multiplier first/));
    review();
    expect(await screen.findByText("Only one NFT multiplier can be active per DAO")).toBeInTheDocument();
  });

  it("a DAO without an active multiplier can only set one", async () => {
    setup(zeroAddress);
    expect(
      await screen.findByText("This DAO has no active NFT multiplier: set one to mint multiplier NFTs."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("NFT multiplier contract")).toBeInTheDocument();
    expect(screen.queryByLabelText("Recipient")).toBeNull();
  });
});
