import type { Context } from "ponder:registry";
import {
  member,
  pool,
  poolAccount,
  poolContract,
  poolStatsDaily,
  poolStatsHourly,
  pricedToken,
  pricedTokenList,
  proposal,
  token,
  tokenHolder,
  treasuryBalance,
  userActivity,
} from "ponder:schema";
import { and, count, eq, gt, isNotNull, isNull, or, sql } from "ponder";
import { type Address, type Chain, erc20Abi, type Hex } from "viem";
import { readUsdPrices } from "./prices.ts";

export type Ctx = Context;
export type Db = Ctx["db"];

export const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000" as const;
/** Spec §3: the native coin's placeholder address (repeated e), also the PriceFeed's key for it. */
export const NATIVE_TOKEN = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee" as const;
export const DAY = 86_400n;
export const HOUR = 3_600n;
export const LAU_WINDOW = 30n * DAY;
/** Prices are re-read from the PriceFeed at most once per token per hour of chain time. */
const PRICE_TTL = HOUR;
const USD_ONE = 10n ** 18n;

export const lower = (a: string) => a.toLowerCase() as Address;
export const eventId = (chainId: number, e: { transaction: { hash: Hex }; log: { logIndex: number } }) =>
  `${chainId}:${e.transaction.hash}:${e.log.logIndex}`;

const ownerAbi = [
  { type: "function", name: "owner", stateMutability: "view", inputs: [], outputs: [{ type: "address" }] },
] as const;

/**
 * The pool a helper contract (user keeper, validators, expert NFT) belongs to. Helpers log events
 * inside the deployment transaction, before PoolFactory announces the pool, so when the mapping is
 * not written yet the helper's owner — the GovPool owns all its helpers — answers, read at that block.
 */
export async function poolOf(ctx: Ctx, contract: Address, blockNumber?: bigint): Promise<Address | null> {
  const chainId = ctx.chain.id;
  const address = lower(contract);
  const row = await ctx.db.find(poolContract, { chainId, address });
  if (row) return row.pool;
  if (blockNumber === undefined) return null;
  const owner = await ctx.client
    .readContract({ address, abi: ownerAbi, functionName: "owner", blockNumber })
    .catch(() => null);
  return owner && lower(owner) !== ZERO_ADDRESS ? lower(owner) : null;
}

/** Applies `patch` to the pool row when it exists (helpers may log before the pool is announced). */
export async function bumpPool(
  ctx: Ctx,
  poolAddress: Address,
  patch: (p: typeof pool.$inferSelect) => Partial<typeof pool.$inferInsert>,
) {
  const key = { chainId: ctx.chain.id, address: poolAddress };
  const row = await ctx.db.find(pool, key);
  if (!row) return;
  const values = patch(row);
  if (Object.keys(values).length > 0) await ctx.db.update(pool, key).set(values);
}

/** Token metadata, read once from chain and kept; prices refreshed by `pricesOf`. */
export async function ensureToken(ctx: Ctx, address: Address, isNft: boolean): Promise<void> {
  if (address === ZERO_ADDRESS) return;
  const chainId = ctx.chain.id;
  const existing = await ctx.db.find(token, { chainId, address });
  if (existing) return;
  const erc = [
    { type: "function", name: "name", stateMutability: "view", inputs: [], outputs: [{ type: "string" }] },
    { type: "function", name: "symbol", stateMutability: "view", inputs: [], outputs: [{ type: "string" }] },
    { type: "function", name: "decimals", stateMutability: "view", inputs: [], outputs: [{ type: "uint8" }] },
    {
      type: "function",
      name: "totalSupply",
      stateMutability: "view",
      inputs: [],
      outputs: [{ type: "uint256" }],
    },
  ] as const;
  const read = <T>(functionName: "name" | "symbol" | "decimals", fallback: T) =>
    ctx.client
      .readContract({ address, abi: erc, functionName })
      .then((v) => v as T)
      .catch(() => fallback);
  const [name, symbol, decimals] = await Promise.all([
    read<string | null>("name", null),
    read<string | null>("symbol", null),
    isNft ? Promise.resolve(0) : read<number>("decimals", 18),
  ]);
  // Nothing answered (no contract there yet): keep no row rather than a nameless one.
  if (name === null && symbol === null) return;
  await ctx.db
    .insert(token)
    .values({ chainId, address, name: name ?? "", symbol: symbol ?? "", decimals: Number(decimals), isNft })
    .onConflictDoNothing();
}

/**
 * USD prices (18 decimals per whole token) and decimals of `addresses`, from the stored prices when
 * refreshed within the hour, the stale ones re-read from the PriceFeed in one batched call. The
 * native coin's placeholder keeps its price on its `priced_token` row; NFTs and unknown tokens are 0.
 */
