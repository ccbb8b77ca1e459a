import {
  type Abi,
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  isAddressEqual,
} from "viem";
import type { ReadClient } from "../chain/readClient.ts";
import { actionSimulatorAbi, actionSimulatorCode } from "./actionSimulator.ts";
import type { DecodedAction, KnownContract, ProposalAction, TokenUnit } from "./decodeAction.ts";
import { decodeRevertReason } from "./simulateAction.ts";

/** A token whose balances the simulation reads; `address` null is the chain's native coin. */
export interface SimulatedAsset extends TokenUnit {
  address: Address | null;
}

export interface BalanceChange {
  holder: Address;
  asset: SimulatedAsset;
  before: bigint;
  after: bigint;
}

export type ExecutionSimulation =
  /** Every action went through; the balances that change, treasury first. */
  | { status: "ok"; changes: BalanceChange[] }
  /** Action `index` (0-based) reverted with `reason`. */
  | { status: "reverted"; index: number; reason: string }
  /** An action calls the DAO itself, whose code the simulation stands in for: no balance changes to show. */
  | { status: "unavailable" };

/** At most this many balance reads on each side of the actions (holders × assets). */
const MAX_READS = 48;

/**
 * The addresses an execution may move funds between: the treasury (the pool), the actions' targets and
 * every address among their arguments.
 */
function candidates(pool: Address, actions: readonly ProposalAction[], decoded: readonly DecodedAction[]) {
  const all: Address[] = [pool, ...actions.map((a) => a.executor)];
  for (const item of decoded) {
    for (const arg of item.args) if (arg.kind === "address") all.push(arg.address);
  }
  return all.filter(
    (address, i) =>
      !/^0x0{40}$/i.test(address) && all.findIndex((other) => isAddressEqual(other, address)) === i,
  );
}

/**
 * What executing `actions` would do to balances, asked of the node in one `eth_call` with a state
 * override: `ActionSimulator`'s code stands in for the pool's at the pool's address (its storage and
 * balances stay), reads every holder's balance of every asset, makes the actions from the pool's address in
 * order, as `GovPool.execute` does, and reads the balances again. Tokens are the known tokens among the
 * candidates; `native` is read when an action sends value.
 */
export async function simulateExecution(
  client: Pick<ReadClient, "call">,
  pool: Address,
  actions: readonly ProposalAction[],
  decoded: readonly DecodedAction[],
  tokens: readonly KnownContract[],
  native: TokenUnit,
  revertAbis: readonly Abi[],
): Promise<ExecutionSimulation> {
  if (actions.length === 0) return { status: "ok", changes: [] };
  if (actions.some((a) => isAddressEqual(a.executor, pool))) return { status: "unavailable" };
  const found = candidates(pool, actions, decoded);
  const assets: SimulatedAsset[] = tokens.flatMap((c) =>
    c.token && found.some((a) => isAddressEqual(a, c.address)) ? [{ address: c.address, ...c.token }] : [],
  );
  if (actions.some((a) => a.value > 0n)) assets.unshift({ address: null, ...native });
  const holders = found.filter(
    (a) => !assets.some((asset) => asset.address && isAddressEqual(asset.address, a)),
  );
  const pairs = assets.flatMap((asset) => holders.map((holder) => ({ asset, holder }))).slice(0, MAX_READS);
  const reads = pairs.map(({ asset, holder }) =>
    asset.address
      ? {
          target: asset.address,
          value: 0n,
          data: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [holder] }),
        }
      : {
          target: pool,
          value: 0n,
          data: encodeFunctionData({
            abi: actionSimulatorAbi,
            functionName: "nativeBalance",
            args: [holder],
          }),
        },
  );
  const calls = [
    ...reads,
    ...actions.map((a) => ({ target: a.executor, value: a.value, data: a.data })),
    ...reads,
  ];
  const { data } = await client.call({
    account: pool,
    to: pool,
    data: encodeFunctionData({ abi: actionSimulatorAbi, functionName: "run", args: [calls] }),
    stateOverride: [{ address: pool, code: actionSimulatorCode }],
  });
  const results = decodeFunctionResult({ abi: actionSimulatorAbi, functionName: "run", data: data ?? "0x" });
  const failed = actions.findIndex((_, i) => !results[reads.length + i]?.success);
  if (failed !== -1) {
    const returnData = results[reads.length + failed]?.returnData as Hex | undefined;
    return {
      status: "reverted",
      index: failed,
      reason: decodeRevertReason(returnData, revertAbis, "execution reverted"),
    };
  }
  const balance = (result: { success: boolean; returnData: Hex } | undefined) =>
    result?.success && result.returnData.length === 66 ? BigInt(result.returnData) : null;
  const changes = pairs.flatMap(({ asset, holder }, i) => {
    const before = balance(results[i]);
    const after = balance(results[reads.length + actions.length + i]);
    return before !== null && after !== null && before !== after ? [{ holder, asset, before, after }] : [];
  });
  return { status: "ok", changes };
}

/** What the treasury sends, by asset: the amount it loses and the accounts whose balance of it grows. */
export function treasuryOutflows(
  changes: readonly BalanceChange[],
  pool: Address,
): { asset: SimulatedAsset; amount: bigint; recipients: Address[] }[] {
  return changes.flatMap((change) => {
    if (!isAddressEqual(change.holder, pool) || change.after >= change.before) return [];
    const sameAsset = (other: BalanceChange) =>
      other.asset.address === change.asset.address ||
      (other.asset.address !== null &&
        change.asset.address !== null &&
        isAddressEqual(other.asset.address, change.asset.address));
    const recipients = changes
      .filter(
        (other) => sameAsset(other) && other.after > other.before && !isAddressEqual(other.holder, pool),
      )
      .map((other) => other.holder);
    return [{ asset: change.asset, amount: change.before - change.after, recipients }];
  });
}
