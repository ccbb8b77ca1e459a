import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { en } from "../i18n/en.ts";
import { firstMessageByField } from "./issues.ts";
import { multiplierContractSchema, multiplierNftSchema, multiplierUnits } from "./multiplier.ts";

const ACTIVE = "0x1111111111111111111111111111111111111111";
const OTHER = "0x2222222222222222222222222222222222222222";

function messages(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(Object.entries(firstMessageByField(result.error)).map(([k, m]) => [k, m.key]));
}

describe("reward-multiplier rules", () => {
  it("mints an NFT above 1× and at most 100×, for a valid period and average balance", () => {
    const nft = multiplierNftSchema(18);
    expect(messages(nft, { to: OTHER, multiplier: "1.5", period: "30d", averageBalance: "0" })).toEqual({});
    expect(messages(nft, { to: "0x12", multiplier: "1", period: "", averageBalance: "x" })).toEqual({
      to: "validation.invalidAddress",
      multiplier: "validation.greaterThan",
      period: "validation.required",
      averageBalance: "validation.invalidNumber",
    });
    expect(messages(nft, { to: OTHER, multiplier: "100.01", period: "1d", averageBalance: "1" })).toEqual({
      multiplier: "validation.multiplierTooHigh",
    });
    expect(multiplierUnits("1.5")).toBe(15n * 10n ** 24n);
  });

  it("refuses a second active multiplier: the active one is deactivated in the same proposal", () => {
    expect(en["validation.oneActiveMultiplier"]).toBe("Only one NFT multiplier can be active per DAO");
    const schema = multiplierContractSchema(ACTIVE);
    expect(messages(schema, { address: OTHER, deactivateActive: false })).toEqual({
      address: "validation.oneActiveMultiplier",
    });
    expect(messages(schema, { address: OTHER, deactivateActive: true })).toEqual({});
    expect(messages(schema, { address: ACTIVE, deactivateActive: true })).toEqual({
      address: "validation.multiplierAlreadyActive",
    });
    expect(messages(multiplierContractSchema(null), { address: OTHER, deactivateActive: false })).toEqual({});
  });
});