export async function pricesOf(
  ctx: Ctx,
  addresses: Address[],
  timestamp: bigint,
): Promise<Map<Address, { price: bigint; decimals: number }>> {
  const chainId = ctx.chain.id;
  const out = new Map<Address, { price: bigint; decimals: number }>();
  const stale: Array<{ address: Address; decimals: number; native: boolean }> = [];
  const fresh = (updatedAt: bigint) => updatedAt !== 0n && updatedAt + PRICE_TTL > timestamp;
  for (const address of new Set(addresses)) {
    if (address === NATIVE_TOKEN) {
      const row = await ctx.db.find(pricedToken, { chainId, token: address });
      if (row && fresh(row.priceUpdatedAt)) out.set(address, { price: row.priceUsd, decimals: 18 });
      else stale.push({ address, decimals: 18, native: true });
      continue;
    }
    const row = await ctx.db.find(token, { chainId, address });
    if (!row || row.isNft) out.set(address, { price: 0n, decimals: row?.decimals ?? 18 });
    else if (fresh(row.priceUpdatedAt)) out.set(address, { price: row.priceUsd, decimals: row.decimals });
    else stale.push({ address, decimals: row.decimals, native: false });
  }
  if (stale.length === 0) return out;
  const prices = await readUsdPrices(ctx, stale);
  for (const [i, t] of stale.entries()) {
    const price = prices[i] ?? 0n;
    out.set(t.address, { price, decimals: t.decimals });
    const set = { priceUsd: price, priceUpdatedAt: timestamp };
    if (!t.native) await ctx.db.update(token, { chainId, address: t.address }).set(set);
    else if (await ctx.db.find(pricedToken, { chainId, token: t.address })) {
      await ctx.db.update(pricedToken, { chainId, token: t.address }).set(set);
    }
  }
  return out;
}

/**
 * Tokens of a pool's treasury that no indexed transfer tells about: every token the chain's
 * PriceFeed prices except the pool's own governance token and NFT, plus the native coin.
 */
async function chainReadTokens(ctx: Ctx, p: typeof pool.$inferSelect): Promise<Address[]> {
  const list = await ctx.db.find(pricedTokenList, { chainId: ctx.chain.id });
  const indexed = new Set<string>([...p.treasuryTokens, p.govToken, p.nft].map(lower));
  const tokens = (list?.tokens ?? []).map(lower).filter((t) => t !== NATIVE_TOKEN && !indexed.has(t));
  return [...tokens, NATIVE_TOKEN];
}

/**
 * Reads, at `blockNumber`, the pool's balance of every priced token (one multicall) and of the
 * native coin, and stores them as absolute treasury balances (upserts: replays and reorganised
 * branches rewrite them). Once per pool and block: later events of the block read the same state.
 */
async function readTreasury(ctx: Ctx, p: typeof pool.$inferSelect, blockNumber: bigint, ts: bigint) {
  const chainId = ctx.chain.id;
  const tokens = (await chainReadTokens(ctx, p)).filter((t) => t !== NATIVE_TOKEN);
  // Ponder's client is a viem client built with the matched viem chain (not in its public type).
  const viemChain = (ctx.client as unknown as { chain?: Chain }).chain;
  const [results, nativeBalance] = await Promise.all([
    tokens.length === 0
      ? Promise.resolve([])
      : ctx.client.multicall({
          contracts: tokens.map((address) => ({
            address,
            abi: erc20Abi,
            functionName: "balanceOf" as const,
            args: [p.address] as const,
          })),
          allowFailure: true,
          blockNumber,
          // Chains without a deployed Multicall3 (the local node) use viem's deployless multicall.
          deployless: viemChain?.contracts?.multicall3 === undefined,
        }),
    ctx.client.getBalance({ address: p.address, blockNumber }),
  ]);
  const balances: Array<[Address, bigint]> = [
    ...tokens.map((t, i): [Address, bigint] => {
      const r = results[i];
      return [t, r?.status === "success" ? r.result : 0n];
    }),
    [NATIVE_TOKEN, nativeBalance],
  ];
  for (const [tokenAddress, balance] of balances) {
    const key = { chainId, pool: p.address, token: tokenAddress };
    const before = await ctx.db.find(treasuryBalance, key);
    if (!before && balance === 0n) continue;
    if (before?.balance === balance) continue;
    if (tokenAddress !== NATIVE_TOKEN && balance > 0n) await ensureToken(ctx, tokenAddress, false);
    await ctx.db
      .insert(treasuryBalance)
      .values({ ...key, balance, updatedAt: ts })
      .onConflictDoUpdate({ balance, updatedAt: ts });
  }
  await ctx.db.update(pool, { chainId, address: p.address }).set({ treasuryReadBlock: blockNumber });
}

