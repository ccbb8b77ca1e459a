import type { OnchainProposalSettings } from "@polity/core/proposalSettings";
import type { Address } from "viem";
import { proposalSettingsFixture } from "../../../test/proposalSettings.ts";
import type { PoolContext } from "../api/poolContext.ts";

export const POOL: Address = "0x1111111111111111111111111111111111111111";
export const TOKEN: Address = "0x2222222222222222222222222222222222222222";
export const USER: Address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

export const DEFAULT_SETTINGS: OnchainProposalSettings = proposalSettingsFixture();

/** A DAO with a 6-decimal token, 1 000 in the treasury; the user holds 100 and deposited 40. */
export function poolContextFixture(overrides: Partial<PoolContext> = {}): PoolContext {
  return {
    pool: POOL,
    name: "Acme",
    descriptionURL: "",
    settings: "0x3333333333333333333333333333333333333333",
    userKeeper: "0x4444444444444444444444444444444444444444",
    validators: "0x5555555555555555555555555555555555555555",
    poolRegistry: "0x6666666666666666666666666666666666666666",
    votePower: "0x7777777777777777777777777777777777777777",
    expertNft: "0x8888888888888888888888888888888888888888",
    isLinearPower: true,
    commentSettings: { minRead: 0n, minCreate: 1n },
    token: { address: TOKEN, symbol: "ACME", decimals: 6, totalSupply: 10_000_000_000n },
    nft: null,
    individualPower: 0n,
    treasuryBalance: 1_000_000_000n,
    proposalSettings: [DEFAULT_SETTINGS, { ...DEFAULT_SETTINGS, executorDescription: "internal" }],
    validatorSettings: { duration: 3600n, executionDelay: 0n, quorum: 50n * 10n ** 25n },
    validatorsToken: "0x9999999999999999999999999999999999999999",
    hasValidators: true,
    user: {
      address: USER,
      walletBalance: 100_000_000n,
      deposited: 40_000_000n,
      allowance: 0n,
      isValidator: true,
      validatorBalance: 10n ** 19n,
      depositedNfts: [],
    },
    ...overrides,
  };
}
