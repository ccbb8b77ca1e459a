import { type Abi, type Address, BaseError, decodeErrorResult, type Hex } from "viem";
import type { ReadClient } from "../chain/readClient.ts";
import type { ProposalAction } from "./decodeAction.ts";

export type SimulationResult = { ok: true; returnData: Hex } | { ok: false; reason: string };

/** Revert data of a failed call, wherever viem put it in the cause chain. */
export function revertData(err: unknown): Hex | undefined {
  if (!(err instanceof BaseError)) return undefined;
  let found: Hex | undefined;
  err.walk((cause) => {
    const data = (cause as { data?: unknown }).data;
    if (typeof data === "string" && data.startsWith("0x") && data.length >= 10) {
      found = data as Hex;
      return true;
    }
    if (data && typeof data === "object" && typeof (data as { data?: unknown }).data === "string") {
      found = (data as { data: Hex }).data;
      return true;
    }
    return false;
  });
  return found;
}

/** `ErrorName(arg, …)` for custom errors, the message of `Error(string)`, `Panic(code)`. */
export function decodeRevertReason(data: Hex | undefined, abis: readonly Abi[], fallback: string): string {
  if (!data || data === "0x") return fallback;
  for (const abi of [...abis, [] as Abi]) {
    try {
      const decoded = decodeErrorResult({ abi, data });
      const args = (decoded.args ?? []).map((a) => (typeof a === "bigint" ? a.toString() : String(a)));
      if (decoded.errorName === "Error") return args[0] ?? "Error";
      return `${decoded.errorName}(${args.join(", ")})`;
    } catch {
      // Next ABI.
    }
  }
  return data;
}

/**
 * Runs the action as the pool would at execution: an `eth_call` from the pool's address to the
 * action's target, returning the raw result or the decoded revert reason.
 */
export async function simulateAction(
  client: Pick<ReadClient, "call">,
  pool: Address,
  action: ProposalAction,
  abis: readonly Abi[],
): Promise<SimulationResult> {
  try {
    const { data } = await client.call({
      account: pool,
      to: action.executor,
      data: action.data,
      value: action.value,
    });
    return { ok: true, returnData: data ?? "0x" };
  } catch (err) {
    const fallback = err instanceof BaseError ? err.shortMessage : String(err);
    return { ok: false, reason: decodeRevertReason(revertData(err), abis, fallback) };
  }
}
