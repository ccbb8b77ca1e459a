import { VoteType } from "@polity/core/enums";
import {
  expertNftAbi,
  govPoolAbi,
  type govUserKeeperAbi,
  type govValidatorsAbi,
} from "@polity/core/generated/contracts";
import type { OnchainProposalSettings } from "@polity/core/proposalSettings";
import {
  type Address,
  type ContractFunctionReturnType,
  erc20Abi,
  erc721Abi,
  isAddressEqual,
  zeroAddress,
} from "viem";
import {
  helpersOf,
  helpersRead,
  keeperAssetReads,
  type PoolHelpers,
  type PoolHelpersCache,
  poolContracts,
} from "../../../shared/chain/poolHelpers.ts";
import { type NamedResult, named, readBatch, readCall } from "../../../shared/chain/readBatch.ts";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { NotFoundError } from "../../../shared/query/notFoundError.ts";
import type { IndexedPoolContracts } from "../../../shared/tracker/poolContractsApi.ts";

const VOTE_TYPES = [VoteType.Personal, VoteType.Micropool, VoteType.Delegated, VoteType.Treasury] as const;

export class DaoNotFoundError extends NotFoundError {
  override name = "DaoNotFoundError";
}

/** A voter's power of one vote type (`IGovUserKeeper.VotingPowerView`). */
export type VotingPowerView = ContractFunctionReturnType<
  typeof govUserKeeperAbi,
  "view",
  "votingPower"
>[number];

/** The validators' own voting settings (`GovValidators.getSettings`). */
export type ValidatorsSettings = ContractFunctionReturnType<typeof govValidatorsAbi, "view", "getSettings">;

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
  helpers: PoolHelpers;
  nftContracts: NamedResult<typeof govPoolAbi, "getNftContracts">;
  config: Pick<NamedResult<typeof govPoolAbi, "getConfig">, "verifier" | "onlyBABTHolders" | "isLinearPower">;
  commentSettings: NamedResult<typeof govPoolAbi, "getCommentSettings">;
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
    settings: ValidatorsSettings | undefined;
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

/** The DAO's governance token, NFT and validator token (zero addresses when it has none). */
interface DaoTokens {
  token: Address;
  nft: Address;
  validatorsToken: Address;
}

const sameTokens = (a: DaoTokens, b: DaoTokens) =>
  isAddressEqual(a.token, b.token) &&
  isAddressEqual(a.nft, b.nft) &&
  isAddressEqual(a.validatorsToken, b.validatorsToken);

/** The tokens' names, symbols and supplies, and `owner`'s balances of the token and validator token. */
function tokenReads(tokens: DaoTokens, owner: Address) {
  const token20 = tokens.token !== zeroAddress ? ({ address: tokens.token, abi: erc20Abi } as const) : null;
  const token721 = tokens.nft !== zeroAddress ? ({ address: tokens.nft, abi: erc721Abi } as const) : null;
  const vt =
    tokens.validatorsToken !== zeroAddress
      ? ({ address: tokens.validatorsToken, abi: erc20Abi } as const)
      : null;
  return {
    tokenName: token20 && readCall(token20, "name"),
    tokenSymbol: token20 && readCall(token20, "symbol"),
    tokenDecimals: token20 && readCall(token20, "decimals"),
    tokenSupply: token20 && readCall(token20, "totalSupply"),
    walletBalance: token20 && readCall(token20, "balanceOf", [owner]),
    nftName: token721 && readCall(token721, "name"),
    nftSymbol: token721 && readCall(token721, "symbol"),
    vtName: vt && readCall(vt, "name"),
    vtSymbol: vt && readCall(vt, "symbol"),
    vtSupply: vt && readCall(vt, "totalSupply"),
    validatorBalance: vt && readCall(vt, "balanceOf", [owner]),
  };
}

