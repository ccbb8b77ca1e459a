import type { Context } from "ponder:registry";
import {
  daoStats,
  fallbackMember,
  member,
  pool,
  poolAccount,
  poolContract,
  poolStatsDaily,
  poolStatsHourly,
  pricedToken,
  pricedTokenList,
  proposal,
  statsDue,
  token,
  tokenHolder,
  treasuryBalance,
  treasuryDue,
  userActivity,
  validator,
  validatorProposal,
  vote,
} from "ponder:schema";
import { poolFactoryAbi } from "@polity/core/generated/contracts";
import { deployments } from "@polity/core/generated/deployments";
import {
  activeUntil,
  INTERNAL_ACTIVE_MACHINE,
  ONCHAIN_STATE_MACHINE,
  type StateFields,
} from "@polity/core/proposalStateMachine";
import { ONCHAIN_FILTER_STATES } from "@polity/core/proposalStates";
import { and, count, eq, gt, or } from "ponder";
import { type Address, type Chain, decodeFunctionData, erc20Abi, type Hex, multicall3Abi } from "viem";
import { priceSources, readUsdPrices } from "./prices.ts";

export type Ctx = Context;
export type Db = Ctx["db"];
type PoolRow = typeof pool.$inferSelect;

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

/** What an event row records of the log it comes from. */
export type LogEvent = {
  log: { address: Address; logIndex: number };
  block: { number: bigint; timestamp: bigint };
  transaction: { hash: Hex };
};

/**
 * The columns every event row shares: its id (chain, transaction, log index; replays find it), chain,
 * block, time and transaction.
 */
export const eventRow = (ctx: Ctx, event: LogEvent) => ({
  id: eventId(ctx.chain.id, event),
  chainId: ctx.chain.id,
  blockNumber: event.block.number,
  timestamp: event.block.timestamp,
  txHash: event.transaction.hash,
});

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

/**
 * Applies `patch` to the pool row when it exists (helpers may log before the pool is announced) and
 * answers the row as it was.
 */
export async function bumpPool(
  ctx: Ctx,
  poolAddress: Address,
  patch: (p: typeof pool.$inferSelect) => Partial<typeof pool.$inferInsert>,
) {
  const key = { chainId: ctx.chain.id, address: poolAddress };
  const row = await ctx.db.find(pool, key);
  if (!row) return null;
  const values = patch(row);
  if (Object.keys(values).length > 0) await ctx.db.update(pool, key).set(values);
  return row;
}

const erc20Metadata = [
  { type: "function", name: "name", stateMutability: "view", inputs: [], outputs: [{ type: "string" }] },
  { type: "function", name: "symbol", stateMutability: "view", inputs: [], outputs: [{ type: "string" }] },
  { type: "function", name: "decimals", stateMutability: "view", inputs: [], outputs: [{ type: "uint8" }] },
] as const;

/**
 * Whether the chain lacks a deployed Multicall3 (the local node): viem's deployless multicall stands in for it.
 * Ponder's client is a viem client built with the matched viem chain (not in its public type).
 */
const deployless = (ctx: Ctx) =>
  (ctx.client as unknown as { chain?: Chain }).chain?.contracts?.multicall3 === undefined;

/**
 * The DAO deploy parameters of a log's transaction when it is a direct `PoolFactory.deployGovPool` call on the
 * chain's factory (the logs of a DAO's deployment: its settings slots, its new token's mint), else null.
 */
export function deployParamsOf(ctx: Ctx, event: { transaction: DeployTransaction }) {
  const factory = (deployments as Readonly<Record<number, { PoolFactory?: Address } | undefined>>)[
    ctx.chain.id
  ]?.PoolFactory;
  const { to, hash } = event.transaction;
  if (!factory || !to || lower(to) !== lower(factory)) return null;
  // A deployment logs dozens of events (its token's mints, its settings slots, the announcement), each asking: its
  // large input is decoded once.
  const key = `${ctx.chain.id}:${hash}`;
  if (lastDeployment?.key !== key)
    lastDeployment = { key, params: decodeDeployParams(event.transaction.input) };
  return lastDeployment.params;
}

type DeployTransaction = { hash: Hex; to: Address | null; input: Hex };

function decodeDeployParams(input: Hex) {
  try {
    const call = decodeFunctionData({ abi: poolFactoryAbi, data: input });
    return call.functionName === "deployGovPool" ? call.args[0] : null;
  } catch {
    return null;
  }
}

/** The last deployment transaction decoded (a pure function of the transaction, so safe across replays). */
let lastDeployment: { key: string; params: ReturnType<typeof decodeDeployParams> } | undefined;

export type TokenMetadata = { name: string; symbol: string; decimals: number };

