import { govPoolAbi, govUserKeeperAbi, tokenSaleProposalAbi } from "@polity/core/generated/contracts";
import { type Address, erc20Abi, erc721Abi, type Hex } from "viem";
import { named, readBatch, readCall } from "../../../shared/chain/readBatch.ts";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { fetchTokenInfos, isNativeToken, type TokenInfo } from "../../../shared/chain/tokenInfo.ts";
import { readWalletNfts } from "../../../shared/chain/walletNfts.ts";
import {
  fetchMerkleProof,
  fetchTokenSaleTier,
  type TierRecord,
} from "../../../shared/tracker/tokenSaleApi.ts";

/** A payment token of the tier: its price and, with a wallet, what the buyer holds and has approved. */
export interface PaymentToken extends TokenInfo {
  /** Whole sale tokens per whole payment token × 10^25. */
  exchangeRate: bigint;
  isNative: boolean;
  balance: bigint;
  /** What the token sale may spend (the native coin needs no approval). */
  allowance: bigint;
}

/** The connected buyer in the tier. */
export interface Buyer {
  address: Address;
  /** Every requirement of the tier holds (the contract's `getUserViews`). */
  canParticipate: boolean;
  /** The proof for the tier's Merkle whitelist: null when the account is not in it, [] without one. */
  proof: Hex[] | null;
  /** In the tier's plain whitelist (participation type 1), when it has one. */
  isWhitelisted: boolean | undefined;
  /** Sale tokens bought so far (the cumulative allocation). */
  bought: bigint;
  /** The part paid out at once (after the claim lock), claimed so far and claimable now. */
  claimTotal: bigint;
  claimed: bigint;
  claimable: bigint;
  /** The vesting part, withdrawn so far and withdrawable now. */
  vestingTotal: bigint;
  vestingWithdrawn: bigint;
  vestingWithdrawable: bigint;
  /** When more vests next (unix seconds; 0 when nothing will). */
  nextUnlockTime: bigint;
  lockedTokens: bigint;
  lockedNfts: number;
  /** Raw personal power deposited in the DAO (the DAO votes requirement), when the tier has one. */
  daoVotes: bigint | undefined;
  /** For a token lock: the lock token in the wallet and what the token sale may take of it. */
  lockTokenBalance: bigint;
  lockTokenAllowance: bigint;
  /** For an NFT lock: the collection's NFTs in the wallet and whether the token sale may move them. */
  walletNfts: bigint[];
  nftsApproved: boolean;
}

export interface TokenPurchase {
  tier: TierRecord;
  sale: TokenInfo;
  /** Symbols and decimals of the tier's tokens (sale, payment and participation tokens). */
  tokens: Map<string, TokenInfo>;
  paymentTokens: PaymentToken[];
  buyer: Buyer | undefined;
  /** The DAO's governance token (symbol and decimals of the DAO votes minimum), when the tier asks for votes. */
  votesToken: TokenInfo | null;
}

/**
 * The tier (tracker), then the buyer's Merkle proof (api) beside the tokens' symbols and decimals (one
 * multicall), then the buyer's balances, allowances, whitelist and position on the contract (one multicall).
 */
