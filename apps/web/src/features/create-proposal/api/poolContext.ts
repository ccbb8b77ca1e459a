import {
  erc20GovAbi,
  expertNftAbi,
  govPoolAbi,
  govSettingsAbi,
  govUserKeeperAbi,
  govValidatorsAbi,
  govValidatorsTokenAbi,
} from "@polity/core/generated/contracts";
import type { OnchainProposalSettings } from "@polity/core/proposalSettings";
import { queryOptions } from "@tanstack/react-query";
import { type Abi, type Address, erc20Abi, zeroAddress } from "viem";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import type { KnownContract } from "../lib/decodeAction.ts";

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
  validatorSettings: { duration: bigint; executionDelay: bigint; quorum: bigint } | null;
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

type Settled = { status: "success"; result: unknown } | { status: "failure"; error: Error };
const ok = <T>(entry: Settled | undefined): T | undefined =>
  entry?.status === "success" ? (entry.result as T) : undefined;

export class PoolNotFoundError extends Error {
  override name = "PoolNotFoundError";
}

/**
 * What the creation forms need from the chain, in three multicalls: the pool, then its helpers
 * and the user's deposit, then the token, every settings slot and the user's token position.
 */
export async function fetchPoolContext(
  client: ReadClient,
  pool: Address,
  user: Address | undefined,
): Promise<PoolContext> {
  const p = { address: pool, abi: govPoolAbi } as const;
  const first = (await client.multicall({
    allowFailure: true,
    contracts: [
      { ...p, functionName: "name" },
      { ...p, functionName: "descriptionURL" },
      { ...p, functionName: "getHelperContracts" },
      { ...p, functionName: "getNftContracts" },
      { ...p, functionName: "getConfig" },
      { ...p, functionName: "getCommentSettings" },
    ],
  })) as Settled[];
  const helpers = ok<readonly [Address, Address, Address, Address, Address]>(first[2]);
  const name = ok<string>(first[0]);
  if (!helpers || name === undefined) throw new PoolNotFoundError(`${pool} is not a DAO`);
  const [settings, userKeeper, validators, poolRegistry, votePower] = helpers;
  const nfts = ok<readonly [Address, Address, Address, Address]>(first[3]);
  const config = ok<readonly [Address, boolean, boolean, Address]>(first[4]);
  const comments = ok<readonly [bigint, bigint]>(first[5]);

  const uk = { address: userKeeper, abi: govUserKeeperAbi } as const;
  const v = { address: validators, abi: govValidatorsAbi } as const;
  const second = (await client.multicall({
    allowFailure: true,
    contracts: [
      { ...uk, functionName: "tokenAddress" },
      { ...uk, functionName: "nftAddress" },
      { address: settings, abi: govSettingsAbi, functionName: "settingsCount" },
      { ...v, functionName: "getSettings" },
      { ...v, functionName: "validatorsToken" },
      { ...v, functionName: "hasValidators" },
      { ...uk, functionName: "individualPower" },
      ...(user
        ? [
            { ...uk, functionName: "tokenBalance", args: [user] },
            { ...v, functionName: "isValidator", args: [user] },
            { ...uk, functionName: "nftBalance", args: [user] },
          ]
        : []),
    ] as never,
  })) as Settled[];
  const tokenAddress = ok<Address>(second[0]);
  const nftAddress = ok<Address>(second[1]);
  const count = Number(ok<bigint>(second[2]) ?? 0n);
  const vSettings = ok<{ duration: bigint; executionDelay: bigint; quorum: bigint }>(second[3]);
  const validatorsToken = ok<Address>(second[4]) ?? null;
  const hasToken = Boolean(tokenAddress && tokenAddress !== zeroAddress);

  const token = { address: tokenAddress ?? zeroAddress, abi: erc20Abi } as const;
  const settingsCalls = Array.from({ length: count }, (_, i) => ({
    address: settings,
    abi: govSettingsAbi,
    functionName: "getSettings",
    args: [BigInt(i)],
  }));
  const tokenCalls = hasToken
    ? [
        { ...token, functionName: "symbol" },
        { ...token, functionName: "decimals" },
        { ...token, functionName: "totalSupply" },
        { ...token, functionName: "balanceOf", args: [pool] },
      ]
    : [];
  const userCalls =
    user && hasToken
      ? [
          { ...token, functionName: "balanceOf", args: [user] },
          { ...token, functionName: "allowance", args: [user, userKeeper] },
        ]
      : [];
  const validatorCalls =
    user && validatorsToken && validatorsToken !== zeroAddress
      ? [{ address: validatorsToken, abi: govValidatorsTokenAbi, functionName: "balanceOf", args: [user] }]
      : [];
  const third = (await client.multicall({
    allowFailure: true,
    contracts: [...settingsCalls, ...tokenCalls, ...userCalls, ...validatorCalls] as never,
  })) as Settled[];
  const proposalSettings = third
    .slice(0, count)
    .map((entry) => ok<OnchainProposalSettings>(entry)) as OnchainProposalSettings[];
  let cursor = count;
  const next = <T>() => ok<T>(third[cursor++]);
  const tokenInfo: TokenInfo | null = hasToken
    ? {
        address: tokenAddress as Address,
        symbol: next<string>() ?? "",
        decimals: next<number>() ?? 18,
        totalSupply: next<bigint>() ?? 0n,
      }
    : null;
  const treasuryBalance = hasToken ? (next<bigint>() ?? 0n) : 0n;
  const walletBalance = userCalls.length ? (next<bigint>() ?? 0n) : 0n;
  const allowance = userCalls.length ? (next<bigint>() ?? 0n) : 0n;
  const validatorBalance = validatorCalls.length ? (next<bigint>() ?? 0n) : 0n;

  return {
    pool,
    name,
    descriptionURL: ok<string>(first[1]) ?? "",
    settings,
    userKeeper,
    validators,
    poolRegistry,
    votePower,
    expertNft: nfts?.[1] ?? zeroAddress,
    isLinearPower: config?.[2] ?? true,
    commentSettings: { minRead: comments?.[0] ?? 0n, minCreate: comments?.[1] ?? 0n },
    token: tokenInfo,
    nft: nftAddress && nftAddress !== zeroAddress ? nftAddress : null,
    individualPower: ok<bigint>(second[6]) ?? 0n,
    treasuryBalance,
    proposalSettings: proposalSettings.filter(Boolean),
    validatorSettings: vSettings ?? null,
    validatorsToken,
    hasValidators: ok<boolean>(second[5]) ?? false,
    user: user
      ? {
          address: user,
          walletBalance,
          deposited: ok<bigint>(second[7]) ?? 0n,
          allowance,
          isValidator: ok<boolean>(second[8]) ?? false,
          validatorBalance,
          depositedNfts: ok<readonly bigint[]>(second[9]) ?? [],
        }
      : null,
  };
}

