import { type Address, type ContractFunctionReturnType, decodeEventLog, zeroAddress } from "viem";
// Written by `hardhat build` beside the artifact; a type-only import, erased at run time.
import type { GovSettings$Type } from "../../artifacts/contracts/gov/GovSettings.sol/artifacts.d.ts";
import { readArtifact } from "./artifacts.ts";
import { type Clients, send } from "./protocol.ts";

/** 100% with 25 decimals. */
export const PERCENTAGE_100 = 10n ** 27n;
/** 1% with 25 decimals. */
export const PERCENT = 10n ** 25n;
/** 1.0 of voteRewardsCoefficient. */
export const PRECISION = 10n ** 25n;
export const NATIVE_COIN: Address = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";
export const WAD = 10n ** 18n;

/**
 * `IGovTypes.ProposalSettings` as GovSettings returns it, typed from the compiled artifact's ABI
 * (Hardhat's generated `artifacts.d.ts`): the scripts follow any change of the struct, and the
 * protocol package depends on none of the TypeScript parts built on it.
 */
export type ProposalSettings = ContractFunctionReturnType<GovSettings$Type["abi"], "view", "getSettings">;
export type RewardsInfo = ProposalSettings["rewardsInfo"];

export const noRewards: RewardsInfo = {
  rewardToken: zeroAddress,
  creationReward: 0n,
  executionReward: 0n,
  voteRewardsCoefficient: 0n,
};

/** Spec defaults: early completion, delegated voting and validators vote on in the default slot. */
export function proposalSettings(overrides: Partial<ProposalSettings> = {}): ProposalSettings {
  return {
    earlyCompletion: true,
    delegatedVotingAllowed: true,
    validatorsVote: false,
    duration: 3600n,
    durationValidators: 3600n,
    executionDelay: 0n,
    quorum: 50n * PERCENT,
    quorumValidators: 50n * PERCENT,
    minVotesForVoting: 0n,
    minVotesForCreating: 0n,
    rewardsInfo: noRewards,
    executorDescription: "",
    ...overrides,
  };
}

export type DaoOptions = {
  name: string;
  descriptionURL?: string;
  /** Settings of the five standard slots (default, internal, validators, distribution, token sale). */
  settings?: ProposalSettings[];
  tokenAddress?: Address;
  nftAddress?: Address;
  individualPower?: bigint;
  nftsTotalSupply?: bigint;
  newToken?: {
    name: string;
    symbol: string;
    cap: bigint;
    mintedTotal: bigint;
    users: Address[];
    amounts: bigint[];
  };
  validators?: {
    name: string;
    symbol: string;
    duration: bigint;
    executionDelay: bigint;
    quorum: bigint;
    validators: Address[];
    balances: bigint[];
  };
  votePower?: {
    type: 0 | 1 | 2;
    holders?: bigint;
    experts?: bigint;
    expertsDelegation?: bigint;
    preset?: Address;
  };
  verifier?: Address;
  onlyBABTHolders?: boolean;
  minVotesForReadProposalDiscussion?: bigint;
  minVotesForCreatingComment?: bigint;
};

