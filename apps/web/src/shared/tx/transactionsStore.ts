import { createStore, useStore } from "../state/createStore.ts";
import {
  type Hash,
  initialTransactionsState,
  pendingTransactions,
  type TransactionInfo,
  type TransactionsState,
  transactionsReducer,
} from "./transactionsReducer.ts";

/** Core's transaction records, persisted so pending transactions are still tracked after a reload. */
export const transactionsStore = createStore(
  transactionsReducer,
  initialTransactionsState as TransactionsState,
  {
    persistKey: "polity.transactions",
  },
);

export function addTransaction(chainId: number, hash: Hash, from: string, info: TransactionInfo) {
  transactionsStore.dispatch({ type: "added", chainId, hash, from, info, addedTime: Date.now() });
}

export function usePendingTransactions(chainId: number | undefined) {
  return useStore(transactionsStore, (state) => (chainId === undefined ? EMPTY : pendingOf(state, chainId)));
}

const EMPTY: ReturnType<typeof pendingTransactions> = [];
let cache:
  | { state: TransactionsState; chainId: number; value: ReturnType<typeof pendingTransactions> }
  | undefined;

/** Memoised per state object so `useSyncExternalStore` sees a stable snapshot. */
function pendingOf(state: TransactionsState, chainId: number) {
  if (cache && cache.state === state && cache.chainId === chainId) return cache.value;
  const value = pendingTransactions(state, chainId);
  cache = { state, chainId, value };
  return value;
}