/** The metadata of the governance token a DAO's deployment creates (an ERC20Gov: 18 decimals), from its parameters. */
export function deployedTokenOf(ctx: Ctx, event: { transaction: DeployTransaction }) {
  const params = deployParamsOf(ctx, event);
  if (!params || params.tokenParams.name === "") return undefined;
  return { name: params.tokenParams.name, symbol: params.tokenParams.symbol, decimals: 18 };
}

/**
 * Token metadata, kept from `known` (a DAO's deployment tells its new token's) or else read once from chain (one
 * multicall: a call that fails answers its fallback at once, where a lone `readContract` would be retried) and
 * kept; prices refreshed by `pricesOf`.
 */
export async function ensureToken(
  ctx: Ctx,
  address: Address,
  isNft: boolean,
  known?: TokenMetadata,
): Promise<void> {
  if (address === ZERO_ADDRESS) return;
  const chainId = ctx.chain.id;
  const existing = await ctx.db.find(token, { chainId, address });
  if (existing) return;
  if (known) {
    await ctx.db
      .insert(token)
      .values({ chainId, address, ...known, isNft })
      .onConflictDoNothing();
    return;
  }
  const functions = isNft ? (["name", "symbol"] as const) : (["name", "symbol", "decimals"] as const);
  const results = await ctx.client
    .multicall({
      contracts: functions.map((functionName) => ({ address, abi: erc20Metadata, functionName })),
      allowFailure: true,
      deployless: deployless(ctx),
    })
    .catch(() => []);
  const answer = <T>(i: number, fallback: T): T => {
    const r = results[i];
    return r?.status === "success" ? (r.result as T) : fallback;
  };
  const name = answer<string | null>(0, null);
  const symbol = answer<string | null>(1, null);
  const decimals = isNft ? 0 : answer<number>(2, 18);
  // Nothing answered (no contract there yet): keep no row rather than a nameless one.
  if (name === null && symbol === null) return;
  await ctx.db
    .insert(token)
    .values({ chainId, address, name: name ?? "", symbol: symbol ?? "", decimals: Number(decimals), isNft })
    .onConflictDoNothing();
}

/**
 * The native coin's last USD price per chain while no `priced_token` row keeps it (its PriceFeed has no aggregator
 * for it, a secondary feed may price it): held for the hour like any stored price. In memory, as there is no row to
 * keep it on; a restart reads it again.
 */
const nativePrices = new Map<number, { price: bigint; updatedAt: bigint }>();

/**
 * USD prices (18 decimals per whole token) and decimals of `addresses`, from the stored prices when
 * refreshed within the hour, the stale ones re-read from the PriceFeed in one batched call. The
 * native coin's placeholder keeps its price on its `priced_token` row; NFTs and unknown tokens are 0.
 */
