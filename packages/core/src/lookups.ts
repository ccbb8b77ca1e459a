/**
 * Input guards of spec section 5 for lookups and the wallet connector: a pool-list search string
 * that is a valid address is an address, otherwise text; connectors need configured chains; batch
 * lookups need valid addresses and matching list lengths. Failures throw PolityErrors with
 * catalogue keys.
 */
import { getAddress, isAddress } from "viem";
import { PolityError } from "./errors/PolityError.ts";

export type PoolSearch =
  | { kind: "address"; address: `0x${string}` }
  | { kind: "text"; text: string }
  | { kind: "none" };

export function classifyPoolSearch(search: string): PoolSearch {
  const text = search.trim();
  if (text === "") return { kind: "none" };
  if (isAddress(text, { strict: false })) return { kind: "address", address: getAddress(text) };
  return { kind: "text", text };
}

/** A wallet connector needs at least one configured chain ('No chains found on connector.'). */
export function assertConnectorChains<T>(chains: readonly T[]): asserts chains is readonly [T, ...T[]] {
  if (chains.length === 0) {
    throw new PolityError("No chains found on connector.", {
      code: "NO_CONNECTOR_CHAINS",
      messageKey: "errors.noConnectorChains",
    });
  }
}

/** The configured chain to switch to ('chain not found on connector.' for an unknown one). */
export function findConnectorChain<T extends { id: number }>(chains: readonly T[], chainId: number): T {
  const chain = chains.find((c) => c.id === chainId);
  if (!chain) {
    throw new PolityError("chain not found on connector.", {
      code: "CONNECTOR_CHAIN_NOT_FOUND",
      messageKey: "errors.connectorChainNotFound",
      details: `chain id ${chainId}`,
    });
  }
  return chain;
}

function invalidAddress(name: string, value: unknown): PolityError {
  return new PolityError("Invalid address", {
    code: "INVALID_ADDRESS",
    messageKey: "errors.node.invalidAddress",
    details: `${name}: ${String(value)}`,
  });
}

export function assertAddress(name: string, value: unknown): asserts value is `0x${string}` {
  if (typeof value !== "string" || !isAddress(value, { strict: false })) throw invalidAddress(name, value);
}

/** Transformed votes need equal-length pool and argument lists. */
export function assertSameLength(
  names: [string, string],
  a: readonly unknown[],
  b: readonly unknown[],
): void {
  if (a.length !== b.length) {
    throw new PolityError("Lists must have the same length", {
      code: "LENGTH_MISMATCH",
      messageKey: "errors.unpredictable",
      details: `${names[0]} has ${a.length} items, ${names[1]} has ${b.length}`,
    });
  }
}

/** Delegation-out rewards need non-empty pool and delegatee lists and a valid user address. */
export function assertDelegationRewardsLookup(
  pools: readonly string[],
  delegatees: readonly string[],
  user: string,
): void {
  if (pools.length === 0 || delegatees.length === 0) {
    throw new PolityError("Pools and delegatees are required", {
      code: "EMPTY_LOOKUP",
      messageKey: "errors.unpredictable",
      details: `pools: ${pools.length}, delegatees: ${delegatees.length}`,
    });
  }
  for (const [i, pool] of pools.entries()) assertAddress(`pools[${i}]`, pool);
  for (const [i, delegatee] of delegatees.entries()) assertAddress(`delegatees[${i}]`, delegatee);
  assertAddress("user", user);
}
