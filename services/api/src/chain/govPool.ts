import { govPoolAbi, govUserKeeperAbi, poolRegistryAbi } from "@polity/core/generated/contracts";
import {
  type Address,
  type BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  erc20Abi,
  zeroAddress,
} from "viem";
import { ApiError, badRequest, unavailable } from "../http/errors.ts";
import type { ChainClients } from "./clients.ts";

/** How nodes (geth, erigon, nethermind, hosted providers) say a past block's state is gone. */
const MISSING_STATE =
  /missing trie node|state (?:is )?not available|header not found|pruned|historical state|old data not available|archive/i;

function isMissingState(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 8; depth++) {
    const { details, shortMessage, message, cause } = e as {
      details?: string;
      shortMessage?: string;
      message?: string;
      cause?: unknown;
    };
    if ([details, shortMessage, message].some((m) => typeof m === "string" && MISSING_STATE.test(m)))
      return true;
    e = cause;
  }
  return false;
}

/** Vote types counted for a user's power: personal, micropool (delegated to them) and treasury. */
const POWER_VOTE_TYPES = [0, 1, 3] as const;
/** Without delegated power: what the user deposited themselves. */
const PERSONAL_VOTE_TYPES = [0] as const;

export interface UserPower {
  power: bigint;
  /** Holds deposited/delegated power or a non-zero governance token or NFT wallet balance. */
  isMember: boolean;
}

export interface CommentSettings {
  minVotesForReadProposalDiscussion: bigint;
  minVotesForCreatingComment: bigint;
}

/**
 * Reads a DAO's governance facts from its chain; the api never stores them. Current-block reads
 * (comment settings, a user's power now) are cached for `cacheTtlMs` so a busy discussion does not
 * cost one RPC call per request; reads at a past block are immutable and never cached here.
 */
export class GovPoolReader {
  private readonly userKeepers = new Map<string, Address>();
  private readonly cache = new Map<string, { expires: number; value: Promise<unknown> }>();
  /** Facts fixed at deployment (token decimals), kept once read. */
  private readonly fixedFacts = new Map<string, number>();
  /** Pools the registry listed: a listed pool stays listed, so the answer is kept. */
  private readonly listedPools = new Set<string>();

