import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { clientAnsweringEach } from "../../../test/fakeReadClient.ts";
import { renderWithProviders } from "../../../test/renderWithProviders.tsx";

const state = vi.hoisted(() => ({ client: undefined as unknown }));
vi.mock("../../../shared/chain/readClient.ts", () => ({ useReadClient: () => state.client as ReadClient }));

const { MultiplierPanel } = await import("./MultiplierPanel.tsx");

const POOL = "0x1111111111111111111111111111111111111111";
const COLLECTION = "0x7000000000000000000000000000000000000007";
const USER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const ZERO = "0x0000000000000000000000000000000000000000";
const X = (n: number) => BigInt(n * 100) * 10n ** 23n;
const NOW = BigInt(Math.floor(Date.now() / 1000));
const none = {
  tokenId: 0n,
  owner: ZERO,
  initialMultiplier: 0n,
  multiplier: 0n,
  rewardPeriodEnd: 0n,
  averageBalance: 0n,
  isLocked: false,
  lockedAfterProposal: 0n,
};
const nft = (id: bigint, over: Partial<typeof none> = {}) => ({
  ...none,
  tokenId: id,
  owner: USER,
  initialMultiplier: X(1.5),
  multiplier: X(1.5),
  rewardPeriodEnd: NOW + 86_400n * 30n,
  ...over,
});

function serve(nfts: ReturnType<typeof nft>[], voting: bigint[] = []) {
  const locked = nfts.find((n) => n.isLocked) ?? none;
  state.client = clientAnsweringEach((call) => {
    switch (call.functionName) {
      case "getNftContracts":
        return [COLLECTION, ZERO, ZERO, ZERO];
      case "getHolderNfts":
        return nfts;
      case "getLocked":
        return locked;
      case "getUserActiveProposals":
        return voting;
      case "getProposalState":
        return 0;
      default:
        throw new Error(`unexpected read ${call.functionName}`);
    }
  }).client;
  renderWithProviders(<MultiplierPanel dao={POOL} user={USER} token={{ decimals: 18, symbol: "PFR" }} />);
}

describe("My balance: reward multiplier", () => {
  it("lists the member's NFTs with their multiplier and period, Lock when none is locked", async () => {
    serve([nft(1n), nft(2n, { multiplier: X(1.25), initialMultiplier: X(2), averageBalance: 10n ** 21n })]);
    expect(await screen.findByTestId("multiplier-value-1")).toHaveTextContent("×1.5");
    expect(screen.getByTestId("multiplier-value-2")).toHaveTextContent("×1.25 (initial ×2)");
    expect(screen.getByTestId("multiplier-nft-2")).toHaveTextContent("1,000 PFR");
    expect(screen.getByTestId("multiplier-lock-1")).toBeEnabled();
  });

  it("a locked NFT offers Unlock; the others cannot be locked beside it", async () => {
    serve([nft(1n, { isLocked: true, lockedAfterProposal: 4n }), nft(2n)]);
    expect(await screen.findByTestId("multiplier-unlock-1")).toBeEnabled();
    expect(screen.getByTestId("multiplier-locked-1")).toHaveTextContent("multiplies proposals after #4");
    expect(screen.getByTestId("multiplier-lock-2")).toBeDisabled();
  });

  it("lock and unlock wait while the member votes on a proposal in voting; an ended period cannot be locked", async () => {
    serve([nft(1n, { isLocked: true }), nft(2n, { rewardPeriodEnd: NOW - 1n })], [7n]);
    expect(await screen.findByTestId("multiplier-voting")).toHaveTextContent(
      "You vote on proposal #7, still in voting: lock and unlock once it ends.",
    );
    expect(screen.getByTestId("multiplier-unlock-1")).toBeDisabled();
    expect(screen.getByTestId("multiplier-nft-2")).toHaveTextContent("Reward period ended");
  });

  it("says so when the member holds none", async () => {
    serve([]);
    expect(await screen.findByText("You hold no multiplier NFT of this DAO.")).toBeInTheDocument();
  });
});