export async function fetchTokenPurchase(
  client: ReadClient,
  chainId: number,
  pool: Address,
  tierId: string,
  user: Address | undefined,
  options: { signal?: AbortSignal } = {},
): Promise<TokenPurchase> {
  const tier = await fetchTokenSaleTier(chainId, pool, tierId, options);
  const lockTokens = tier.participation.flatMap((p) =>
    p.participation_type === 3 && p.token ? [p.token] : [],
  );
  const [proof, tokens] = await Promise.all([
    user && tier.merkle_root
      ? fetchMerkleProof(tier.merkle_root, user, options)
      : Promise.resolve([] as Hex[]),
    fetchTokenInfos(client, chainId, [
      tier.sale_token,
      ...tier.purchase_tokens.map((p) => p.token),
      ...lockTokens,
    ]),
  ]);
  const sale = { address: tier.token_sale, abi: tokenSaleProposalAbi } as const;
  const erc20s = tier.purchase_tokens.map((p) => p.token).filter((t) => !isNativeToken(t));
  const hasWhitelist = tier.participation.some((p) => p.participation_type === 1);
  const hasDaoVotes = tier.participation.some((p) => p.participation_type === 0);
  const lockToken = lockTokens[0];
  const lockNft = tier.participation.find((p) => p.participation_type === 4)?.nft;
  const reads = user
    ? await readBatch(client, {
        balances: erc20s.map((address) => readCall({ address, abi: erc20Abi }, "balanceOf", [user])),
        allowances: erc20s.map((address) =>
          readCall({ address, abi: erc20Abi }, "allowance", [user, tier.token_sale]),
        ),
        views: readCall(sale, "getUserViews", [user, [BigInt(tier.tier_id)], [proof ?? []]]),
        isWhitelisted: hasWhitelist
          ? readCall(sale, "isWhitelisted", [BigInt(tier.tier_id), user])
          : undefined,
        lockBalance: lockToken
          ? readCall({ address: lockToken, abi: erc20Abi }, "balanceOf", [user])
          : undefined,
        lockAllowance: lockToken
          ? readCall({ address: lockToken, abi: erc20Abi }, "allowance", [user, tier.token_sale])
          : undefined,
        nftBalance: lockNft ? readCall({ address: lockNft, abi: erc721Abi }, "balanceOf", [user]) : undefined,
        nftsApproved: lockNft
          ? readCall({ address: lockNft, abi: erc721Abi }, "isApprovedForAll", [user, tier.token_sale])
          : undefined,
      })
    : undefined;
  // The DAO votes requirement counts the deposit in the DAO's user keeper, in its governance token.
  const votes = hasDaoVotes ? await daoVotesOf(client, chainId, tier.pool_address, user) : null;
  const walletNfts =
    user && lockNft && reads?.nftBalance ? await readWalletNfts(client, lockNft, user, reads.nftBalance) : [];
  const nativeBalance =
    user && tier.purchase_tokens.some((p) => isNativeToken(p.token))
      ? await client.getBalance({ address: user })
      : 0n;
  const paymentTokens = tier.purchase_tokens.map((pair): PaymentToken => {
    const info = tokens.get(pair.token.toLowerCase())!;
    const isNative = isNativeToken(pair.token);
    const index = erc20s.indexOf(pair.token);
    return {
      ...info,
      address: pair.token,
      exchangeRate: BigInt(pair.exchange_rate),
      isNative,
      balance: isNative ? nativeBalance : (reads?.balances[index] ?? 0n),
      allowance: isNative ? 0n : (reads?.allowances[index] ?? 0n),
    };
  });
  const view = reads?.views?.[0];
  const buyer: Buyer | undefined = user
    ? {
        address: user,
        canParticipate: view?.canParticipate ?? false,
        proof,
        isWhitelisted: reads?.isWhitelisted,
        bought: view?.bought ?? 0n,
        claimTotal: view?.claimTotal ?? 0n,
        claimed: view?.claimed ?? 0n,
        claimable: view?.claimable ?? 0n,
        vestingTotal: view?.vestingTotal ?? 0n,
        vestingWithdrawn: view?.vestingWithdrawn ?? 0n,
        vestingWithdrawable: view?.vestingWithdrawable ?? 0n,
        nextUnlockTime: view?.nextUnlockTime ?? 0n,
        lockedTokens: view?.lockedTokens ?? 0n,
        lockedNfts: view?.lockedNfts.length ?? 0,
        daoVotes: votes?.power,
        lockTokenBalance: reads?.lockBalance ?? 0n,
        lockTokenAllowance: reads?.lockAllowance ?? 0n,
        walletNfts,
        nftsApproved: reads?.nftsApproved ?? false,
      }
    : undefined;
  return {
    tier,
    sale: tokens.get(tier.sale_token.toLowerCase())!,
    tokens,
    paymentTokens,
    buyer,
    votesToken: votes?.token ?? null,
  };
}

/** The DAO's governance token and, with a user, their raw personal power in the DAO. */
async function daoVotesOf(
  client: ReadClient,
  chainId: number,
  pool: Address,
  user: Address | undefined,
): Promise<{ token: TokenInfo | null; power: bigint | undefined }> {
  const { helpers } = await readBatch(client, {
    helpers: named(readCall({ address: pool, abi: govPoolAbi }, "getHelperContracts")),
  });
  if (!helpers) return { token: null, power: undefined };
  const keeper = { address: helpers.userKeeper, abi: govUserKeeperAbi } as const;
  const { token, power } = await readBatch(client, {
    token: readCall(keeper, "tokenAddress"),
    power: user ? readCall(keeper, "personalPower", [user]) : undefined,
  });
  const infos = token ? await fetchTokenInfos(client, chainId, [token]) : null;
  return { token: infos && token ? (infos.get(token.toLowerCase()) ?? null) : null, power };
}
