/**
 * The reward-multiplier proposal's rules: the NFT multiplier contract a DAO activates (one at a time), and the
 * multiplier NFT it mints (recipient, multiplier above 1× and at most 100×, reward period, average balance).
 */
import { z } from "zod";
import { addIssue, addressSchema, amountSchema, amountUnits, durationTextSchema } from "./rules.ts";

/** The highest multiplier a DAO may mint (the contract's `MAX_MULTIPLIER`). */
export const MAX_MULTIPLIER = "100";

/** A multiplier typed as people write it (1.5), above 1× and at most 100×, with at most two decimals. */
export const multiplierSchema = amountSchema({ decimals: 2 }).superRefine((value, ctx) => {
  if (!/^\d+(\.\d+)?$/.test(value)) return;
  const units = amountUnits(value, 2);
  if (units <= 100n) addIssue(ctx, "validation.greaterThan", [], { value: "1" });
  else if (units > amountUnits(MAX_MULTIPLIER, 2))
    addIssue(ctx, "validation.multiplierTooHigh", [], { value: MAX_MULTIPLIER });
});

/** The multiplier NFT a proposal mints; the average balance in the DAO token's `decimals` (0: no limit). */
export function multiplierNftSchema(decimals: number) {
  return z.object({
    to: addressSchema,
    multiplier: multiplierSchema,
    period: durationTextSchema({ maxDays: 3_650 }),
    averageBalance: amountSchema({ decimals }),
  });
}

/**
 * The multiplier contract to activate. With `active` (the DAO's active one) still active, another can only be
 * activated by deactivating it in the same proposal (`deactivateActive`): 'Only one NFT multiplier can be active
 * per DAO'.
 */
export function multiplierContractSchema(active: string | null) {
  return z.object({ address: addressSchema, deactivateActive: z.boolean() }).superRefine((v, ctx) => {
    if (!active || !/^0x[0-9a-fA-F]{40}$/.test(v.address)) return;
    if (v.address.toLowerCase() === active.toLowerCase())
      addIssue(ctx, "validation.multiplierAlreadyActive", ["address"]);
    else if (!v.deactivateActive) addIssue(ctx, "validation.oneActiveMultiplier", ["address"]);
  });
}

/** A multiplier text (1.5) in the contract's 25-decimal fixed point. */
export function multiplierUnits(value: string): bigint {
  return amountUnits(value, 25);
}
