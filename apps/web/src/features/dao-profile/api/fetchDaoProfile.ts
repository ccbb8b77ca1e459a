import { VoteType } from "@polity/core/enums";
import {
  govPoolAbi,
  govSettingsAbi,
  govUserKeeperAbi,
  govValidatorsAbi,
} from "@polity/core/generated/contracts";
import type { OnchainProposalSettings } from "@polity/core/proposalSettings";
import { type Address, type Client, erc20Abi, erc721Abi, zeroAddress } from "viem";
import { multicall } from "viem/actions";

const VOTE_TYPES = [VoteType.Personal, VoteType.Micropool, VoteType.Delegated, VoteType.Treasury] as const;

export class DaoNotFoundError extends Error {
  override name = "DaoNotFoundError";
}

type Settled<T> = { status: "success"; result: T } | { status: "failure"; error: Error };

function ok<T>(entry: Settled<T> | undefined): T | undefined {
  return entry?.status === "success" ? entry.result : undefined;
}

export type VotingPowerView = {
  power: bigint;
  rawPower: bigint;
  nftPower: bigint;
  rawNftPower: bigint;
  perNftPower: readonly bigint[];
  ownedBalance: bigint;
  ownedLength: bigint;
  nftIds: readonly bigint[];
};

export interface TokenInfo {
  address: Address;
  name: string;
  symbol: string;
  decimals: number;
  totalSupply: bigint;
}

export interface DaoProfile {
  address: Address;
  chainId: number;
  name: string;
  descriptionUrl: string;
  helpers: {
    settings: Address;
    userKeeper: Address;
    validators: Address;
    poolRegistry: Address;
    votePower: Address;
  };
  nftContracts: { nftMultiplier: Address; expertNft: Address; globalExpertNft: Address; babt: Address };
  config: { verifier: Address; onlyBABTHolders: boolean; isLinearPower: boolean };
  commentSettings: { minVotesForReadProposalDiscussion: bigint; minVotesForCreatingComment: bigint };
  latestProposalId: bigint;
  token: TokenInfo | null;
  nft: {
    address: Address;
    name: string;
    symbol: string;
    individualPower: bigint;
    totalSupply: bigint;
  } | null;
  totalPower: bigint;
  totalDepositedTokens: bigint;
  settings: {
    default: OnchainProposalSettings | undefined;
    internal: OnchainProposalSettings | undefined;
    validators: OnchainProposalSettings | undefined;
    count: bigint;
  };
  validators: {
    hasValidators: boolean;
    token: { address: Address; name: string; symbol: string; totalSupply: bigint } | null;
    settings: { duration: bigint; executionDelay: bigint; quorum: bigint } | undefined;
  };
  user: UserPosition | null;
}

export interface UserPosition {
  address: Address;
  /** Deposited tokens (personal balance in the pool). */
  deposited: bigint;
  withdrawable: bigint;
  locked: bigint;
  depositedNfts: readonly bigint[];
  withdrawableNfts: readonly bigint[];
  walletBalance: bigint;
  votingPower: Record<"personal" | "micropool" | "delegated" | "treasury", VotingPowerView | undefined>;
  isExpert: boolean;
  isValidator: boolean;
  validatorBalance: bigint;
}

/**
 * Everything the DAO profile shows from the chain, in three multicalls (three JSON-RPC requests):
 * the pool itself, then its helper contracts and the user's position, then the tokens they name.
 * Proposal lists and validators come from the indexer through the api (`fetchProposals`,
 * `fetchValidators`), so no log range is ever scanned in the browser.
 */
