/**
 * Token sale tier form (spec sections 3 and 5): at least one token pair, start date today or later
 * (UTC), end after start, allocations, vesting and whitelist rules; plus the fund-size rules of
 * section 5 as small factories.
 */
import { z } from "zod";
import { isNumericInput } from "./amountText.ts";
import {
  addIssue,
  addressSchema,
  amountSchema,
  amountUnits,
  dateSchema,
  durationSecondsSchema,
  percentSchema,
  reportDuplicates,
  requiredError,
  toMillis,
} from "./rules.ts";

const DAY_MS = 86_400_000;

/** Start of the UTC day containing `now` (token sale times are UTC). */
export function startOfUtcDay(now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS;
}

/** Largest exchange rate the contract takes (`TokenSaleProposal.MAX_RATE`, 25 decimals). */
const MAX_RATE = 2n ** 128n - 1n;

/**
 * The contract's exchange rate of a pair price typed in the form: whole sale tokens one whole payment
 * token buys, with 25 decimals (the price is checked by the tier schema first).
 */
export function exchangeRateOf(price: string): bigint {
  return amountUnits(price.trim(), 25);
}

const pairSchema = /* @__PURE__ */ z.object({
  token: addressSchema,
  /** Sale tokens one of this pair's token buys (the tier's exchange rate for it). */
  price: z
    .string(requiredError)
    .trim()
    .min(1, "validation.required")
    .refine(
      (price) =>
        price === "" ||
        (isNumericInput(price) &&
          (price.split(".")[1] ?? "").length <= 25 &&
          !/^0(\.0*)?$/.test(price) &&
          exchangeRateOf(price) <= MAX_RATE),
      "validation.invalidPairPrice",
    ),
});

/**
 * Participation requirements besides the plain whitelist (all must hold): a minimum of deposited votes in
 * the DAO, a BABT, tokens or NFTs locked in the tier, a Merkle whitelist built from `addresses`.
 */
const participationSchema = /* @__PURE__ */ z.object({
  daoVotes: z.optional(z.object({ minVotes: amountSchema({ positive: true }) })),
  babt: z.optional(z.boolean()),
  tokenLock: z.optional(z.object({ token: addressSchema, amount: amountSchema({ positive: true }) })),
  nftLock: z.optional(
    z.object({
      nft: addressSchema,
      count: z.number(requiredError).int("validation.greaterThanZero").min(1, "validation.greaterThanZero"),
    }),
  ),
  merkle: z.optional(z.object({ addresses: z.array(addressSchema, requiredError) })),
});

export type TokenSaleOptions = {
  /** Current time, epoch milliseconds. */
  now: number;
};

export function tokenSaleTierSchema(options: TokenSaleOptions) {
  return z
    .object({
      name: z.string(requiredError).trim().min(1, "validation.required").max(100, "validation.maxLength"),
      description: z.string(requiredError).trim().max(10_000, "validation.maxLength"),
      token: addressSchema,
      amount: amountSchema({ positive: true }),
      minAllocation: amountSchema(),
      maxAllocation: amountSchema(),
      startTime: dateSchema,
      endTime: dateSchema,
      receiver: addressSchema,
      pairs: z.array(pairSchema, requiredError).min(1, "validation.tokenPairRequired"),
      /** Percent unlocked at once, at least 0 and below 100. */
      vestingUnlock: percentSchema({ allowZero: true, below100: true }),
      vestingPeriod: durationSecondsSchema({ allowZero: true }),
      cliff: durationSecondsSchema({ allowZero: true }),
      releaseFrequency: durationSecondsSchema({ allowZero: true }),
      whitelist: z.array(addressSchema, requiredError),
      /** Seconds after the sale's end before the non-vesting part can be claimed. */
      claimLock: z.optional(durationSecondsSchema({ allowZero: true })),
      participation: z.optional(participationSchema),
    })
    .superRefine((tier, ctx) => {
      const ok = (v: string) => isNumericInput(v) && (v.split(".")[1] ?? "").length <= 18;
      if (ok(tier.minAllocation) && amountUnits(tier.minAllocation) === 0n) {
        addIssue(ctx, "validation.minAllocationNotPositive", ["minAllocation"]);
      }
      if (
        ok(tier.maxAllocation) &&
        ok(tier.minAllocation) &&
        amountUnits(tier.maxAllocation) <= amountUnits(tier.minAllocation)
      ) {
        addIssue(ctx, "validation.maxAllocationBelowMin", ["maxAllocation"]);
      }
      if (
        ok(tier.maxAllocation) &&
        ok(tier.amount) &&
        amountUnits(tier.maxAllocation) >= amountUnits(tier.amount)
      ) {
        addIssue(ctx, "validation.maxAllocationAboveTotal", ["maxAllocation"]);
      }
      const start = toMillis(tier.startTime);
      const end = toMillis(tier.endTime);
      if (start < startOfUtcDay(options.now)) addIssue(ctx, "validation.startDateInPast", ["startTime"]);
      if (end <= start) addIssue(ctx, "validation.endDateBeforeStart", ["endTime"]);
      reportDuplicates(tier.pairs, (p) => p.token, ctx, {
        key: "validation.duplicateAddress",
        path: (i) => ["pairs", i, "token"],
      });
      reportDuplicates(tier.whitelist, (a) => a, ctx, {
        key: "validation.duplicateAddress",
        path: (i) => ["whitelist", i],
      });
      // The contract's vesting rules: a vesting part needs a duration, a step within it, a cliff within it.
      const vests = isNumericInput(tier.vestingUnlock) && amountUnits(tier.vestingUnlock, 25) > 0n;
      if (vests) {
        if (tier.vestingPeriod === 0) addIssue(ctx, "validation.vestingDurationRequired", ["vestingPeriod"]);
        else {
          if (tier.releaseFrequency === 0 || tier.releaseFrequency > tier.vestingPeriod)
            addIssue(ctx, "validation.unlockStepInvalid", ["releaseFrequency"]);
          if (tier.cliff > tier.vestingPeriod) addIssue(ctx, "validation.cliffAboveDuration", ["cliff"]);
        }
      }
      const merkle = tier.participation?.merkle?.addresses;
      if (merkle) {
        if (merkle.length === 0)
          addIssue(ctx, "validation.merkleWhitelistEmpty", ["participation", "merkle"]);
        reportDuplicates(merkle, (a) => a, ctx, {
          key: "validation.duplicateAddress",
          path: (i) => ["participation", "merkle", "addresses", i],
        });
      }
    });
}
export type TokenSaleTier = z.infer<ReturnType<typeof tokenSaleTierSchema>>;

/** Max size not below the current fullness. */
export function maxSizeSchema(fullness: string) {
  return amountSchema().superRefine((v, ctx) => {
    if (isNumericInput(v) && amountUnits(v, 25) < amountUnits(fullness, 25))
      addIssue(ctx, "validation.maxSizeBelowFullness");
  });
}

/** Invest limit not below the current fullness. */
export function investLimitSchema(fullness: string) {
  return amountSchema().superRefine((v, ctx) => {
    if (isNumericInput(v) && amountUnits(v, 25) < amountUnits(fullness, 25)) {
      addIssue(ctx, "validation.investLimitBelowFullness");
    }
  });
}

/** Max token price not below the current price. */
export function maxTokenPriceSchema(currentPrice: string) {
  return amountSchema().superRefine((v, ctx) => {
    if (isNumericInput(v) && amountUnits(v, 25) < amountUnits(currentPrice, 25)) {
      addIssue(ctx, "validation.maxTokenPriceBelowCurrent");
    }
  });
}
