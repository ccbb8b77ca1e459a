import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ReadClient } from "../../shared/chain/readClient.ts";
import { clientAnsweringEach } from "../../test/fakeReadClient.ts";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import type { RewardsOverview } from "./api/fetchRewards.ts";

const state = vi.hoisted(() => ({ client: undefined as unknown }));
vi.mock("../../shared/chain/readClient.ts", () => ({ useReadClient: () => state.client as ReadClient }));

const { MultiplierNotice } = await import("./MultiplierNotice.tsx");

const E = (n: number) => BigInt(n) * 10n ** 18n;
const DAO = "0x1000000000000000000000000000000000000001";
const COLLECTION = "0x7000000000000000000000000000000000000007";
const TOKEN = "0x3000000000000000000000000000000000000003";
const USER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const ZERO = "0x0000000000000000000000000000000000000000";
const END = 1_893_456_000n; // 2030-01-01 UTC

const overview: RewardsOverview = {
  dao: DAO,
  daoName: "Acme DAO",
  proposals: [
    {
      id: 5n,
      token: TOKEN,
      staticReward: E(10),
      voting: { personal: E(3000), micropool: 0n, treasury: 0n },
      multiplierBonus: E(1500),
      total: E(4510),
      hasClaimed: false,
    },
  ],
  page: 1,
  pageCount: 1,
  total: 1,
  isBehind: false,
  offchain: [],
  tokens: { [TOKEN.toLowerCase()]: { symbol: "ACME", decimals: 18 } },
};

function serve(locked: boolean, bonus = E(1500)) {
  const nft = {
    tokenId: locked ? 3n : 0n,
    owner: locked ? USER : ZERO,
    initialMultiplier: locked ? 15n * 10n ** 24n : 0n,
    multiplier: locked ? 15n * 10n ** 24n : 0n,
    rewardPeriodEnd: locked ? END : 0n,
    averageBalance: 0n,
    isLocked: locked,
    lockedAfterProposal: locked ? 4n : 0n,
  };
  state.client = clientAnsweringEach((call) => {
    switch (call.functionName) {
      case "getNftContracts":
        return [COLLECTION, ZERO, ZERO, ZERO];
      case "getHolderNfts":
        return locked ? [nft] : [];
      case "getLocked":
        return nft;
      case "getUserActiveProposals":
        return [];
      default:
        throw new Error(`unexpected read ${call.functionName}`);
    }
  }).client;
  const proposals = overview.proposals.map((p) => ({ ...p, multiplierBonus: bonus }));
  renderWithProviders(<MultiplierNotice overview={{ ...overview, proposals }} user={USER} />);
}

describe("claim page: the multiplier", () => {
  it("shows the locked NFT's multiplier, until when, and the bonus each claim adds", async () => {
    serve(true);
    expect(await screen.findByTestId("claim-multiplier")).toHaveTextContent(
      "Your multiplier NFT #3 multiplies your vote rewards ×1.5 until",
    );
    expect(screen.getByTestId("claim-multiplier")).toHaveTextContent("2030");
    expect(await screen.findByTestId("multiplier-bonus-5")).toHaveTextContent("Multiplier bonus +1,500 ACME");
  });

  it("lists no bonus for a claim the pool adds none to", async () => {
    serve(true, 0n);
    await screen.findByTestId("claim-multiplier");
    expect(screen.queryByTestId("multiplier-bonus-5")).toBeNull();
  });

  it("shows nothing without a locked NFT", async () => {
    serve(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId("claim-multiplier")).toBeNull();
  });
});