export const usdValue = (amount: bigint, price: bigint, decimals: number) =>
  (amount * price) / 10n ** BigInt(decimals);

/** Adds `delta` to a wallet's balance of an indexed token (ERC-20 amount or ERC-721 count). */
export async function addHolderBalance(
  ctx: Ctx,
  tokenAddress: Address,
  holder: Address,
  delta: bigint,
  ts: bigint,
) {
  if (holder === ZERO_ADDRESS || delta === 0n) return;
  await ctx.db
    .insert(tokenHolder)
    .values({ chainId: ctx.chain.id, token: tokenAddress, address: holder, balance: delta, updatedAt: ts })
    .onConflictDoUpdate((row) => ({ balance: row.balance + delta, updatedAt: ts }));
}

export async function addTreasuryBalance(
  ctx: Ctx,
  poolAddress: Address,
  tokenAddress: Address,
  delta: bigint,
  ts: bigint,
) {
  if (delta === 0n) return;
  await ctx.db
    .insert(treasuryBalance)
    .values({ chainId: ctx.chain.id, pool: poolAddress, token: tokenAddress, balance: delta, updatedAt: ts })
    .onConflictDoUpdate((row) => ({ balance: row.balance + delta, updatedAt: ts }));
}

export type ActivityKind = "votes" | "proposals" | "deposits";

/** Records that an address acted in a pool (LAU, user activity). */
export async function recordActivity(
  ctx: Ctx,
  poolAddress: Address,
  account: Address,
  kind: ActivityKind,
  ts: bigint,
) {
  const day = (ts / DAY) * DAY;
  const chainId = ctx.chain.id;
  await ctx.db
    .insert(userActivity)
    .values({
      chainId,
      pool: poolAddress,
      account,
      day,
      votes: kind === "votes" ? 1 : 0,
      proposals: kind === "proposals" ? 1 : 0,
      deposits: kind === "deposits" ? 1 : 0,
      lastAt: ts,
    })
    .onConflictDoUpdate((row) => ({
      votes: row.votes + (kind === "votes" ? 1 : 0),
      proposals: row.proposals + (kind === "proposals" ? 1 : 0),
      deposits: row.deposits + (kind === "deposits" ? 1 : 0),
      lastAt: ts > row.lastAt ? ts : row.lastAt,
    }));
  const key = { chainId, pool: poolAddress, account };
  const before = await ctx.db.find(poolAccount, key);
  if (before) {
    if (ts > before.lastAt) await ctx.db.update(poolAccount, key).set({ lastAt: ts });
  } else {
    await ctx.db.insert(poolAccount).values({ ...key, firstAt: ts, lastAt: ts });
  }
  // Newly active within the window: one more LAU for the hour already counted.
  if (!before || before.lastAt <= ts - LAU_WINDOW) {
    await bumpPool(ctx, poolAddress, (p) => (p.statsHour === hourOf(ts) ? { lau: p.lau + 1 } : {}));
  }
}

export const hourOf = (ts: bigint) => (ts / HOUR) * HOUR;

/** Whether an address counts as a member: it has deposits (tokens or NFTs) in the pool. */
export function isMemberRow(m: { depositedTokens: bigint; depositedNfts: number }) {
  return m.depositedTokens > 0n || m.depositedNfts > 0;
}

/**
 * The DAO's own contracts (the pool, its helpers and executors): they hold and move the members'
 * tokens, they are never members themselves.
 */
export function ownContracts(p: typeof pool.$inferSelect): Set<string> {
  const all = [
    p.address,
    p.settings,
    p.userKeeper,
    p.validators,
    p.validatorToken,
    p.votePower,
    p.distributionProposal,
    p.tokenSaleProposal,
    p.expertNft,
    p.nftMultiplier,
  ];
  return new Set(all.filter((a): a is `0x${string}` => a !== null).map((a) => a.toLowerCase()));
}

/** Updates a member row by `change` and keeps the pool's member count in step. */
export async function changeMember(
  ctx: Ctx,
  poolAddress: Address,
  account: Address,
  ts: bigint,
  change: (m: typeof member.$inferSelect) => Partial<typeof member.$inferInsert>,
) {
  const chainId = ctx.chain.id;
  const key = { chainId, pool: poolAddress, address: account };
  const before =
    (await ctx.db.find(member, key)) ??
    (await ctx.db
      .insert(member)
      .values({ ...key, updatedAt: ts })
      .onConflictDoNothing()) ??
    (await ctx.db.find(member, key));
  if (!before) throw new Error(`member row ${poolAddress}/${account} could not be created`);
  const patch = change(before);
  const after = { ...before, ...patch };
  const wasMember = before.isMember;
  const poolRow = await ctx.db.find(pool, { chainId, address: poolAddress });
  const isOwn = poolRow !== null && ownContracts(poolRow).has(account.toLowerCase());
  const nowMember = isMemberRow(after) && !isOwn;
  await ctx.db.update(member, key).set({
    ...patch,
    isMember: nowMember,
    firstDepositAt: before.firstDepositAt ?? (nowMember ? ts : null),
    updatedAt: ts,
  });
  if (wasMember !== nowMember) {
    await bumpPool(ctx, poolAddress, (p) => ({ membersCount: p.membersCount + (nowMember ? 1 : -1) }));
  }
}

