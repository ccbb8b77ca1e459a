import { formatAmount } from "@polity/core/bigAmount";
import { TOKEN_CREATION_LIMITS } from "@polity/core/constants";
import { z } from "zod";
import { encodeMessage } from "../components/errorMessage.ts";
import {
  duplicateIndexes,
  isAddressLike,
  isDecimal,
  msg,
  PERCENTAGE_100,
  PERCENTAGE_DECIMALS,
  TOKEN_DECIMALS,
  toPercentage,
  toTokenAmount,
  UINT64_MAX,
} from "./rules.ts";

export const TOKEN_NAME_MAX_LENGTH = TOKEN_CREATION_LIMITS.nameMaxLength;
export const TOKEN_SYMBOL_MAX_LENGTH = TOKEN_CREATION_LIMITS.symbolMaxLength;
/** The total supply is limited to the 64-bit unsigned maximum of whole tokens. */
export const MAX_TOTAL_SUPPLY = UINT64_MAX * 10n ** BigInt(TOKEN_DECIMALS);

/** Initial distribution in percent: what the treasury does not keep (100 − treasury). */
export function initialDistributionPercent(treasury: string): string {
  const share = toPercentage(treasury);
  if (!isDecimal(treasury) || share > PERCENTAGE_100) return "";
  return formatAmount(PERCENTAGE_100 - share, PERCENTAGE_DECIMALS);
}

/** Token amount (18 decimals) the recipients receive: total supply × initial distribution, rounded down. */
export function initialDistributionAmount(totalSupply: string, treasury: string): bigint {
  const share = toPercentage(treasury);
  if (share > PERCENTAGE_100) return 0n;
  return (toTokenAmount(totalSupply) * (PERCENTAGE_100 - share)) / PERCENTAGE_100;
}

const amount = z
  .string()
  .trim()
  .min(1, msg.required)
  .refine((value) => isDecimal(value) && (value.split(".")[1]?.length ?? 0) <= TOKEN_DECIMALS, msg.number);

export const tokenCreationSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, msg.required)
      .max(TOKEN_NAME_MAX_LENGTH, msg.maxLength(TOKEN_NAME_MAX_LENGTH)),
    symbol: z
      .string()
      .trim()
      .min(1, msg.required)
      .max(TOKEN_SYMBOL_MAX_LENGTH, msg.maxLength(TOKEN_SYMBOL_MAX_LENGTH)),
    cap: amount.refine((value) => toTokenAmount(value) > 0n, msg.greaterThanZero),
    totalSupply: amount.refine((value) => toTokenAmount(value) > 0n, msg.greaterThanZero),
    treasury: z
      .string()
      .trim()
      .min(1, msg.required)
      .refine((value) => isDecimal(value) && toPercentage(value) <= PERCENTAGE_100, msg.percent),
    initialDistribution: z.string(),
    recipients: z
      .array(
        z.object({
          address: z
            .string()
            .trim()
            .min(1, msg.required)
            .refine((value) => isAddressLike(value), msg.address),
          amount,
        }),
      )
      .min(1, "validation.recipientsRequired"),
  })
  .superRefine((values, ctx) => {
    const totalSupply = toTokenAmount(values.totalSupply);
    const cap = toTokenAmount(values.cap);
    if (totalSupply > MAX_TOTAL_SUPPLY) {
      ctx.addIssue({
        code: "custom",
        path: ["totalSupply"],
        message: encodeMessage("validation.totalSupplyTooLarge", { max: UINT64_MAX.toString() }),
      });
    } else if (cap > 0n && totalSupply > cap) {
      ctx.addIssue({ code: "custom", path: ["totalSupply"], message: "validation.totalSupplyAboveCap" });
    }
    if (isDecimal(values.treasury) && toPercentage(values.treasury) === PERCENTAGE_100) {
      ctx.addIssue({ code: "custom", path: ["treasury"], message: "validation.treasuryFull" });
      return;
    }
    duplicateIndexes(values.recipients.map((r) => r.address)).forEach((index) => {
      ctx.addIssue({ code: "custom", path: ["recipients", index, "address"], message: msg.duplicate });
    });
    const amounts = values.recipients.map((r) => toTokenAmount(r.amount));
    if (!amounts.some((value) => value > 0n)) {
      ctx.addIssue({
        code: "custom",
        path: ["recipients", "root"],
        message: "validation.recipientAmountRequired",
      });
      return;
    }
    const distributed = amounts.reduce((sum, value) => sum + value, 0n);
    const expected = initialDistributionAmount(values.totalSupply, values.treasury);
    if (totalSupply > 0n && distributed !== expected) {
      ctx.addIssue({
        code: "custom",
        path: ["recipients", "root"],
        message: encodeMessage("validation.distributionMismatch", {
          expected: formatAmount(expected, TOKEN_DECIMALS),
          actual: formatAmount(distributed, TOKEN_DECIMALS),
        }),
      });
    }
  });

export type TokenCreationValues = z.infer<typeof tokenCreationSchema>;
