import { describe, expect, it } from "vitest";
import { en } from "./i18n/en.ts";
import { amountTerminal, percentOf, terminalButtonState } from "./terminal.ts";

const E = (n: number) => BigInt(n) * 10n ** 18n;
const base = { decimals: 18, balance: E(100) };

describe("terminal button states", () => {
  const text = (k: ReturnType<typeof terminalButtonState>) => (k === null ? null : en[k]);
  it("select amount, insufficient balance, invalid address, overlimit, already claimed", () => {
    expect(text(terminalButtonState({ amount: null, balance: 10n }))).toBe("Select amount");
    expect(text(terminalButtonState({ amount: 0n, balance: 10n }))).toBe("Select amount");
    expect(text(terminalButtonState({ amount: 11n, balance: 10n }))).toBe("Insufficient balance");
    expect(text(terminalButtonState({ amount: 5n, balance: 10n, address: "0x1" }))).toBe("Invalid address");
    expect(text(terminalButtonState({ amount: 5n, balance: 10n, limit: 4n }))).toBe("Overlimit");
    expect(text(terminalButtonState({ amount: 5n, balance: 10n, isClaimed: true }))).toBe("Already claimed");
    expect(terminalButtonState({ amount: 5n, balance: 10n, limit: 5n })).toBeNull();
  });
});

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

describe("amountTerminal — a vote", () => {
  it("asks for an amount until one is typed", () => {
    expect(amountTerminal({ ...base, amountText: "" }).blocker).toBe("terminal.selectAmount");
    expect(amountTerminal({ ...base, amountText: "0" }).blocker).toBe("terminal.selectAmount");
  });

  it("refuses more than the tokens left to vote with", () => {
    expect(amountTerminal({ ...base, amountText: "100.000000000000000001" }).blocker).toBe(
      "terminal.insufficientBalance",
    );
    expect(amountTerminal({ ...base, amountText: "100" })).toEqual({
      amount: E(100),
      inputError: null,
      blocker: null,
    });
  });

  it("applies core's numeric input rules", () => {
    expect(amountTerminal({ ...base, amountText: "abc" }).inputError).toBe("validation.invalidNumber");
    expect(amountTerminal({ ...base, amountText: "01" }).inputError).toBe("validation.invalidNumber");
    expect(amountTerminal({ ...base, decimals: 6, amountText: "1.1234567" }).inputError).toBe(
      "validation.tooManyDecimals",
    );
  });

  it("lets NFTs vote without tokens", () => {
    expect(amountTerminal({ ...base, amountText: "", nftCount: 1 }).blocker).toBeNull();
    expect(amountTerminal({ ...base, amountText: "101", nftCount: 1 }).blocker).toBe(
      "terminal.insufficientBalance",
    );
  });
});

describe("percentOf", () => {
  it("takes the spec's percent buttons of a balance", () => {
    expect(percentOf(E(100), 10, 18)).toBe("10");
    expect(percentOf(E(100), 25, 18)).toBe("25");
    expect(percentOf(E(3), 75, 18)).toBe("2.25");
    expect(percentOf(1n, 50, 18)).toBe("0");
  });
});