/**
 * Recomputes the pool's TVL (every treasury balance × price: tokens seen in indexed transfers, plus
 * the priced tokens and native coin read on chain at `blockNumber`) and TVG (deposited governance
 * tokens × price) and writes the hourly and daily snapshots of the current bucket. Time-windowed figures (LAU,
 * active proposals) are counted with SQL once per hour of chain time and kept by the handlers
 * within the hour: raw SQL makes Ponder flush its write cache, so it stays off the per-event path.
 */
export async function refreshPoolStats(ctx: Ctx, poolAddress: Address, ts: bigint, blockNumber: bigint) {
  const chainId = ctx.chain.id;
  const key = { chainId, address: poolAddress };
  let p = await ctx.db.find(pool, key);
  if (!p) return;
  const hour = hourOf(ts);
  if (p.statsHour !== hour) {
    const [lauRow] = await ctx.db.sql
      .select({ n: count() })
      .from(poolAccount)
      .where(
        and(
          eq(poolAccount.chainId, chainId),
          eq(poolAccount.pool, poolAddress),
          gt(poolAccount.lastAt, ts - LAU_WINDOW),
        ),
      );
    const [activeRow] = await ctx.db.sql
      .select({ n: count() })
      .from(proposal)
      .where(
        and(
          eq(proposal.chainId, chainId),
          eq(proposal.pool, poolAddress),
          isNull(proposal.executedAt),
          or(
            gt(proposal.voteEnd, ts),
            and(
              isNotNull(proposal.quorumReachedAt),
              or(
                gt(proposal.votesFor, proposal.votesAgainst),
                sql`jsonb_array_length(${proposal.actionsOnAgainst}) > 0`,
              ),
              // not Expired: still within the execution window after it could execute
              sql`greatest(coalesce(${proposal.executeAfter}, 0), coalesce(${proposal.validatorsVoteEnd}, 0)) + ${p.executionWindow} > ${ts}`,
            ),
          ),
        ),
      );
    p = await ctx.db.update(pool, key).set({
      lau: Number(lauRow?.n ?? 0),
      activeProposalsCount: Number(activeRow?.n ?? 0),
      statsHour: hour,
    });
  }

  if (p.treasuryReadBlock !== blockNumber) await readTreasury(ctx, p, blockNumber, ts);
  const held: Array<[Address, bigint]> = [];
  for (const tokenAddress of [...(p.treasuryTokens as Address[]), ...(await chainReadTokens(ctx, p))]) {
    const balance = await ctx.db.find(treasuryBalance, { chainId, pool: poolAddress, token: tokenAddress });
    if (balance && balance.balance > 0n) held.push([tokenAddress, balance.balance]);
  }
  const withGov = p.govToken !== ZERO_ADDRESS && p.depositedTokens > 0n;
  const prices = await pricesOf(ctx, [...held.map(([t]) => t), ...(withGov ? [p.govToken] : [])], ts);
  let tvl = 0n;
  for (const [tokenAddress, balance] of held) {
    const { price, decimals } = prices.get(tokenAddress) ?? { price: 0n, decimals: 18 };
    tvl += usdValue(balance, price, decimals);
  }
  let tvg = 0n;
  if (withGov) {
    const { price, decimals } = prices.get(p.govToken) ?? { price: 0n, decimals: 18 };
    tvg = usdValue(p.depositedTokens, price, decimals);
  }
  await ctx.db.update(pool, key).set({ tvlUsd: tvl, tvgUsd: tvg, updatedAt: ts });

  const values = {
    chainId,
    pool: poolAddress,
    tvlUsd: tvl,
    tvgUsd: tvg,
    membersCount: p.membersCount,
    lau: p.lau,
    proposalsCount: p.proposalsCount + p.validatorProposalsCount,
    activeProposalsCount: p.activeProposalsCount,
    votesCount: p.votesCount,
    updatedAt: ts,
  };
  await ctx.db
    .insert(poolStatsHourly)
    .values({ ...values, bucket: hour })
    .onConflictDoUpdate(values);
  await ctx.db
    .insert(poolStatsDaily)
    .values({ ...values, bucket: (ts / DAY) * DAY })
    .onConflictDoUpdate(values);
}

export { USD_ONE };
