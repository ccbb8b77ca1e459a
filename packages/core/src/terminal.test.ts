import { describe, expect, it } from "vitest";
import { en } from "./i18n/en.ts";
import { terminalButtonState } from "./terminal.ts";

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
