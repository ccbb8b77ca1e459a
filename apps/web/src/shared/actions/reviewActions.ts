import { type Abi, type Address, erc20Abi, isAddressEqual, parseAbi } from "viem";
import { readBatch, readCall } from "../chain/readBatch.ts";
import type { ReadClient } from "../chain/readClient.ts";
import {
  type DecodedAction,
  decodeAction,
  type KnownContract,
  knownAt,
  type ProposalAction,
  type TokenUnit,
} from "./decodeAction.ts";
import { type SimulationResult, simulateAction } from "./simulateAction.ts";
import { type ExecutionSimulation, simulateExecution } from "./simulateExecution.ts";

/** Errors raised inside GovPool's libraries (not part of the pool's own ABI). */
const LIBRARY_ERRORS = parseAbi([
  "error GovPoolNoActions()",
  "error GovPoolInvalidInternalActions(uint256 index)",
  "error GovPoolInvalidValidatorsActions()",
  "error GovPoolInvalidAgainstActions(uint256 index)",
  "error GovPoolRejectedByExecutor(address executor)",
  "error GovPoolActionFailed(uint256 index, bytes reason)",
  "error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)",
  "error OwnableUnauthorizedAccount(address account)",
]);

export interface ReviewedAction {
  action: ProposalAction;
  decoded: DecodedAction;
  /** The action alone, called from the pool (only when asked for). */
  simulation: SimulationResult | null;
}

export interface ActionsReview {
  items: ReviewedAction[];
  /** Every contract the actions name that the page can label: the DAO's and the tokens found. */
  known: KnownContract[];
  /** The balance changes of executing them all (only when asked for). */
  execution: ExecutionSimulation | null;
}

type ReviewClient = Pick<ReadClient, "call" | "multicall">;

export interface ReviewOptions {
  /** Simulate each action alone from the pool (the create-proposal review). */
  eachAction?: boolean;
  /** Simulate the whole execution's balance changes, in the chain's native unit. */
  execution?: { native: TokenUnit } | null;
}

/** Unknown addresses among the targets and address arguments, asked for ERC-20 symbol and decimals. */
async function findTokens(
  client: ReviewClient,
  addresses: readonly Address[],
  known: readonly KnownContract[],
): Promise<KnownContract[]> {
  const unknown = addresses.filter(
    (a, i) => !knownAt(known, a) && addresses.findIndex((b) => isAddressEqual(a, b)) === i,
  );
  if (unknown.length === 0) return [];
  const tokens = await readBatch(client, {
    symbols: unknown.map((address) => readCall({ address, abi: erc20Abi }, "symbol")),
    decimals: unknown.map((address) => readCall({ address, abi: erc20Abi }, "decimals")),
  });
  return unknown.flatMap((address, i) => {
    const symbol = tokens.symbols[i];
    const decimals = tokens.decimals[i];
    return symbol !== undefined && decimals !== undefined
      ? [{ address, role: "token" as const, abi: erc20Abi as Abi, token: { symbol, decimals } }]
      : [];
  });
}

/**
 * Decodes every action for a person (targets and token arguments the DAO does not know are asked for
 * ERC-20 symbol and decimals, so amounts read with the right decimals) and, as asked, simulates each
 * action alone from the pool and the whole execution's balance changes.
 */
export async function reviewActions(
  client: ReviewClient,
  pool: Address,
  actions: readonly ProposalAction[],
  known: readonly KnownContract[],
  revertAbis: readonly Abi[],
  options: ReviewOptions = {},
): Promise<ActionsReview> {
  const named = actions.flatMap((action) => [
    action.executor,
    ...decodeAction(action, known).args.flatMap((arg) => (arg.kind === "address" ? [arg.address] : [])),
  ]);
  const all = [...known, ...(await findTokens(client, named, known))];
  const abis = [...revertAbis, LIBRARY_ERRORS as Abi, erc20Abi as Abi];
  const decoded = actions.map((action) => decodeAction(action, all));
  const [simulations, execution] = await Promise.all([
    Promise.all(
      actions.map((action) => (options.eachAction ? simulateAction(client, pool, action, abis) : null)),
    ),
    options.execution
      ? simulateExecution(client, pool, actions, decoded, all, options.execution.native, abis)
      : null,
  ]);
  return {
    items: actions.map((action, i) => ({
      action,
      decoded: decoded[i] as DecodedAction,
      simulation: simulations[i] ?? null,
    })),
    known: all,
    execution,
  };
}