  constructor(
    private readonly chains: ChainClients,
    private readonly poolRegistries: Record<number, Address>,
    private readonly cacheTtlMs = 0,
  ) {}

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.cacheTtlMs <= 0) return load();
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    if (this.cache.size > 10_000) this.cache.clear();
    const value = load();
    this.cache.set(key, { expires: now + this.cacheTtlMs, value });
    // A failed read must not be served from the cache.
    value.catch(() => this.cache.delete(key));
    return value;
  }

  /** Whether PoolRegistry lists `pool`, i.e. PoolFactory deployed it: a DAO, not any contract. */
  async isGovPool(chainId: number, pool: Address): Promise<boolean> {
    const key = `${chainId}:${pool.toLowerCase()}`;
    if (this.listedPools.has(key)) return true;
    const registry = this.poolRegistries[chainId];
    if (!registry) throw badRequest("errors.api.notDeployed", { chainId }, { chain_id: chainId });
    const isListed = await this.cached(`listed:${key}`, () =>
      this.call(() =>
        this.client(chainId).readContract({
          address: registry,
          abi: poolRegistryAbi,
          functionName: "isGovPool",
          args: [pool],
        }),
      ),
    );
    if (isListed && this.listedPools.size < 100_000) this.listedPools.add(key);
    return isListed;
  }

  /** 400 unless PoolRegistry lists `pool`. */
  async assertGovPool(chainId: number, pool: Address): Promise<void> {
    if (!(await this.isGovPool(chainId, pool))) {
      throw badRequest("errors.api.notAPool", {}, { field: "pool_address", pool_address: pool });
    }
  }

  /** Results hashes the pool saved on chain (`OffchainResultsSaved`) since `fromBlock` (all time if null). */
  async savedOffchainResults(chainId: number, pool: Address, fromBlock: bigint | null): Promise<Set<string>> {
    const events = await this.call(() =>
      this.client(chainId).getContractEvents({
        address: pool,
        abi: govPoolAbi,
        eventName: "OffchainResultsSaved",
        fromBlock: fromBlock ?? "earliest",
        toBlock: "latest",
        strict: true,
      }),
    );
    return new Set(events.map((e) => e.args.resultsHash));
  }

  async blockNumber(chainId: number): Promise<bigint> {
    // Never viem's cached head: a snapshot taken from a stale head could predate the pool itself.
    return this.call(() => this.client(chainId).getBlockNumber({ cacheTime: 0 }));
  }

  /**
   * Decimals of the DAO's power: its governance token's (power counts tokens in their smallest unit);
   * 18 for a DAO without a token, whose NFT power is set in 18-decimal units.
   */
  async powerDecimals(chainId: number, pool: Address): Promise<number> {
    const keeper = await this.userKeeper(chainId, pool);
    const key = `decimals:${chainId}:${keeper.toLowerCase()}`;
    const known = this.fixedFacts.get(key);
    if (known !== undefined) return known;
    const token = await this.call(() =>
      this.client(chainId).readContract({
        address: keeper,
        abi: govUserKeeperAbi,
        functionName: "tokenAddress",
      }),
    );
    const decimals =
      token === zeroAddress
        ? 18
        : await this.call(() =>
            this.client(chainId).readContract({ address: token, abi: erc20Abi, functionName: "decimals" }),
          );
    // The keeper's token is fixed at deployment, and so are its decimals.
    this.fixedFacts.set(key, decimals);
    return decimals;
  }

  async commentSettings(chainId: number, pool: Address): Promise<CommentSettings> {
    return this.cached(`settings:${chainId}:${pool.toLowerCase()}`, async () => {
      const [minRead, minCreate] = await this.call(() =>
        this.client(chainId).readContract({
          address: pool,
          abi: govPoolAbi,
          functionName: "getCommentSettings",
        }),
      );
      return { minVotesForReadProposalDiscussion: minRead, minVotesForCreatingComment: minCreate };
    });
  }

  /** The DAO's metadata link as its GovPool holds it now (changed only by an executed proposal). */
  async descriptionURL(chainId: number, pool: Address): Promise<string> {
    return this.call(() =>
      this.client(chainId).readContract({ address: pool, abi: govPoolAbi, functionName: "descriptionURL" }),
    );
  }

  async offchainResultsNonce(chainId: number, pool: Address): Promise<bigint> {
    return this.call(() =>
      this.client(chainId).readContract({
        address: pool,
        abi: govPoolAbi,
        functionName: "offchainResultsNonce",
      }),
    );
  }

  /** A user's power now, or at `blockNumber`; `includeDelegated: false` counts only their own deposit. */
  async userPower(
    chainId: number,
    pool: Address,
    user: Address,
    blockNumber?: bigint,
    includeDelegated = true,
  ): Promise<UserPower> {
    if (blockNumber === undefined) {
      return this.cached(
        `power:${chainId}:${pool.toLowerCase()}:${user.toLowerCase()}:${includeDelegated}`,
        () => this.readUserPower(chainId, pool, user, undefined, includeDelegated),
      );
    }
    return this.readUserPower(chainId, pool, user, blockNumber, includeDelegated);
  }

  private async readUserPower(
    chainId: number,
    pool: Address,
    user: Address,
    blockNumber: bigint | undefined,
    includeDelegated: boolean,
  ) {
    const voteTypes = includeDelegated ? POWER_VOTE_TYPES : PERSONAL_VOTE_TYPES;
    const keeper = await this.userKeeper(chainId, pool);
    const views = await this.call(
      () =>
        this.client(chainId).readContract({
          address: keeper,
          abi: govUserKeeperAbi,
          functionName: "votingPower",
          args: [voteTypes.map(() => user), [...voteTypes], false],
          ...(blockNumber !== undefined ? { blockNumber } : {}),
        }),
      blockNumber,
    );
    let power = 0n;
    let owned = 0n;
    for (const v of views) {
      power += v.power;
      owned += v.ownedBalance + v.ownedLength;
    }
    return { power, isMember: power > 0n || owned > 0n };
  }

  async totalPower(chainId: number, pool: Address, blockNumber?: bigint): Promise<bigint> {
    const keeper = await this.userKeeper(chainId, pool);
    return this.call(
      () =>
        this.client(chainId).readContract({
          address: keeper,
          abi: govUserKeeperAbi,
          functionName: "getTotalPower",
          ...(blockNumber !== undefined ? { blockNumber } : {}),
        }),
      blockNumber,
    );
  }

  private async userKeeper(chainId: number, pool: Address): Promise<Address> {
    const key = `${chainId}:${pool.toLowerCase()}`;
    const cached = this.userKeepers.get(key);
    if (cached) return cached;
    const helpers = await this.call(() =>
      this.client(chainId).readContract({
        address: pool,
        abi: govPoolAbi,
        functionName: "getHelperContracts",
      }),
    );
    // Helper contracts are fixed at deployment, so caching them is safe.
    this.userKeepers.set(key, helpers[1]);
    return helpers[1];
  }

  private client(chainId: number) {
    if (!this.chains.has(chainId))
      throw badRequest("errors.api.chainNotSupported", { chainId }, { chain_id: chainId });
    return this.chains.get(chainId);
  }

  /**
   * A revert (or no code) means the address is not a DAO pool: 400. A node that has pruned the state
   * of a past block says so: 503 naming the block. Anything else from the node is a 503 to retry.
   */
  private async call<T>(fn: () => Promise<T>, blockNumber?: bigint): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof ApiError) throw err;
      // First: some nodes word missing state as an internal error, which viem reads as a revert.
      if (blockNumber !== undefined && isMissingState(err)) {
        throw unavailable(
          "errors.api.archiveNodeRequired",
          { block: blockNumber },
          { block_number: blockNumber.toString() },
        );
      }
      const base = err as BaseError;
      const isRevert =
        typeof base.walk === "function" &&
        base.walk(
          (e) => e instanceof ContractFunctionRevertedError || e instanceof ContractFunctionZeroDataError,
        );
      if (isRevert) throw badRequest("errors.api.notAPool");
      throw unavailable("errors.api.chainNodeUnreachable");
    }
  }
}
