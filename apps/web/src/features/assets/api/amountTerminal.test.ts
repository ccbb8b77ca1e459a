import { describe, expect, it } from "vitest";
import { depositSteps } from "../DepositRoute.tsx";
import { amountTerminal, percentOf } from "./amountTerminal.ts";

const E = (n: number) => BigInt(n) * 10n ** 18n;

describe("amountTerminal", () => {
  it("goes through select amount, insufficient balance and overlimit", () => {
    const base = { decimals: 18, balance: E(100), limit: E(60) };
    expect(amountTerminal({ ...base, amountText: "" }).blocker).toBe("terminal.selectAmount");
    expect(amountTerminal({ ...base, amountText: "0.0" }).blocker).toBe("terminal.selectAmount");
    expect(amountTerminal({ ...base, amountText: "101" }).blocker).toBe("terminal.insufficientBalance");
    expect(amountTerminal({ ...base, amountText: "61" }).blocker).toBe("terminal.overlimit");
    expect(amountTerminal({ ...base, amountText: "60" })).toEqual({
      amount: E(60),
      inputError: null,
      blocker: null,
    });
  });

  it("applies core's numeric rules before the button states", () => {
    expect(amountTerminal({ decimals: 18, balance: E(1), amountText: "-1" }).inputError).toBe(
      "validation.invalidNumber",
    );
    expect(amountTerminal({ decimals: 2, balance: E(1), amountText: "0.001" }).inputError).toBe(
      "validation.tooManyDecimals",
    );
  });

  it("accepts NFTs alone, but still checks a typed amount", () => {
    expect(amountTerminal({ decimals: 18, balance: 0n, amountText: "", nftCount: 2 }).blocker).toBeNull();
    expect(amountTerminal({ decimals: 18, balance: 0n, amountText: "1", nftCount: 2 }).blocker).toBe(
      "terminal.insufficientBalance",
    );
  });

  it("checks a receiver address when the terminal has one", () => {
    expect(amountTerminal({ decimals: 18, balance: E(1), amountText: "1", address: "0x12" }).blocker).toBe(
      "terminal.invalidAddress",
    );
  });

  it("fills percent buttons from the balance", () => {
    expect(percentOf(E(40), 50, 18)).toBe("20");
    expect(percentOf(1_000_000n, 10, 6)).toBe("0.1");
  });
});

describe("depositSteps", () => {
  it("approves only what is missing before the deposit", () => {
    expect(depositSteps({ amount: E(5), allowance: 0n, nftCount: 0, isNftApproved: false })).toEqual([
      "approve",
      "deposit",
    ]);
    expect(depositSteps({ amount: E(5), allowance: E(5), nftCount: 0, isNftApproved: false })).toEqual([
      "deposit",
    ]);
    expect(depositSteps({ amount: 0n, allowance: 0n, nftCount: 2, isNftApproved: false })).toEqual([
      "approveNfts",
      "deposit",
    ]);
    expect(depositSteps({ amount: E(1), allowance: 0n, nftCount: 1, isNftApproved: true })).toEqual([
      "approve",
      "deposit",
    ]);
  });
});
