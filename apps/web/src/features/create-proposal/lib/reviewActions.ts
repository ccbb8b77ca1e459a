import { type Abi, type Address, erc20Abi, isAddressEqual, parseAbi } from "viem";
import { readBatch, readCall } from "../../../shared/chain/readBatch.ts";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { type DecodedAction, decodeAction, type KnownContract, type ProposalAction } from "./decodeAction.ts";
import { type SimulationResult, simulateAction } from "./simulateAction.ts";

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
  simulation: SimulationResult;
}

type ReviewClient = Pick<ReadClient, "call" | "multicall">;

/**
 * Decodes every action (unknown targets are asked for ERC-20 symbol and decimals, so token amounts
 * read with the right decimals) and simulates each as an `eth_call` from the pool.
 */
export async function reviewActions(
  client: ReviewClient,
  pool: Address,
  actions: readonly ProposalAction[],
  known: readonly KnownContract[],
  revertAbis: readonly Abi[],
): Promise<ReviewedAction[]> {
  const unknown = [
    ...new Set(
      actions
        .map((a) => a.executor.toLowerCase())
        .filter((a) => !known.some((k) => isAddressEqual(k.address, a as Address))),
    ),
  ] as Address[];
  const extra: KnownContract[] = [];
  if (unknown.length > 0) {
    const tokens = await readBatch(client, {
      symbols: unknown.map((address) => readCall({ address, abi: erc20Abi }, "symbol")),
      decimals: unknown.map((address) => readCall({ address, abi: erc20Abi }, "decimals")),
    });
    unknown.forEach((address, i) => {
      const symbol = tokens.symbols[i];
      const decimals = tokens.decimals[i];
      if (symbol !== undefined && decimals !== undefined) {
        extra.push({
          address,
          label: `${symbol} token`,
          abi: erc20Abi as Abi,
          token: { symbol, decimals },
        });
      }
    });
  }
  const all = [...known, ...extra];
  const abis = [...revertAbis, LIBRARY_ERRORS as Abi, erc20Abi as Abi];
  return Promise.all(
    actions.map(async (action) => ({
      action,
      decoded: decodeAction(action, all),
      simulation: await simulateAction(client, pool, action, abis),
    })),
  );
}
