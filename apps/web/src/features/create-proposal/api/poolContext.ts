import { govPoolAbi, type govValidatorsAbi, govValidatorsTokenAbi } from "@polity/core/generated/contracts";
import type { OnchainProposalSettings } from "@polity/core/proposalSettings";
import { type Address, type ContractFunctionReturnType, erc20Abi, zeroAddress } from "viem";
import {
  type DaoUserFetch,
  daoUserQuery,
  keeperAssetReads,
  readDaoFirst,
} from "../../../shared/chain/poolHelpers.ts";
import { named, readBatch, readCall } from "../../../shared/chain/readBatch.ts";
import { NotFoundError } from "../../../shared/query/notFoundError.ts";

export interface TokenInfo {
  address: Address;
  symbol: string;
  decimals: number;
  totalSupply: bigint;
}

export interface PoolContext {
  pool: Address;
  name: string;
  descriptionURL: string;
  settings: Address;
  userKeeper: Address;
  validators: Address;
  poolRegistry: Address;
  votePower: Address;
  expertNft: Address;
  isLinearPower: boolean;
  commentSettings: { minRead: bigint; minCreate: bigint };
  token: TokenInfo | null;
  nft: Address | null;
  /** Raw power of one deposited NFT. */
  individualPower: bigint;
  treasuryBalance: bigint;
  proposalSettings: OnchainProposalSettings[];
  validatorSettings: ContractFunctionReturnType<typeof govValidatorsAbi, "view", "getSettings"> | null;
  validatorsToken: Address | null;
  hasValidators: boolean;
  user: {
    address: Address;
    walletBalance: bigint;
    deposited: bigint;
    allowance: bigint;
    isValidator: boolean;
    validatorBalance: bigint;
    /** Deposited NFT ids (they vote beside the tokens). */
    depositedNfts: readonly bigint[];
  } | null;
}

export class PoolNotFoundError extends NotFoundError {
  override name = "PoolNotFoundError";
}

/**
 * What the creation forms need from the chain, in three multicalls: the pool (its helper
 * contracts beside it, from `options.helpers` or read), then its helpers and the user's deposit,
 * then the token, every settings slot and the user's token position.
 */
export const fetchPoolContext: DaoUserFetch<PoolContext> = async (client, pool, user, options = {}) => {
  const p = { address: pool, abi: govPoolAbi } as const;
  const { first, helpers, contracts } = await readDaoFirst(
    client,
    pool,
    {
      name: readCall(p, "name"),
      descriptionURL: readCall(p, "descriptionURL"),
      nftContracts: named(readCall(p, "getNftContracts")),
      config: named(readCall(p, "getConfig")),
      commentSettings: named(readCall(p, "getCommentSettings")),
    },
    { cache: options.helpers, notADao: (message) => new PoolNotFoundError(message), required: ["name"] },
  );
  const name = first.name ?? "";
  const { settings, userKeeper, validators, poolRegistry, votePower } = helpers;
  const { keeper: uk, validators: v, settings: s } = contracts;
  const second = await readBatch(client, {
    ...keeperAssetReads(uk),
    settingsCount: readCall(s, "settingsCount"),
    validatorSettings: readCall(v, "getSettings"),
    validatorsToken: readCall(v, "validatorsToken"),
    hasValidators: readCall(v, "hasValidators"),
    individualPower: readCall(uk, "individualPower"),
    deposited: user ? readCall(uk, "tokenBalance", [user]) : undefined,
    isValidator: user ? readCall(v, "isValidator", [user]) : undefined,
    depositedNfts: user ? readCall(uk, "nftBalance", [user]) : undefined,
  });
  const tokenAddress = second.tokenAddress ?? zeroAddress;
  const nftAddress = second.nftAddress ?? zeroAddress;
  const validatorsToken = second.validatorsToken ?? null;
  const token = tokenAddress !== zeroAddress ? ({ address: tokenAddress, abi: erc20Abi } as const) : null;
  const validatorToken =
    user && validatorsToken && validatorsToken !== zeroAddress
      ? ({ address: validatorsToken, abi: govValidatorsTokenAbi } as const)
      : null;
  const third = await readBatch(client, {
    proposalSettings: Array.from({ length: Number(second.settingsCount ?? 0n) }, (_, i) =>
      readCall(s, "getSettings", [BigInt(i)]),
    ),
    symbol: token && readCall(token, "symbol"),
    decimals: token && readCall(token, "decimals"),
    totalSupply: token && readCall(token, "totalSupply"),
    treasuryBalance: token && readCall(token, "balanceOf", [pool]),
    walletBalance: user && token ? readCall(token, "balanceOf", [user]) : undefined,
    allowance: user && token ? readCall(token, "allowance", [user, userKeeper]) : undefined,
    validatorBalance: user && validatorToken ? readCall(validatorToken, "balanceOf", [user]) : undefined,
  });

  return {
    pool,
    name,
    descriptionURL: first.descriptionURL ?? "",
    settings,
    userKeeper,
    validators,
    poolRegistry,
    votePower,
    expertNft: first.nftContracts?.expertNft ?? zeroAddress,
    isLinearPower: first.config?.isLinearPower ?? true,
    commentSettings: {
      minRead: first.commentSettings?.minVotesForReadProposalDiscussion ?? 0n,
      minCreate: first.commentSettings?.minVotesForCreatingComment ?? 0n,
    },
    token: token && {
      address: tokenAddress,
      symbol: third.symbol ?? "",
      decimals: third.decimals ?? 18,
      totalSupply: third.totalSupply ?? 0n,
    },
    nft: nftAddress !== zeroAddress ? nftAddress : null,
    individualPower: second.individualPower ?? 0n,
    treasuryBalance: third.treasuryBalance ?? 0n,
    proposalSettings: third.proposalSettings.filter((slot) => slot !== undefined),
    validatorSettings: second.validatorSettings ?? null,
    validatorsToken,
    hasValidators: second.hasValidators ?? false,
    user: user
      ? {
          address: user,
          walletBalance: third.walletBalance ?? 0n,
          deposited: second.deposited ?? 0n,
          allowance: third.allowance ?? 0n,
          isValidator: second.isValidator ?? false,
          validatorBalance: third.validatorBalance ?? 0n,
          depositedNfts: second.depositedNfts ?? [],
        }
      : null,
  };
};

export const poolContextQuery = daoUserQuery("createProposalContext", fetchPoolContext);