export async function fetchDaoProfile(
  client: Client,
  dao: Address,
  user: Address | undefined,
): Promise<DaoProfile> {
  const pool = { address: dao, abi: govPoolAbi } as const;
  const [name, descriptionUrl, helpers, nftContracts, config, latestProposalId, commentSettings] =
    (await multicall(client, {
      allowFailure: true,
      contracts: [
        { ...pool, functionName: "name" },
        { ...pool, functionName: "descriptionURL" },
        { ...pool, functionName: "getHelperContracts" },
        { ...pool, functionName: "getNftContracts" },
        { ...pool, functionName: "getConfig" },
        { ...pool, functionName: "latestProposalId" },
        { ...pool, functionName: "getCommentSettings" },
      ],
    })) as Settled<unknown>[];

  const helperTuple = ok(helpers) as readonly [Address, Address, Address, Address, Address] | undefined;
  if (ok(name) === undefined || !helperTuple)
    throw new DaoNotFoundError(`${dao} is not a DAO on chain ${client.chain?.id}`);
  const [settings, userKeeper, validators, poolRegistry, votePower] = helperTuple;
  const nfts = (ok(nftContracts) as readonly [Address, Address, Address, Address] | undefined) ?? [
    zeroAddress,
    zeroAddress,
    zeroAddress,
    zeroAddress,
  ];
  const cfg = ok(config) as readonly [Address, boolean, boolean, Address] | undefined;
  const latest = (ok(latestProposalId) as bigint | undefined) ?? 0n;
  const comments = (ok(commentSettings) as readonly [bigint, bigint] | undefined) ?? [0n, 0n];

  const keeper = { address: userKeeper, abi: govUserKeeperAbi } as const;
  const settingsContract = { address: settings, abi: govSettingsAbi } as const;
  const validatorsContract = { address: validators, abi: govValidatorsAbi } as const;
  const second = [
    { ...keeper, functionName: "tokenAddress" },
    { ...keeper, functionName: "nftAddress" },
    { ...keeper, functionName: "individualPower" },
    { ...keeper, functionName: "nftsTotalSupply" },
    { ...keeper, functionName: "getTotalPower" },
    { ...keeper, functionName: "totalDepositedTokens" },
    { ...settingsContract, functionName: "getDefaultSettings" },
    { ...settingsContract, functionName: "getInternalSettings" },
    { ...settingsContract, functionName: "getSettings", args: [2n] },
    { ...settingsContract, functionName: "settingsCount" },
    { ...validatorsContract, functionName: "hasValidators" },
    { ...validatorsContract, functionName: "validatorsToken" },
    { ...validatorsContract, functionName: "getSettings" },
  ] as const;
  const userCalls = user
    ? ([
        { ...keeper, functionName: "tokenBalance", args: [user] },
        { ...keeper, functionName: "nftBalance", args: [user] },
        { ...pool, functionName: "getWithdrawableAssets", args: [user] },
        {
          ...keeper,
          functionName: "votingPower",
          args: [VOTE_TYPES.map(() => user), [...VOTE_TYPES], false],
        },
        { ...validatorsContract, functionName: "isValidator", args: [user] },
        {
          address: nfts[1],
          abi: [
            {
              type: "function",
              name: "isExpert",
              stateMutability: "view",
              inputs: [{ name: "user", type: "address" }],
              outputs: [{ name: "", type: "bool" }],
            },
          ],
          functionName: "isExpert",
          args: [user],
        },
      ] as const)
    : ([] as const);
  const secondResults = (await multicall(client, {
    allowFailure: true,
    contracts: [...second, ...userCalls] as never,
  })) as Settled<unknown>[];
  const r = (i: number) => ok(secondResults[i]);

  const tokenAddress = (r(0) as Address | undefined) ?? zeroAddress;
  const nftAddress = (r(1) as Address | undefined) ?? zeroAddress;
  const hasValidators = Boolean(r(10));
  const validatorsToken = (r(11) as Address | undefined) ?? zeroAddress;
  const validatorSettingsTuple = r(12) as
    | { duration: bigint; executionDelay: bigint; quorum: bigint }
    | undefined;

  const tokenContract = { address: tokenAddress, abi: erc20Abi } as const;
  const nftContract = { address: nftAddress, abi: erc721Abi } as const;
  const vtContract = { address: validatorsToken, abi: erc20Abi } as const;
  const third = [
    ...(tokenAddress !== zeroAddress
      ? ([
          { ...tokenContract, functionName: "name" },
          { ...tokenContract, functionName: "symbol" },
          { ...tokenContract, functionName: "decimals" },
          { ...tokenContract, functionName: "totalSupply" },
          { ...tokenContract, functionName: "balanceOf", args: [user ?? zeroAddress] },
        ] as const)
      : []),
    ...(nftAddress !== zeroAddress
      ? ([
          { ...nftContract, functionName: "name" },
          { ...nftContract, functionName: "symbol" },
        ] as const)
      : []),
    ...(validatorsToken !== zeroAddress
      ? ([
          { ...vtContract, functionName: "name" },
          { ...vtContract, functionName: "symbol" },
          { ...vtContract, functionName: "totalSupply" },
          { ...vtContract, functionName: "balanceOf", args: [user ?? zeroAddress] },
        ] as const)
      : []),
  ];
  const thirdResults = third.length
    ? ((await multicall(client, { allowFailure: true, contracts: third as never })) as Settled<unknown>[])
    : [];
  let cursor = 0;
  const next = () => ok(thirdResults[cursor++]);

  let token: TokenInfo | null = null;
  let walletBalance = 0n;
  if (tokenAddress !== zeroAddress) {
    const [tName, tSymbol, tDecimals, tSupply, tBalance] = [next(), next(), next(), next(), next()];
    token = {
      address: tokenAddress,
      name: (tName as string | undefined) ?? "",
      symbol: (tSymbol as string | undefined) ?? "",
      decimals: Number((tDecimals as number | undefined) ?? 18),
      totalSupply: (tSupply as bigint | undefined) ?? 0n,
    };
    walletBalance = (tBalance as bigint | undefined) ?? 0n;
  }
  let nft: DaoProfile["nft"] = null;
  if (nftAddress !== zeroAddress) {
    const [nName, nSymbol] = [next(), next()];
    nft = {
      address: nftAddress,
      name: (nName as string | undefined) ?? "",
      symbol: (nSymbol as string | undefined) ?? "",
      individualPower: (r(2) as bigint | undefined) ?? 0n,
      totalSupply: (r(3) as bigint | undefined) ?? 0n,
    };
  }
  let vtToken: DaoProfile["validators"]["token"] = null;
  let validatorBalance = 0n;
  if (validatorsToken !== zeroAddress) {
    const [vName, vSymbol, vSupply, vBalance] = [next(), next(), next(), next()];
    vtToken = {
      address: validatorsToken,
      name: (vName as string | undefined) ?? "",
      symbol: (vSymbol as string | undefined) ?? "",
      totalSupply: (vSupply as bigint | undefined) ?? 0n,
    };
    validatorBalance = (vBalance as bigint | undefined) ?? 0n;
  }

  let position: UserPosition | null = null;
  if (user) {
    const base = second.length;
    const deposited = (r(base) as bigint | undefined) ?? 0n;
    const depositedNfts = (r(base + 1) as readonly bigint[] | undefined) ?? [];
    const withdrawableTuple = (r(base + 2) as readonly [bigint, readonly bigint[]] | undefined) ?? [0n, []];
    const powers = (r(base + 3) as readonly VotingPowerView[] | undefined) ?? [];
    position = {
      address: user,
      deposited,
      withdrawable: withdrawableTuple[0],
      locked: deposited > withdrawableTuple[0] ? deposited - withdrawableTuple[0] : 0n,
      depositedNfts,
      withdrawableNfts: withdrawableTuple[1],
      walletBalance,
      votingPower: { personal: powers[0], micropool: powers[1], delegated: powers[2], treasury: powers[3] },
      isValidator: Boolean(r(base + 4)),
      isExpert: Boolean(r(base + 5)),
      validatorBalance,
    };
  }

  return {
    address: dao,
    chainId: client.chain?.id ?? 0,
    name: ok(name) as string,
    descriptionUrl: (ok(descriptionUrl) as string | undefined) ?? "",
    helpers: { settings, userKeeper, validators, poolRegistry, votePower },
    nftContracts: { nftMultiplier: nfts[0], expertNft: nfts[1], globalExpertNft: nfts[2], babt: nfts[3] },
    config: {
      verifier: cfg?.[0] ?? zeroAddress,
      onlyBABTHolders: cfg?.[1] ?? false,
      isLinearPower: cfg?.[2] ?? true,
    },
    commentSettings: {
      minVotesForReadProposalDiscussion: comments[0],
      minVotesForCreatingComment: comments[1],
    },
    latestProposalId: latest,
    token,
    nft,
    totalPower: (r(4) as bigint | undefined) ?? 0n,
    totalDepositedTokens: (r(5) as bigint | undefined) ?? 0n,
    settings: {
      default: r(6) as OnchainProposalSettings | undefined,
      internal: r(7) as OnchainProposalSettings | undefined,
      validators: r(8) as OnchainProposalSettings | undefined,
      count: (r(9) as bigint | undefined) ?? 0n,
    },
    validators: { hasValidators, token: vtToken, settings: validatorSettingsTuple },
    user: position,
  };
}