/**
 * Everything the DAO profile shows from the chain, in three multicalls (three JSON-RPC requests):
 * the pool itself, then what its helper contracts hold and the user's position, then the tokens they
 * name. The helper contracts come from `options.helpers` (the query cache, read once per pool)
 * beside the first, or are read there. With the DAO's indexed contracts (`options.indexed`), the
 * tokens they name are read in the second batch: two multicalls, a third only when the chain names
 * other tokens than the index.
 * Proposal lists and validators come from the indexer through the api (`fetchProposals`,
 * `fetchValidators`), so no log range is ever scanned in the browser.
 */
export async function fetchDaoProfile(
  client: ReadClient,
  dao: Address,
  user: Address | undefined,
  options: {
    helpers?: PoolHelpersCache;
    /**
     * Told the DAO's metadata document as soon as the index or the first batch names it, each document
     * once: the index's answer usually comes before the chain's, and may be behind it (the page shows the
     * document the chain names).
     */
    onDescriptionUrl?: (descriptionUrl: string) => void;
    /**
     * The DAO's contracts as indexed (asked beside the first batch): the tokens they name are read
     * with the second batch, and read again in a third only when the chain names others.
     */
    indexed?: Promise<IndexedPoolContracts | undefined>;
  } = {},
): Promise<DaoProfile> {
  const pool = { address: dao, abi: govPoolAbi } as const;
  const told = new Set<string>();
  const tell = (descriptionUrl: string | undefined) => {
    if (!descriptionUrl || told.has(descriptionUrl)) return;
    told.add(descriptionUrl);
    options.onDescriptionUrl?.(descriptionUrl);
  };
  void options.indexed?.then((contracts) => tell(contracts?.description_url));
  const first = await readBatch(client, {
    name: readCall(pool, "name"),
    descriptionUrl: readCall(pool, "descriptionURL"),
    nftContracts: named(readCall(pool, "getNftContracts")),
    config: named(readCall(pool, "getConfig")),
    latestProposalId: readCall(pool, "latestProposalId"),
    commentSettings: named(readCall(pool, "getCommentSettings")),
    helpers: helpersRead(dao, options.helpers),
  });
  const helpers = helpersOf(first.helpers, options.helpers);
  if (first.name === undefined || !helpers)
    throw new DaoNotFoundError(`${dao} is not a DAO on chain ${client.chain?.id}`);
  tell(first.descriptionUrl);
  const expertNft = first.nftContracts?.expertNft ?? zeroAddress;

  const { keeper, settings: settingsContract, validators: validatorsContract } = poolContracts(helpers);
  const owner = user ?? zeroAddress;
  const indexed = await options.indexed;
  // The index's tokens, when it describes this pool's keeper (else it is about another deployment).
  const guess: DaoTokens | null =
    indexed && isAddressEqual(indexed.user_keeper, helpers.userKeeper)
      ? {
          token: indexed.gov_token,
          nft: indexed.nft,
          validatorsToken: indexed.validator_token ?? zeroAddress,
        }
      : null;
  const second = await readBatch(client, {
    ...keeperAssetReads(keeper),
    individualPower: readCall(keeper, "individualPower"),
    nftsTotalSupply: readCall(keeper, "nftsTotalSupply"),
    totalPower: readCall(keeper, "getTotalPower"),
    totalDepositedTokens: readCall(keeper, "totalDepositedTokens"),
    defaultSettings: readCall(settingsContract, "getDefaultSettings"),
    internalSettings: readCall(settingsContract, "getInternalSettings"),
    validatorsSettings: readCall(settingsContract, "getSettings", [2n]),
    settingsCount: readCall(settingsContract, "settingsCount"),
    hasValidators: readCall(validatorsContract, "hasValidators"),
    validatorsToken: readCall(validatorsContract, "validatorsToken"),
    validatorSettings: readCall(validatorsContract, "getSettings"),
    deposited: user ? readCall(keeper, "tokenBalance", [user]) : undefined,
    depositedNfts: user ? readCall(keeper, "nftBalance", [user]) : undefined,
    withdrawable: user ? named(readCall(pool, "getWithdrawableAssets", [user])) : undefined,
    votingPower: user
      ? readCall(keeper, "votingPower", [VOTE_TYPES.map(() => user), [...VOTE_TYPES], false])
      : undefined,
    isValidator: user ? readCall(validatorsContract, "isValidator", [user]) : undefined,
    isExpert: user ? readCall({ address: expertNft, abi: expertNftAbi }, "isExpert", [user]) : undefined,
    ...(guess ? tokenReads(guess, owner) : {}),
  });

  const tokens: DaoTokens = {
    token: second.tokenAddress ?? zeroAddress,
    nft: second.nftAddress ?? zeroAddress,
    validatorsToken: second.validatorsToken ?? zeroAddress,
  };
  const { token: tokenAddress, nft: nftAddress, validatorsToken } = tokens;
  const token20 = tokenAddress !== zeroAddress;
  const token721 = nftAddress !== zeroAddress;
  const vt = validatorsToken !== zeroAddress;
  // The tokens' details came with the second batch when the index named the chain's tokens.
  const third =
    guess && sameTokens(guess, tokens) ? second : await readBatch(client, tokenReads(tokens, owner));

  const token: TokenInfo | null = !token20
    ? null
    : {
        address: tokenAddress,
        name: third.tokenName ?? "",
        symbol: third.tokenSymbol ?? "",
        decimals: third.tokenDecimals ?? 18,
        totalSupply: third.tokenSupply ?? 0n,
      };
  const nft: DaoProfile["nft"] = !token721
    ? null
    : {
        address: nftAddress,
        name: third.nftName ?? "",
        symbol: third.nftSymbol ?? "",
        individualPower: second.individualPower ?? 0n,
        totalSupply: second.nftsTotalSupply ?? 0n,
      };
  const vtToken: DaoProfile["validators"]["token"] = !vt
    ? null
    : {
        address: validatorsToken,
        name: third.vtName ?? "",
        symbol: third.vtSymbol ?? "",
        totalSupply: third.vtSupply ?? 0n,
      };

  let position: UserPosition | null = null;
  if (user) {
    const deposited = second.deposited ?? 0n;
    const withdrawable = second.withdrawable?.tokens ?? 0n;
    const [personal, micropool, delegated, treasury] = second.votingPower ?? [];
    position = {
      address: user,
      deposited,
      withdrawable,
      locked: deposited > withdrawable ? deposited - withdrawable : 0n,
      depositedNfts: second.depositedNfts ?? [],
      withdrawableNfts: second.withdrawable?.nfts ?? [],
      walletBalance: third.walletBalance ?? 0n,
      votingPower: { personal, micropool, delegated, treasury },
      isValidator: second.isValidator ?? false,
      isExpert: second.isExpert ?? false,
      validatorBalance: third.validatorBalance ?? 0n,
    };
  }

  return {
    address: dao,
    chainId: client.chain?.id ?? 0,
    name: first.name,
    descriptionUrl: first.descriptionUrl ?? "",
    helpers,
    nftContracts: first.nftContracts ?? {
      nftMultiplier: zeroAddress,
      expertNft: zeroAddress,
      globalExpertNft: zeroAddress,
      babt: zeroAddress,
    },
    config: {
      verifier: first.config?.verifier ?? zeroAddress,
      onlyBABTHolders: first.config?.onlyBABTHolders ?? false,
      isLinearPower: first.config?.isLinearPower ?? true,
    },
    commentSettings: first.commentSettings ?? {
      minVotesForReadProposalDiscussion: 0n,
      minVotesForCreatingComment: 0n,
    },
    latestProposalId: first.latestProposalId ?? 0n,
    token,
    nft,
    totalPower: second.totalPower ?? 0n,
    totalDepositedTokens: second.totalDepositedTokens ?? 0n,
    settings: {
      default: second.defaultSettings,
      internal: second.internalSettings,
      validators: second.validatorsSettings,
      count: second.settingsCount ?? 0n,
    },
    validators: {
      hasValidators: second.hasValidators ?? false,
      token: vtToken,
      settings: second.validatorSettings,
    },
    user: position,
  };
}
