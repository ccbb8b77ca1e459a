import { zeroAddress } from "viem";
import { proposalSettingsFixture } from "../../../test/proposalSettings.ts";
import type { DaoProfile, UserPosition } from "../api/fetchDaoProfile.ts";

export const FIXTURE_DAO = "0x1000000000000000000000000000000000000001" as const;

/** Acme DAO on chain 97: an 18-decimal token of 1 000 000, no NFT, no validators, nobody connected. */
export function daoProfileFixture(over: Partial<DaoProfile> = {}): DaoProfile {
  const settings = proposalSettingsFixture({ quorum: 51n * 10n ** 25n });
  return {
    address: FIXTURE_DAO,
    chainId: 97,
    name: "Acme DAO",
    descriptionUrl: "",
    helpers: {
      settings: FIXTURE_DAO,
      userKeeper: FIXTURE_DAO,
      validators: FIXTURE_DAO,
      poolRegistry: FIXTURE_DAO,
      votePower: FIXTURE_DAO,
    },
    nftContracts: {
      nftMultiplier: zeroAddress,
      expertNft: zeroAddress,
      globalExpertNft: zeroAddress,
      babt: zeroAddress,
    },
    config: { verifier: zeroAddress, onlyBABTHolders: false, isLinearPower: true },
    commentSettings: { minVotesForReadProposalDiscussion: 0n, minVotesForCreatingComment: 10n ** 18n },
    latestProposalId: 3n,
    token: {
      address: "0x6000000000000000000000000000000000000006",
      name: "Acme",
      symbol: "ACME",
      decimals: 18,
      totalSupply: 10n ** 24n,
    },
    nft: null,
    totalPower: 1000n * 10n ** 18n,
    totalDepositedTokens: 700n * 10n ** 18n,
    settings: { default: settings, internal: settings, validators: undefined, count: 5n },
    validators: { hasValidators: false, token: null, settings: undefined },
    user: null,
    ...over,
  };
}

/** A connected member's position in the fixture DAO: nothing deposited, no power, unless given. */
export function userPositionFixture(over: Partial<UserPosition> = {}): UserPosition {
  return {
    address: "0x9000000000000000000000000000000000000009",
    deposited: 0n,
    withdrawable: 0n,
    locked: 0n,
    depositedNfts: [],
    withdrawableNfts: [],
    walletBalance: 0n,
    votingPower: { personal: undefined, micropool: undefined, delegated: undefined, treasury: undefined },
    isExpert: false,
    isValidator: false,
    validatorBalance: 0n,
    ...over,
  };
}