/** GovPoolDeployParams for PoolFactory.deployGovPool. */
export function deployParams(o: DaoOptions) {
  const s = o.settings ?? [
    proposalSettings(),
    proposalSettings({ earlyCompletion: true, validatorsVote: false }),
    proposalSettings({ earlyCompletion: false, delegatedVotingAllowed: false }),
    proposalSettings(),
    proposalSettings(),
  ];
  return {
    settingsParams: { proposalSettings: s, additionalProposalExecutors: [] as Address[] },
    validatorsParams: {
      name: o.validators?.name ?? `${o.name} validators`,
      symbol: o.validators?.symbol ?? "VAL",
      proposalSettings: {
        duration: o.validators?.duration ?? 3600n,
        executionDelay: o.validators?.executionDelay ?? 0n,
        quorum: o.validators?.quorum ?? 50n * PERCENT,
      },
      validators: o.validators?.validators ?? [],
      balances: o.validators?.balances ?? [],
    },
    userKeeperParams: {
      tokenAddress: o.tokenAddress ?? zeroAddress,
      nftAddress: o.nftAddress ?? zeroAddress,
      individualPower: o.individualPower ?? 0n,
      nftsTotalSupply: o.nftsTotalSupply ?? 0n,
    },
    tokenParams: o.newToken ?? { name: "", symbol: "", cap: 0n, mintedTotal: 0n, users: [], amounts: [] },
    votePowerParams: {
      voteType: o.votePower?.type ?? 0,
      holdersCoefficient: o.votePower?.holders ?? 0n,
      expertsCoefficient: o.votePower?.experts ?? 0n,
      expertsDelegationCoefficient: o.votePower?.expertsDelegation ?? 0n,
      presetAddress: o.votePower?.preset ?? zeroAddress,
    },
    verifier: o.verifier ?? zeroAddress,
    onlyBABTHolders: o.onlyBABTHolders ?? false,
    descriptionURL: o.descriptionURL ?? "",
    name: o.name,
    minVotesForReadProposalDiscussion: o.minVotesForReadProposalDiscussion ?? 0n,
    minVotesForCreatingComment: o.minVotesForCreatingComment ?? WAD,
  };
}

export type DaoAddresses = {
  govPool: Address;
  settings: Address;
  userKeeper: Address;
  validators: Address;
  validatorsToken: Address;
  expertNft: Address;
  votePower: Address;
  token: Address;
  nft: Address;
  /** The DAO's TokenSaleProposal and DistributionProposal executors (settings slots 4 and 3). */
  tokenSale: Address;
  distribution: Address;
  /** The DAO's StakingProposal (default settings slot). */
  staking: Address;
  /** The DAO's reward multiplier NFT collection (active from deployment). */
  nftMultiplier: Address;
  gasUsed: bigint;
};

/** Deploys a DAO through the factory and returns the addresses from `DaoPoolDeployed`. */
export async function deployDao(c: Clients, factory: Address, o: DaoOptions): Promise<DaoAddresses> {
  const abi = readArtifact("PoolFactory").abi;
  const receipt = await send(c, factory, abi, "deployGovPool", [deployParams(o)]);
  const events = receipt.logs
    .filter((log) => log.address.toLowerCase() === factory.toLowerCase())
    .map((log) => decodeEventLog({ abi, data: log.data, topics: log.topics }));
  const executors = events.find((ev) => ev.eventName === "DaoExecutorsDeployed")?.args as
    | { tokenSale: Address; distribution: Address }
    | undefined;
  const staking = events.find((ev) => ev.eventName === "DaoStakingDeployed")?.args as
    | { staking: Address }
    | undefined;
  const multiplier = events.find((ev) => ev.eventName === "DaoNftMultiplierDeployed")?.args as
    | { nftMultiplier: Address }
    | undefined;
  for (const ev of events) {
    if (ev.eventName === "DaoPoolDeployed") {
      const a = ev.args as unknown as Omit<
        DaoAddresses,
        "gasUsed" | "tokenSale" | "distribution" | "staking" | "nftMultiplier"
      >;
      return {
        nftMultiplier: multiplier?.nftMultiplier ?? zeroAddress,
        staking: staking?.staking ?? zeroAddress,
        tokenSale: executors?.tokenSale ?? zeroAddress,
        distribution: executors?.distribution ?? zeroAddress,
        govPool: a.govPool,
        settings: a.settings,
        userKeeper: a.userKeeper,
        validators: a.validators,
        validatorsToken: a.validatorsToken,
        expertNft: a.expertNft,
        votePower: a.votePower,
        token: a.token,
        nft: a.nft,
        gasUsed: receipt.gasUsed,
      };
    }
  }
  throw new Error("DaoPoolDeployed not emitted");
}
