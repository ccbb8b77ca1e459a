/**
 * Transaction records per chain (spec sections 3 and 4): added (adding an existing hash is an
 * error), checked (keeps the highest block number), finalized (receipt stored with gas values in
 * ether units, confirmation time set).
 */
import { PolityError } from "@polity/core/errors/PolityError";

export type Hash = `0x${string}`;

/** The receipt fields a record keeps; gas price and fee are decimal strings in ether. */
export type StoredReceipt = {
  transactionHash: Hash;
  blockHash: Hash;
  blockNumber: string;
  transactionIndex: number;
  status: "success" | "reverted";
  from: string;
  to: string | null;
  contractAddress: string | null;
  gasUsed: string;
  effectiveGasPriceEther: string;
  feeEther: string;
};

/** The subset of a viem TransactionReceipt the reducer needs. */
export type ReceiptInput = {
  transactionHash: Hash;
  blockHash: Hash;
  blockNumber: bigint;
  transactionIndex: number;
  status: "success" | "reverted";
  from: string;
  to: string | null;
  contractAddress?: string | null;
  gasUsed: bigint;
  effectiveGasPrice: bigint;
};

export type TransactionInfo = Readonly<Record<string, unknown>>;

export type TransactionRecord = {
  hash: Hash;
  from: string;
  info: TransactionInfo;
  addedTime: number;
  lastCheckedBlockNumber?: number;
  receipt?: StoredReceipt;
  confirmedTime?: number;
};

export type TransactionsState = Readonly<Record<number, Readonly<Record<string, TransactionRecord>>>>;

export type TransactionsAction =
  | { type: "added"; chainId: number; hash: Hash; from: string; info: TransactionInfo; addedTime: number }
  | { type: "checked"; chainId: number; hash: Hash; blockNumber: number }
  | { type: "finalized"; chainId: number; hash: Hash; receipt: ReceiptInput; confirmedTime: number }
  | { type: "cleared"; chainId: number };

export const initialTransactionsState: TransactionsState = Object.freeze({});

function formatEther(wei: bigint): string {
  const negative = wei < 0n;
  const abs = negative ? -wei : wei;
  const base = 10n ** 18n;
  const frac = (abs % base).toString().padStart(18, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${abs / base}${frac ? `.${frac}` : ""}`;
}

export function storeReceipt(receipt: ReceiptInput): StoredReceipt {
  return {
    transactionHash: receipt.transactionHash,
    blockHash: receipt.blockHash,
    blockNumber: receipt.blockNumber.toString(),
    transactionIndex: receipt.transactionIndex,
    status: receipt.status,
    from: receipt.from,
    to: receipt.to,
    contractAddress: receipt.contractAddress ?? null,
    gasUsed: receipt.gasUsed.toString(),
    effectiveGasPriceEther: formatEther(receipt.effectiveGasPrice),
    feeEther: formatEther(receipt.gasUsed * receipt.effectiveGasPrice),
  };
}

function update(
  state: TransactionsState,
  chainId: number,
  hash: string,
  change: (tx: TransactionRecord) => TransactionRecord,
): TransactionsState {
  const tx = state[chainId]?.[hash];
  if (!tx) return state;
  return { ...state, [chainId]: { ...state[chainId], [hash]: change(tx) } };
}

export function transactionsReducer(state: TransactionsState, action: TransactionsAction): TransactionsState {
  switch (action.type) {
    case "added": {
      if (state[action.chainId]?.[action.hash]) {
        throw new PolityError("Attempted to add existing transaction.", {
          code: "TRANSACTION_EXISTS",
          messageKey: "errors.transactionExists",
          details: `${action.hash} on chain ${action.chainId}`,
        });
      }
      const record: TransactionRecord = {
        hash: action.hash,
        from: action.from,
        info: action.info,
        addedTime: action.addedTime,
      };
      return { ...state, [action.chainId]: { ...state[action.chainId], [action.hash]: record } };
    }
    case "checked":
      return update(state, action.chainId, action.hash, (tx) =>
        tx.lastCheckedBlockNumber !== undefined && tx.lastCheckedBlockNumber >= action.blockNumber
          ? tx
          : { ...tx, lastCheckedBlockNumber: action.blockNumber },
      );
    case "finalized":
      return update(state, action.chainId, action.hash, (tx) => ({
        ...tx,
        receipt: storeReceipt(action.receipt),
        confirmedTime: action.confirmedTime,
      }));
    case "cleared": {
      if (!state[action.chainId]) return state;
      const { [action.chainId]: _removed, ...rest } = state;
      return rest;
    }
  }
}

export function isTransactionPending(tx: TransactionRecord): boolean {
  return tx.receipt === undefined;
}

/** Pending transactions of a chain, newest first. */
export function pendingTransactions(state: TransactionsState, chainId: number): TransactionRecord[] {
  return Object.values(state[chainId] ?? {})
    .filter(isTransactionPending)
    .sort((a, b) => b.addedTime - a.addedTime);
}

/**
 * Whether a pending transaction should be checked again at `currentBlock`: every block during the
 * first minute, then less often as it ages (minutes since added / divider).
 */
export function shouldCheckTransaction(
  tx: TransactionRecord,
  currentBlock: number,
  now: number,
  dividerMs = 60_000,
): boolean {
  if (tx.receipt) return false;
  if (tx.lastCheckedBlockNumber === undefined) return true;
  const blocksSinceCheck = currentBlock - tx.lastCheckedBlockNumber;
  if (blocksSinceCheck < 1) return false;
  const minutesPending = (now - tx.addedTime) / dividerMs;
  if (minutesPending > 60) return blocksSinceCheck > 9;
  if (minutesPending > 5) return blocksSinceCheck > 2;
  return true;
}