export function poolContextQuery(
  client: ReadClient | undefined,
  chainId: number,
  pool: Address,
  user: Address | undefined,
) {
  return queryOptions({
    queryKey: ["dao", chainId, pool.toLowerCase(), "createProposalContext", user?.toLowerCase() ?? null],
    queryFn: () => fetchPoolContext(client as ReadClient, pool, user),
    enabled: Boolean(client),
    staleTime: 15_000,
  });
}

/** Contracts the review decodes against, labelled for people. */
export function knownContracts(ctx: PoolContext): KnownContract[] {
  const list: KnownContract[] = [
    { address: ctx.pool, label: `GovPool (${ctx.name})`, abi: govPoolAbi as Abi },
    { address: ctx.settings, label: "GovSettings", abi: govSettingsAbi as Abi },
    { address: ctx.userKeeper, label: "GovUserKeeper", abi: govUserKeeperAbi as Abi },
    { address: ctx.validators, label: "GovValidators", abi: govValidatorsAbi as Abi },
  ];
  if (ctx.expertNft !== zeroAddress)
    list.push({ address: ctx.expertNft, label: "ExpertNft", abi: expertNftAbi as Abi });
  if (ctx.token) {
    list.push({
      address: ctx.token.address,
      label: `${ctx.token.symbol} token`,
      abi: erc20GovAbi as Abi,
      token: { symbol: ctx.token.symbol, decimals: ctx.token.decimals },
    });
  }
  return list;
}

/** Every ABI whose custom errors a revert may carry. */
export const REVERT_ABIS: readonly Abi[] = [
  govPoolAbi as Abi,
  govSettingsAbi as Abi,
  govUserKeeperAbi as Abi,
  govValidatorsAbi as Abi,
  erc20GovAbi as Abi,
  expertNftAbi as Abi,
];
