import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { fieldMessages } from "./issues.ts";
import {
  exchangeRateOf,
  investLimitSchema,
  maxSizeSchema,
  maxTokenPriceSchema,
  startOfUtcDay,
  tokenSaleTierSchema,
} from "./tokenSale.ts";

function errors(schema: z.ZodType, value: unknown): [string, string][] {
  const r = schema.safeParse(value);
  return r.success ? [] : fieldMessages(r.error).map((m) => [m.path, m.message]);
}

const NOW = Date.parse("2026-03-10T15:00:00Z");
const A1 = "0x0000000000000000000000000000000000000001";
const A2 = "0x0000000000000000000000000000000000000002";
const tier = {
  name: "Seed",
  description: "",
  token: A1,
  amount: "1000",
  minAllocation: "1",
  maxAllocation: "100",
  startTime: Date.parse("2026-03-10T01:00:00Z"),
  endTime: Date.parse("2026-04-10T00:00:00Z"),
  receiver: A2,
  pairs: [{ token: A2, price: "0.5" }],
  vestingUnlock: "10",
  vestingPeriod: 90 * 86_400,
  cliff: 7 * 86_400,
  releaseFrequency: 86_400,
  whitelist: [],
};
const schema = tokenSaleTierSchema({ now: NOW });

describe("token sale tier", () => {
  it("accepts a tier starting today (UTC)", () => {
    expect(startOfUtcDay(NOW)).toBe(Date.parse("2026-03-10T00:00:00Z"));
    expect(errors(schema, tier)).toEqual([]);
  });

  it("needs at least one token pair with a valid price", () => {
    expect(errors(schema, { ...tier, pairs: [] })).toEqual([["pairs", "Add at least one token pair"]]);
    expect(errors(schema, { ...tier, pairs: [{ token: A2, price: "0" }] })).toEqual([
      ["pairs.0.price", "Please enter a valid pair price"],
    ]);
    expect(errors(schema, { ...tier, pairs: [{ token: A2, price: "abc" }] })).toEqual([
      ["pairs.0.price", "Please enter a valid pair price"],
    ]);
  });

  it("start date today or later, end after start", () => {
    expect(errors(schema, { ...tier, startTime: Date.parse("2026-03-09T23:59:59Z") })).toEqual([
      ["startTime", "Start date must be today or later"],
    ]);
    expect(errors(schema, { ...tier, endTime: tier.startTime })).toEqual([
      ["endTime", "End date must be after the start date"],
    ]);
    expect(errors(schema, { ...tier, startTime: Number.NaN })).toEqual([
      ["startTime", "Please enter a valid date"],
    ]);
  });

  it("allocation rules", () => {
    expect(errors(schema, { ...tier, minAllocation: "0" })).toEqual([
      ["minAllocation", "Min allocation must be greater than 0"],
    ]);
    expect(errors(schema, { ...tier, maxAllocation: "1" })).toEqual([
      ["maxAllocation", "Max allocation must be greater than the min allocation"],
    ]);
    expect(errors(schema, { ...tier, maxAllocation: "1000" })).toEqual([
      ["maxAllocation", "Max allocation must be less than the total token amount"],
    ]);
  });

  it("percent locked at least zero and below 100", () => {
    expect(errors(schema, { ...tier, vestingUnlock: "0" })).toEqual([]);
    expect(errors(schema, { ...tier, vestingUnlock: "100" })).toEqual([
      ["vestingUnlock", "Percentage cannot exceed 100"],
    ]);
  });

  it("refuses duplicate pair tokens and whitelist addresses", () => {
    expect(
      errors(schema, {
        ...tier,
        pairs: [
          { token: A2, price: "1" },
          { token: A2, price: "2" },
        ],
        whitelist: [A1, A1],
      }),
    ).toEqual([
      ["pairs.1.token", "This address is already in the list"],
      ["whitelist.1", "This address is already in the list"],
    ]);
  });

  it("vesting terms the contract accepts: a duration, a step and a cliff within it", () => {
    expect(errors(schema, { ...tier, vestingPeriod: 0, cliff: 0, releaseFrequency: 0 })).toEqual([
      ["vestingPeriod", "Vesting needs a duration above zero"],
    ]);
    expect(errors(schema, { ...tier, releaseFrequency: 0 })).toEqual([
      ["releaseFrequency", "The unlock step must be above zero and at most the vesting duration"],
    ]);
    expect(errors(schema, { ...tier, releaseFrequency: 91 * 86_400, cliff: 91 * 86_400 })).toEqual([
      ["releaseFrequency", "The unlock step must be above zero and at most the vesting duration"],
      ["cliff", "The cliff cannot be longer than the vesting duration"],
    ]);
    // Without a vesting part the terms are not used.
    expect(
      errors(schema, { ...tier, vestingUnlock: "0", vestingPeriod: 0, releaseFrequency: 0, cliff: 0 }),
    ).toEqual([]);
  });

  it("participation requirements and the claim lock", () => {
    const participation = {
      daoVotes: { minVotes: "100" },
      babt: true,
      tokenLock: { token: A1, amount: "5" },
      nftLock: { nft: A2, count: 1 },
      merkle: { addresses: [A1, A2] },
    };
    expect(errors(schema, { ...tier, claimLock: 3_600, participation })).toEqual([]);
    expect(
      errors(schema, {
        ...tier,
        claimLock: -1,
        participation: {
          daoVotes: { minVotes: "0" },
          tokenLock: { token: "0x12", amount: "1" },
          nftLock: { nft: A2, count: 0 },
          merkle: { addresses: [A1, A1] },
        },
      }),
    ).toEqual([
      ["claimLock", "Please enter a valid duration, e.g. 1Y 6Mon 2w 1d"],
      ["participation.daoVotes.minVotes", "Must be greater than 0"],
      ["participation.tokenLock.token", "Please enter a valid address"],
      ["participation.nftLock.count", "Must be greater than 0"],
      ["participation.merkle.addresses.1", "This address is already in the list"],
    ]);
    expect(errors(schema, { ...tier, participation: { merkle: { addresses: [] } } })).toEqual([
      ["participation.merkle", "Add at least one address to the Merkle whitelist"],
    ]);
  });

  it("a pair price is the exchange rate with 25 decimals, within the contract's maximum", () => {
    expect(exchangeRateOf("1000")).toBe(1_000n * 10n ** 25n);
    expect(exchangeRateOf("0.5")).toBe(5n * 10n ** 24n);
    expect(errors(schema, { ...tier, pairs: [{ token: A2, price: "1".padEnd(20, "0") }] })).toEqual([
      ["pairs.0.price", "Please enter a valid pair price"],
    ]);
  });

  it("fund size rules", () => {
    expect(errors(maxSizeSchema("10"), "9")).toEqual([
      ["", "Max size cannot be less than the current fullness"],
    ]);
    expect(errors(maxSizeSchema("10"), "10")).toEqual([]);
    expect(errors(investLimitSchema("10"), "9.99")).toEqual([
      ["", "Invest limit cannot be less than the current fullness"],
    ]);
    expect(errors(maxTokenPriceSchema("2.5"), "2.4")).toEqual([
      ["", "Max token price cannot be less than the current price"],
    ]);
  });
});
