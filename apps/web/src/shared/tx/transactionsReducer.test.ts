import { PolityError } from "@polity/core/errors/PolityError";
import { en } from "@polity/core/i18n/en";
import { describe, expect, it } from "vitest";
import {
  initialTransactionsState,
  pendingTransactions,
  type ReceiptInput,
  shouldCheckTransaction,
  type TransactionsState,
  transactionsReducer,
} from "./transactionsReducer.ts";

const HASH = "0xaaa" as const;
const add = (state: TransactionsState, hash: `0x${string}` = HASH, addedTime = 1000) =>
  transactionsReducer(state, {
    type: "added",
    chainId: 56,
    hash,
    from: "0xme",
    info: { summary: "Vote" },
    addedTime,
  });

const receipt: ReceiptInput = {
  transactionHash: HASH,
  blockHash: "0xbbb",
  blockNumber: 123n,
  transactionIndex: 2,
  status: "success",
  from: "0xme",
  to: "0xpool",
  gasUsed: 21_000n,
  effectiveGasPrice: 3_000_000_000n,
};

describe("transactions reducer", () => {
  it("adds a record", () => {
    const state = add(initialTransactionsState);
    expect(state[56]?.[HASH]).toEqual({
      hash: HASH,
      from: "0xme",
      info: { summary: "Vote" },
      addedTime: 1000,
    });
    expect(initialTransactionsState).toEqual({});
  });

  it("errors 'Attempted to add existing transaction.' for a known hash", () => {
    const state = add(initialTransactionsState);
    expect(() => add(state)).toThrow("Attempted to add existing transaction.");
    try {
      add(state);
    } catch (err) {
      expect(err).toBeInstanceOf(PolityError);
      expect(en[(err as PolityError).messageKey]).toBe("Attempted to add existing transaction.");
    }
    expect(() =>
      transactionsReducer(state, {
        type: "added",
        chainId: 97,
        hash: HASH,
        from: "0x",
        info: {},
        addedTime: 1,
      }),
    ).not.toThrow();
  });

  it("check keeps the highest block number", () => {
    let state = add(initialTransactionsState);
    state = transactionsReducer(state, { type: "checked", chainId: 56, hash: HASH, blockNumber: 10 });
    state = transactionsReducer(state, { type: "checked", chainId: 56, hash: HASH, blockNumber: 8 });
    expect(state[56]?.[HASH]?.lastCheckedBlockNumber).toBe(10);
    state = transactionsReducer(state, { type: "checked", chainId: 56, hash: HASH, blockNumber: 12 });
    expect(state[56]?.[HASH]?.lastCheckedBlockNumber).toBe(12);
  });

  it("finalize stores the receipt with gas values in ether and the confirmation time", () => {
    let state = add(initialTransactionsState);
    state = transactionsReducer(state, {
      type: "finalized",
      chainId: 56,
      hash: HASH,
      receipt,
      confirmedTime: 2000,
    });
    const tx = state[56]?.[HASH];
    expect(tx?.confirmedTime).toBe(2000);
    expect(tx?.receipt).toEqual({
      transactionHash: HASH,
      blockHash: "0xbbb",
      blockNumber: "123",
      transactionIndex: 2,
      status: "success",
      from: "0xme",
      to: "0xpool",
      contractAddress: null,
      gasUsed: "21000",
      effectiveGasPriceEther: "0.000000003",
      feeEther: "0.000063",
    });
  });

  it("ignores checks and finalizations of unknown hashes", () => {
    const state = add(initialTransactionsState);
    expect(transactionsReducer(state, { type: "checked", chainId: 56, hash: "0xccc", blockNumber: 1 })).toBe(
      state,
    );
    expect(
      transactionsReducer(state, { type: "finalized", chainId: 1, hash: HASH, receipt, confirmedTime: 1 }),
    ).toBe(state);
  });

  it("does not mutate the previous state", () => {
    const before = add(initialTransactionsState);
    const snapshot = JSON.stringify(before);
    transactionsReducer(before, { type: "checked", chainId: 56, hash: HASH, blockNumber: 5 });
    expect(JSON.stringify(before)).toBe(snapshot);
  });

  it("clears a chain and lists pending transactions newest first", () => {
    let state = add(add(initialTransactionsState, "0x1", 1), "0x2", 2);
    state = transactionsReducer(state, {
      type: "finalized",
      chainId: 56,
      hash: "0x1",
      receipt: { ...receipt, transactionHash: "0x1" },
      confirmedTime: 3,
    });
    state = add(state, "0x3", 3);
    expect(pendingTransactions(state, 56).map((t) => t.hash)).toEqual(["0x3", "0x2"]);
    expect(pendingTransactions(state, 1)).toEqual([]);
    state = transactionsReducer(state, { type: "cleared", chainId: 56 });
    expect(state[56]).toBeUndefined();
    expect(transactionsReducer(state, { type: "cleared", chainId: 56 })).toBe(state);
  });

  it("checks young transactions every block and old ones less often", () => {
    const tx = { hash: HASH, from: "0x", info: {}, addedTime: 0 } as const;
    expect(shouldCheckTransaction(tx, 100, 1000)).toBe(true);
    const checked = { ...tx, lastCheckedBlockNumber: 100 };
    expect(shouldCheckTransaction(checked, 100, 1000)).toBe(false);
    expect(shouldCheckTransaction(checked, 101, 60_000)).toBe(true);
    expect(shouldCheckTransaction(checked, 102, 10 * 60_000)).toBe(false);
    expect(shouldCheckTransaction(checked, 103, 10 * 60_000)).toBe(true);
    expect(shouldCheckTransaction(checked, 109, 2 * 3_600_000)).toBe(false);
    expect(shouldCheckTransaction(checked, 110, 2 * 3_600_000)).toBe(true);
  });
});