export async function pricesOf(
  ctx: Ctx,
  addresses: Address[],
  timestamp: bigint,
  blockNumber?: bigint,
): Promise<Map<Address, { price: bigint; decimals: number }>> {
  const chainId = ctx.chain.id;
  const out = new Map<Address, { price: bigint; decimals: number }>();
  const stale: Array<{ address: Address; decimals: number; native: boolean }> = [];
  const fresh = (updatedAt: bigint) => updatedAt !== 0n && updatedAt + PRICE_TTL > timestamp;
  for (const address of new Set(addresses)) {
    if (address === NATIVE_TOKEN) {
      const row = await ctx.db.find(pricedToken, { chainId, token: address });
      const kept = row ? { price: row.priceUsd, updatedAt: row.priceUpdatedAt } : nativePrices.get(chainId);
      if (kept && fresh(kept.updatedAt)) out.set(address, { price: kept.price, decimals: 18 });
      else stale.push({ address, decimals: 18, native: true });
      continue;
    }
    const row = await ctx.db.find(token, { chainId, address });
    if (!row || row.isNft) out.set(address, { price: 0n, decimals: row?.decimals ?? 18 });
    else if (fresh(row.priceUpdatedAt)) out.set(address, { price: row.priceUsd, decimals: row.decimals });
    else stale.push({ address, decimals: row.decimals, native: false });
  }
  // With the PriceFeed as the chain's only source, a token it has no aggregator for is priced 0 (PriceFeed.getUSDPrice):
  // the indexed `AggregatorSet` events tell it without a read.
  if (priceSources(chainId).length === 1) {
    for (const t of [...stale]) {
      if ((await ctx.db.find(pricedToken, { chainId, token: t.address }))?.isActive) continue;
      stale.splice(stale.indexOf(t), 1);
      out.set(t.address, { price: 0n, decimals: t.decimals });
    }
  }
  if (stale.length === 0) return out;
  const prices = await readUsdPrices(ctx, stale, blockNumber);
  for (const [i, t] of stale.entries()) {
    const price = prices[i] ?? 0n;
    out.set(t.address, { price, decimals: t.decimals });
    const set = { priceUsd: price, priceUpdatedAt: timestamp };
    if (!t.native) await ctx.db.update(token, { chainId, address: t.address }).set(set);
    else if (await ctx.db.find(pricedToken, { chainId, token: t.address })) {
      await ctx.db.update(pricedToken, { chainId, token: t.address }).set(set);
    } else nativePrices.set(chainId, { price, updatedAt: timestamp });
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
 * Reads, at `blockNumber`, the pool's balance of every priced token and of the native coin: one multicall (with
 * Multicall3's `getEthBalance` for the native coin where the chain has Multicall3, else one `getBalance` beside it).
 */
async function readChainBalances(
  ctx: Ctx,
  p: PoolRow,
  blockNumber: bigint,
): Promise<Array<[Address, bigint]>> {
  const tokens = (await chainReadTokens(ctx, p)).filter((t) => t !== NATIVE_TOKEN);
  const multicall3 = (ctx.client as unknown as { chain?: Chain }).chain?.contracts?.multicall3?.address;
  const balanceOf = (address: Address) =>
    ({ address, abi: erc20Abi, functionName: "balanceOf", args: [p.address] }) as const;
  const ethBalance = (address: Address) =>
    ({ address, abi: multicall3Abi, functionName: "getEthBalance", args: [p.address] }) as const;
  const contracts = [...tokens.map(balanceOf), ...(multicall3 ? [ethBalance(multicall3)] : [])];
  const [results, nativeBalance] = await Promise.all([
    contracts.length === 0
      ? Promise.resolve([])
      : ctx.client.multicall({ contracts, allowFailure: true, blockNumber, deployless: deployless(ctx) }),
    multicall3 ? undefined : ctx.client.getBalance({ address: p.address, blockNumber }),
  ]);
  const answer = (i: number) => {
    const r = results[i];
    return r?.status === "success" ? (r.result as bigint) : 0n;
  };
  return [
    ...tokens.map((t, i): [Address, bigint] => [t, answer(i)]),
    [NATIVE_TOKEN, nativeBalance ?? answer(tokens.length)],
  ];
}

/**
 * The USD value of the pool's stored balances of `tokens` at `ts` (prices kept for the hour), and the
 * prices used.
 */
async function heldValue(
  ctx: Ctx,
  p: PoolRow,
  tokens: Address[],
  at: { ts: bigint; blockNumber?: bigint },
  alsoPrice: Address[] = [],
) {
  const held: Array<[Address, bigint]> = [];
  for (const tokenAddress of tokens) {
    const row = await ctx.db.find(treasuryBalance, {
      chainId: ctx.chain.id,
      pool: p.address,
      token: tokenAddress,
    });
    if (row && row.balance > 0n) held.push([tokenAddress, row.balance]);
  }
  const prices = await pricesOf(ctx, [...held.map(([t]) => t), ...alsoPrice], at.ts, at.blockNumber);
  let value = 0n;
  for (const [tokenAddress, balance] of held) {
    const { price, decimals } = prices.get(tokenAddress) ?? { price: 0n, decimals: 18 };
    value += usdValue(balance, price, decimals);
  }
  return { value, prices };
}

/**
 * The pool's figures were refreshed at `blockNumber` with its priced tokens and native coin as last read: that
 * read is now due at this block (`treasury_due` lists the pool for the block's end, `settleTreasury`).
 */
async function markTreasuryDue(ctx: Ctx, p: PoolRow, blockNumber: bigint, ts: bigint): Promise<PoolRow> {
  if (p.treasuryReadBlock === blockNumber || p.treasuryDueBlock === blockNumber) return p;
  const chainId = ctx.chain.id;
  if (p.treasuryDueBlock === 0n) {
    await ctx.db
      .insert(treasuryDue)
      .values({ chainId, pools: [p.address] })
      .onConflictDoUpdate((row) => ({ pools: [...row.pools, p.address] }));
  }
  return ctx.db
    .update(pool, { chainId, address: p.address })
    .set({ treasuryDueBlock: blockNumber, treasuryDueAt: ts });
}

/**
 * Reads the pool's priced tokens and native coin at its due block (its last refreshed one), stores them as
 * absolute treasury balances (upserts: replays and reorganised branches rewrite them), and moves the TVL
 * written at that block (the pool's, the DAO list's, the hour's and the day's snapshots) by what the read
 * changed. The values are the ones a read at every refreshed block would have left: each block's read was
 * overwritten by the next one's within the hour.
 */
export async function settleTreasury(
  ctx: Ctx,
  p: PoolRow,
  balances?: Array<[Address, bigint]>,
  blockNumber?: bigint,
) {
  if (p.treasuryDueBlock === 0n) return;
  const chainId = ctx.chain.id;
  const ts = p.treasuryDueAt;
  const read = balances ?? (await readChainBalances(ctx, p, p.treasuryDueBlock));
  const tokens = read.map(([t]) => t);
  const before = await heldValue(ctx, p, tokens, { ts, blockNumber });
  for (const [tokenAddress, balance] of read) {
    const key = { chainId, pool: p.address, token: tokenAddress };
    const kept = await ctx.db.find(treasuryBalance, key);
    if (!kept && balance === 0n) continue;
    if (kept?.balance === balance) continue;
    if (tokenAddress !== NATIVE_TOKEN && balance > 0n) await ensureToken(ctx, tokenAddress, false);
    await ctx.db
      .insert(treasuryBalance)
      .values({ ...key, balance, updatedAt: ts })
      .onConflictDoUpdate({ balance, updatedAt: ts });
  }
  const delta = (await heldValue(ctx, p, tokens, { ts, blockNumber })).value - before.value;
  const key = { chainId, address: p.address };
  await ctx.db.update(pool, key).set((row) => ({
    treasuryReadBlock: row.treasuryDueBlock,
    treasuryDueBlock: 0n,
    treasuryDueAt: 0n,
    tvlUsd: row.tvlUsd + delta,
  }));
  if (delta === 0n) return;
  const stats = { chainId, pool: p.address };
  const listed = await ctx.db.find(daoStats, stats);
  if (listed) {
    // The hour's snapshot below moves with it, and so does its kept copy for the day-before figures.
    const hour = hourOf(ts);
    const recentTvlUsd = listed.recentBuckets?.some((bucket) => bucket === hour)
      ? listed.recentBuckets.map(
          (bucket, i) => (listed.recentTvlUsd?.[i] ?? 0n) + (bucket === hour ? delta : 0n),
        )
      : listed.recentTvlUsd;
    await ctx.db.update(daoStats, stats).set({ tvlUsd: listed.tvlUsd + delta, recentTvlUsd });
  }
  for (const [table, bucket] of [
    [poolStatsHourly, hourOf(ts)],
    [poolStatsDaily, (ts / DAY) * DAY],
  ] as const) {
    const snapshot = { ...stats, bucket };
    if (await ctx.db.find(table, snapshot)) {
      await ctx.db.update(table, snapshot).set((row) => ({ tvlUsd: row.tvlUsd + delta }));
    }
  }
}

/**
 * At the end of a block at the chain's head (the `TreasuryTick` blocks, from the indexer's start): every pool
 * refreshed since the last tick reads its priced tokens and native coin (all reads at once) and is settled.
 */
export async function settleDueTreasuries(ctx: Ctx) {
  const chainId = ctx.chain.id;
  const due = await ctx.db.find(treasuryDue, { chainId });
  if (!due || due.pools.length === 0) return;
  await ctx.db.update(treasuryDue, { chainId }).set({ pools: [] });
  const pools: PoolRow[] = [];
  for (const address of due.pools) {
    const p = await ctx.db.find(pool, { chainId, address: address as Address });
    if (p && p.treasuryDueBlock !== 0n) pools.push(p);
  }
  const reads = await Promise.all(pools.map((p) => readChainBalances(ctx, p, p.treasuryDueBlock)));
  for (const [i, p] of pools.entries()) await settleTreasury(ctx, p, reads[i]);
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
  // Newly active within the window: one more LAU (and active member) for the hour already counted.
  const p = await ctx.db.find(pool, { chainId, address: poolAddress });
  if (!p) return;
  const newlyActive = (!before || before.lastAt <= ts - LAU_WINDOW) && p.statsHour === hourOf(ts);
  if (newlyActive || ts > p.lastActiveAt) {
    await ctx.db.update(pool, { chainId, address: poolAddress }).set({
      ...(newlyActive ? { lau: p.lau + 1 } : {}),
      ...(ts > p.lastActiveAt ? { lastActiveAt: ts } : {}),
    });
  }
  if (newlyActive) {
    const m = await ctx.db.find(member, { chainId, pool: poolAddress, address: account });
    if (m?.isMember)
      await bumpDaoStats(ctx, poolAddress, (d) => ({ activeMembersCount: d.activeMembersCount + 1 }));
  }
}

/** Applies `patch` to the DAO's list figures when its row exists (written by the first refresh). */
async function bumpDaoStats(
  ctx: Ctx,
  poolAddress: Address,
  patch: (d: typeof daoStats.$inferSelect) => Partial<typeof daoStats.$inferInsert>,
) {
  const key = { chainId: ctx.chain.id, pool: poolAddress };
  const row = await ctx.db.find(daoStats, key);
  if (row) await ctx.db.update(daoStats, key).set(patch(row));
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
    // A member counted in the hour's LAU is an active member.
    const active = await ctx.db.find(poolAccount, { chainId, pool: poolAddress, account });
    if (poolRow?.statsHour === hourOf(ts) && active && active.lastAt > ts - LAU_WINDOW) {
      const delta = nowMember ? 1 : -1;
      await bumpDaoStats(ctx, poolAddress, (d) => ({ activeMembersCount: d.activeMembersCount + delta }));
    }
  }
}

type ActiveMap = Record<string, string | null>;

/** What core's on-chain state machine reads of a proposal, its validators' stage and its pool. */
function onchainFields(
  pr: typeof proposal.$inferSelect,
  vs: typeof validatorProposal.$inferSelect | null,
  p: PoolRow,
): StateFields {
  return {
    executedAt: pr.executedAt,
    executedFor: pr.executedFor,
    quorumReachedAt: pr.quorumReachedAt,
    voteEnd: pr.voteEnd,
    earlyCompletion: pr.earlyCompletion,
    votesFor: pr.votesFor,
    votesAgainst: pr.votesAgainst,
    againstActions: (pr.actionsOnAgainst as unknown[]).length,
    movedToValidatorsAt: pr.movedToValidatorsAt,
    validatorsVote: pr.validatorsVote,
    executeAfter: pr.executeAfter,
    validatorsCount: p.validatorsCount,
    executionWindow: p.executionWindow,
    stageVoteEnd: vs?.voteEnd ?? null,
    stageExecutedAt: vs?.executedAt ?? null,
    stageQuorumReachedAt: vs?.quorumReachedAt ?? null,
    stageVotesFor: vs?.votesFor ?? null,
    stageVotesAgainst: vs?.votesAgainst ?? null,
    stageExecuteAfter: vs?.executeAfter ?? null,
  };
}

/** The map with `id` set to `until` (undefined: removed), or null when that changes nothing. */
function withEntry(map: ActiveMap, id: bigint, until: bigint | null | undefined): ActiveMap | null {
  const key = id.toString();
  const value = until === undefined ? undefined : until === null ? null : until.toString();
  if (map[key] === value) return null;
  const next = { ...map };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

/**
 * A proposal of the pool changed (created, voted, a stage reached, executed) or so did what its state
 * depends on in the pool: until when it is in one of the spec's active states is worked out again from
 * its indexed fields by core's state machine (the api's proposal lists run the same one), kept in the
 * pool's `activeUntil`.
 */
export async function trackProposal(ctx: Ctx, poolAddress: Address, proposalId: bigint, ts: bigint) {
  const chainId = ctx.chain.id;
  const p = await ctx.db.find(pool, { chainId, address: poolAddress });
  if (!p) return;
  const pr = await ctx.db.find(proposal, { chainId, pool: poolAddress, proposalId });
  // The validators' stage is read only once the proposal has moved to the validators (the state reads it there only).
  const vs =
    pr?.movedToValidatorsAt !== null && pr?.movedToValidatorsAt !== undefined
      ? await ctx.db.find(validatorProposal, { chainId, pool: poolAddress, isInternal: false, proposalId })
      : null;
  const until = pr
    ? activeUntil(ONCHAIN_STATE_MACHINE, onchainFields(pr, vs, p), ts, ONCHAIN_FILTER_STATES.active)
    : undefined;
  const next = withEntry(p.activeUntil, proposalId, until);
  if (next) await ctx.db.update(pool, { chainId, address: poolAddress }).set({ activeUntil: next });
}

/** The same for an internal validator proposal (core's internal state machine), kept in `activeInternalUntil`. */
export async function trackInternalProposal(ctx: Ctx, poolAddress: Address, proposalId: bigint, ts: bigint) {
  const chainId = ctx.chain.id;
  const p = await ctx.db.find(pool, { chainId, address: poolAddress });
  if (!p) return;
  const vp = await ctx.db.find(validatorProposal, {
    chainId,
    pool: poolAddress,
    isInternal: true,
    proposalId,
  });
  const until = vp ? activeUntil(INTERNAL_ACTIVE_MACHINE, vp, ts, [1]) : undefined;
  const next = withEntry(p.activeInternalUntil, proposalId, until);
  if (next) await ctx.db.update(pool, { chainId, address: poolAddress }).set({ activeInternalUntil: next });
}

/**
 * The pool's execution window or its validators changed, which every proposal's state reads: each of
 * its proposals (ids run from 1) is tracked again.
 */
export async function trackAllProposals(ctx: Ctx, poolAddress: Address, ts: bigint) {
  const p = await ctx.db.find(pool, { chainId: ctx.chain.id, address: poolAddress });
  for (let id = 1n; p && id <= BigInt(p.proposalsCount); id++) await trackProposal(ctx, poolAddress, id, ts);
}

/**
 * How many entries of an active map are still active at `ts`, the map without those that are not, and the
 * times the active ones end by time alone, ascending (`dao_stats.activeProposalsEnds`).
 */
function activeAt(map: ActiveMap, ts: bigint): { count: number; kept: ActiveMap | null; ends: bigint[] } {
  const kept: ActiveMap = {};
  const ends: bigint[] = [];
  let dropped = false;
  for (const [id, until] of Object.entries(map)) {
    if (until === null || BigInt(until) > ts) {
      kept[id] = until;
      if (until !== null) ends.push(BigInt(until));
    } else dropped = true;
  }
  ends.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { count: Object.keys(kept).length, kept: dropped ? kept : null, ends };
}

/** A pool's hourly snapshot as `dao_stats` keeps it for the day-before figures (`recentBuckets` and the rest). */
interface RecentSnapshot {
  bucket: bigint;
  tvlUsd: bigint;
  tvgUsd: bigint;
  membersCount: number;
  lau: number;
}

/** The snapshots a `dao_stats` row keeps, oldest first. */
function recentOf(row: typeof daoStats.$inferSelect | null): RecentSnapshot[] {
  const buckets = row?.recentBuckets ?? [];
  return buckets.map((bucket, i) => ({
    bucket,
    tvlUsd: row?.recentTvlUsd?.[i] ?? 0n,
    tvgUsd: row?.recentTvgUsd?.[i] ?? 0n,
    membersCount: row?.recentMembersCount?.[i] ?? 0,
    lau: row?.recentLau?.[i] ?? 0,
  }));
}

/** The `dao_stats` columns of kept snapshots. */
function recentColumns(recent: RecentSnapshot[]) {
  return {
    recentBuckets: recent.map((r) => r.bucket),
    recentTvlUsd: recent.map((r) => r.tvlUsd),
    recentTvgUsd: recent.map((r) => r.tvgUsd),
    recentMembersCount: recent.map((r) => r.membersCount),
    recentLau: recent.map((r) => r.lau),
  };
}

/**
 * The kept snapshots with the hour's one written (`snapshot`, replacing the hour's if kept: hours only move
 * forward), less those no time from `ts` on reads a day-before figure from: every one older than the newest at
 * or before `ts` − 1 day.
 */
export function rollRecent(recent: RecentSnapshot[], snapshot: RecentSnapshot, ts: bigint): RecentSnapshot[] {
  const next = recent.filter((r) => r.bucket < snapshot.bucket);
  next.push(snapshot);
  let first = 0;
  while (first + 1 < next.length && (next[first + 1] as RecentSnapshot).bucket <= ts - DAY) first++;
  return next.slice(first);
}

/**
 * The accounts the Members figure's fallback may count in a pool whose holders the indexer cannot list from
 * a deployment's parameters (an existing token or NFT): its token's and NFT's holders and its voters, read
 * once with SQL.
 */
async function fallbackCandidates(ctx: Ctx, p: PoolRow): Promise<Address[]> {
  const chainId = ctx.chain.id;
  const rows = await ctx.db.sql
    .select({ account: tokenHolder.address })
    .from(tokenHolder)
    .where(
      and(
        eq(tokenHolder.chainId, chainId),
        or(eq(tokenHolder.token, p.govToken), eq(tokenHolder.token, p.nft)),
        gt(tokenHolder.balance, 0n),
      ),
    )
    .union(
      ctx.db.sql
        .select({ account: vote.voter })
        .from(vote)
        .where(and(eq(vote.chainId, chainId), eq(vote.pool, p.address))),
    );
  return rows.map((r) => r.account);
}

/**
 * Whether `account` counts in the pool's Members fallback now (spec §9: holds the DAO's token or NFT, or has
 * voted in it; never the DAO's own contracts nor the zero address), kept per account with the pool's count in
 * step (`fallbackMembersCount`), so no query counts them.
 */
export async function settleFallbackMember(ctx: Ctx, poolAddress: Address, account: Address, voted = false) {
  if (account === ZERO_ADDRESS) return;
  const chainId = ctx.chain.id;
  const key = { chainId, pool: poolAddress, account };
  const row = await ctx.db.find(fallbackMember, key);
  // A voter already settled stays as it is (its holdings no longer matter).
  if (voted && row?.voted) return;
  const p = await ctx.db.find(pool, { chainId, address: poolAddress });
  if (!p) return;
  const holds = async (t: Address) =>
    t !== ZERO_ADDRESS &&
    ((await ctx.db.find(tokenHolder, { chainId, token: t, address: account }))?.balance ?? 0n) > 0n;
  const hasVoted = voted || (row?.voted ?? false);
  const counted =
    !ownContracts(p).has(account) && (hasVoted || (await holds(p.govToken)) || (await holds(p.nft)));
  if (!row && !counted && !hasVoted) return;
  if (row?.counted === counted && row.voted === hasVoted) return;
  await ctx.db
    .insert(fallbackMember)
    .values({ ...key, voted: hasVoted, counted })
    .onConflictDoUpdate({ voted: hasVoted, counted });
  const delta = (counted ? 1 : 0) - (row?.counted ? 1 : 0);
  if (delta !== 0) {
    await ctx.db
      .update(pool, { chainId, address: poolAddress })
      .set({ fallbackMembersCount: p.fallbackMembersCount + delta });
  }
}

/**
 * A DAO is announced: the accounts its deployment made holders (its new token's recipients, from the
 * deployment's parameters; else every holder and voter, read once) are settled in its Members fallback.
 */
export async function seedFallbackMembers(
  ctx: Ctx,
  poolAddress: Address,
  recipients: readonly Address[] | null,
) {
  const p = await ctx.db.find(pool, { chainId: ctx.chain.id, address: poolAddress });
  if (!p) return;
  const accounts =
    recipients && p.nft === ZERO_ADDRESS ? recipients.map(lower) : await fallbackCandidates(ctx, p);
  for (const account of new Set(accounts)) await settleFallbackMember(ctx, poolAddress, account);
}

/** Members of the pool counted in its LAU at `ts`. */
async function countActiveMembers(ctx: Ctx, poolAddress: Address, ts: bigint): Promise<number> {
  const chainId = ctx.chain.id;
  const [row] = await ctx.db.sql
    .select({ n: count() })
    .from(member)
    .innerJoin(
      poolAccount,
      and(
        eq(poolAccount.chainId, member.chainId),
        eq(poolAccount.pool, member.pool),
        eq(poolAccount.account, member.address),
      ),
    )
    .where(
      and(
        eq(member.chainId, chainId),
        eq(member.pool, poolAddress),
        eq(member.isMember, true),
        gt(poolAccount.lastAt, ts - LAU_WINDOW),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Wallets' balances of a DAO's token or NFT changed: they are settled in its Members fallback, which is the
 * DAO list's Members figure while nobody has deposited.
 */
export async function refreshHolderMembers(ctx: Ctx, tokenAddress: Address, accounts: Address[]) {
  const poolAddress = await poolOf(ctx, tokenAddress);
  if (!poolAddress) return;
  for (const account of accounts) await settleFallbackMember(ctx, poolAddress, account);
  const p = await ctx.db.find(pool, { chainId: ctx.chain.id, address: poolAddress });
  if (!p || p.membersCount > 0) return;
  const fallback = p.fallbackMembersCount;
  await bumpDaoStats(ctx, poolAddress, () => ({ fallbackMembersCount: fallback, membersCount: fallback }));
}

/**
 * The pool's figures changed in this block: its statistics are written once, at the block's end (`settleStats`), with
 * the values the block left, as the snapshots keep the figures after the last event of their hour or day.
 */
export async function refreshPoolStats(ctx: Ctx, poolAddress: Address, ts: bigint, blockNumber: bigint) {
  const chainId = ctx.chain.id;
  const due = await ctx.db.find(statsDue, { chainId });
  const sameBlock = due !== null && due.blockNumber === blockNumber;
  if (sameBlock && due.pools.includes(poolAddress)) return;
  // An earlier block still pending (a handler not registered through `on`) is written first.
  if (due && !sameBlock && due.pools.length > 0) await settleStats(ctx, blockNumber);
  const pools = sameBlock ? [...due.pools, poolAddress] : [poolAddress];
  await ctx.db
    .insert(statsDue)
    .values({ chainId, blockNumber, timestamp: ts, pools })
    .onConflictDoUpdate({ blockNumber, timestamp: ts, pools });
}

/**
 * The end of the block whose pools are due (`refreshPoolStats`): the first event of a later block, before its handler
 * changes anything (every handler is registered through `on`), or the block handler at the chain's head (`blockNumber`
 * null: whatever is due). Their statistics are written as of that block.
 */
export async function settleStats(ctx: Ctx, blockNumber: bigint | null) {
  const chainId = ctx.chain.id;
  const due = await ctx.db.find(statsDue, { chainId });
  if (!due || due.pools.length === 0 || due.blockNumber === blockNumber) return;
  await ctx.db.update(statsDue, { chainId }).set({ pools: [] });
  for (const poolAddress of due.pools) {
    await writePoolStats(ctx, poolAddress as Address, due.timestamp, due.blockNumber);
  }
}

/**
 * Recomputes the pool's TVL (every treasury balance × price: tokens seen in indexed transfers, plus
 * the priced tokens and native coin as last read on chain, whose read at `blockNumber` is then due:
 * `settleTreasury`) and TVG (deposited governance tokens × price), writes the hourly and daily snapshots of the current bucket and the DAO list's
 * figures (`dao_stats`). Active proposals are counted from the pool's active maps at `ts` (kept by
 * `trackProposal`). LAU and active members are counted with SQL once per hour of chain time when
 * somebody was active within the window, and kept by the handlers within the hour. Raw SQL makes
 * Ponder flush its write cache, so it stays off the per-event path. Chain reads (prices) are made at `blockNumber`.
 */
async function writePoolStats(ctx: Ctx, poolAddress: Address, ts: bigint, blockNumber: bigint) {
  const chainId = ctx.chain.id;
  const key = { chainId, address: poolAddress };
  let p = await ctx.db.find(pool, key);
  if (!p) return;
  const hour = hourOf(ts);
  // The pool's last hour ended with its treasury unread: read it now at that hour's last block.
  if (p.treasuryDueBlock !== 0n && hourOf(p.treasuryDueAt) !== hour) {
    await settleTreasury(ctx, p, undefined, blockNumber);
    p = (await ctx.db.find(pool, key)) ?? p;
  }
  const isNewHour = p.statsHour !== hour;
  const recounted: Partial<typeof daoStats.$inferInsert> = {};
  if (isNewHour) {
    // Raw SQL flushes Ponder's write cache: not run when the answer is known to be 0 (nobody active within the
    // window, no proposal at all).
    const quiet = p.lastActiveAt <= ts - LAU_WINDOW;
    const [lauRow] = quiet
      ? [{ n: 0 }]
      : await ctx.db.sql
          .select({ n: count() })
          .from(poolAccount)
          .where(
            and(
              eq(poolAccount.chainId, chainId),
              eq(poolAccount.pool, poolAddress),
              gt(poolAccount.lastAt, ts - LAU_WINDOW),
            ),
          );
    recounted.activeMembersCount = quiet ? 0 : await countActiveMembers(ctx, poolAddress, ts);
    p = await ctx.db.update(pool, key).set({ lau: Number(lauRow?.n ?? 0), statsHour: hour });
  }
  const external = activeAt(p.activeUntil, ts);
  const internal = activeAt(p.activeInternalUntil, ts);
  recounted.activeInternalProposalsCount = internal.count;
  if (external.kept || internal.kept || p.activeProposalsCount !== external.count) {
    p = await ctx.db.update(pool, key).set({
      activeProposalsCount: external.count,
      ...(external.kept ? { activeUntil: external.kept } : {}),
      ...(internal.kept ? { activeInternalUntil: internal.kept } : {}),
    });
  }
  recounted.fallbackMembersCount = p.fallbackMembersCount;

  // The priced tokens and native coin are read when the block is settled (at the head: its end; in a backfill: once
  // the pool's events reach another hour), with what they were last read at in the meantime.
  p = await markTreasuryDue(ctx, p, blockNumber, ts);
  const withGov = p.govToken !== ZERO_ADDRESS && p.depositedTokens > 0n;
  const at = { ts, blockNumber };
  const indexed = await heldValue(ctx, p, p.treasuryTokens as Address[], at, withGov ? [p.govToken] : []);
  const chainRead = await heldValue(ctx, p, await chainReadTokens(ctx, p), at);
  const tvl = indexed.value + chainRead.value;
  let tvg = 0n;
  if (withGov) {
    const { price, decimals } = indexed.prices.get(p.govToken) ?? { price: 0n, decimals: 18 };
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

  const statsKey = { chainId, pool: poolAddress };
  const before = await ctx.db.find(daoStats, statsKey);
  const fallback = p.fallbackMembersCount;
  const recent = rollRecent(
    recentOf(before),
    { bucket: hour, tvlUsd: tvl, tvgUsd: tvg, membersCount: values.membersCount, lau: values.lau },
    ts,
  );
  const figures = {
    ...recounted,
    ...recentColumns(recent),
    activeProposalsEnds: external.ends,
    activeInternalProposalsEnds: internal.ends,
    tvlUsd: tvl,
    tvgUsd: tvg,
    membersCount: p.membersCount > 0 ? p.membersCount : fallback,
    lau: p.lau,
    proposalsCount: p.proposalsCount,
    activeProposalsCount: p.activeProposalsCount,
    internalProposalsCount: p.validatorProposalsCount,
    votesCount: p.votesCount,
    statsAt: ts,
  };
  if (before) await ctx.db.update(daoStats, statsKey).set(figures);
  else await ctx.db.insert(daoStats).values({ ...statsKey, ...figures });
}

export { USD_ONE };

/**
 * Sets validator balances of a pool (a zero balance removes the validator) and answers how many validators that
 * added (negative: removed).
 */
export async function setValidatorBalances(
  ctx: Ctx,
  poolAddress: Address,
  balances: Array<[Address, bigint]>,
  ts: bigint,
): Promise<number> {
  const chainId = ctx.chain.id;
  let delta = 0;
  for (const [address, balance] of balances) {
    const before = await ctx.db.find(validator, { chainId, pool: poolAddress, address });
    const was = before !== null && before.balance > 0n;
    if (balance > 0n) {
      await ctx.db
        .insert(validator)
        .values({ chainId, pool: poolAddress, address, balance, updatedAt: ts })
        .onConflictDoUpdate({ balance, updatedAt: ts });
    } else if (before) {
      await ctx.db.delete(validator, { chainId, pool: poolAddress, address });
    }
    delta += (balance > 0n ? 1 : 0) - (was ? 1 : 0);
  }
  return delta;
}
