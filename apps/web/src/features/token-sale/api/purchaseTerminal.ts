import { amountTerminal } from "@polity/core/terminal";
import type { TierRecord } from "../../../shared/tracker/tokenSaleApi.ts";
import type { Buyer, PaymentToken } from "./fetchTokenPurchase.ts";

const RATE_SCALE = 10n ** 25n;

/** Sale tokens `paid` of `token` buys: the contract's `getSaleTokenAmount`. */
export function saleAmountFor(paid: bigint, token: PaymentToken, saleDecimals: number): bigint {
  return (
    (paid * token.exchangeRate * 10n ** BigInt(saleDecimals)) / (RATE_SCALE * 10n ** BigInt(token.decimals))
  );
}

/** The most of `token` that buys at most `saleAmount` sale tokens. */
export function paymentFor(saleAmount: bigint, token: PaymentToken, saleDecimals: number): bigint {
  if (token.exchangeRate === 0n) return 0n;
  return (
    (saleAmount * RATE_SCALE * 10n ** BigInt(token.decimals)) /
    (token.exchangeRate * 10n ** BigInt(saleDecimals))
  );
}

export type PurchaseStep = "approve" | "buy";

export interface PurchaseTerminal {
  amount: bigint;
  /** Sale tokens the amount buys. */
  saleAmount: bigint;
  inputError: string | null;
  /** The first reason the button cannot act (a `core` or `tokenSale:` message key), or null. */
  blocker: string | null;
  /** The transactions the purchase needs, in order. */
  steps: PurchaseStep[];
  /** Sale tokens the buyer may still buy: their allocation left, within what the tier has left. */
  saleLimit: bigint;
}

/**
 * The buy terminal over a typed amount of `token`: core's amount rules (insufficient balance, overlimit
 * against the allocation left), then the tier's own: it must be active, the buyer must meet its
 * requirements, and the allocation must reach the minimum. An ERC-20 needs an approval first.
 */
export function purchaseTerminal(input: {
  amountText: string;
  tier: TierRecord;
  token: PaymentToken;
  saleDecimals: number;
  buyer: Buyer;
}): PurchaseTerminal {
  const { tier, token, buyer, saleDecimals } = input;
  const supplyLeft = BigInt(tier.total_token_provided) - BigInt(tier.total_sold);
  const allocationLeft = BigInt(tier.max_allocation_per_user) - buyer.bought;
  const saleLimit = allocationLeft < supplyLeft ? allocationLeft : supplyLeft;
  const form = amountTerminal({
    amountText: input.amountText,
    decimals: token.decimals,
    balance: token.balance,
    limit: paymentFor(saleLimit > 0n ? saleLimit : 0n, token, saleDecimals),
  });
  const saleAmount = saleAmountFor(form.amount, token, saleDecimals);
  let blocker = form.blocker;
  if (tier.status !== "active") blocker = "tokenSale:buy.notActive";
  else if (!buyer.canParticipate) blocker = "tokenSale:buy.cannotParticipate";
  else if (!blocker && buyer.bought + saleAmount < BigInt(tier.min_allocation_per_user))
    blocker = "tokenSale:buy.belowMinimum";
  else if (!blocker && saleAmount === 0n) blocker = "terminal.selectAmount";
  const steps: PurchaseStep[] =
    !token.isNative && form.amount > 0n && token.allowance < form.amount ? ["approve", "buy"] : ["buy"];
  return { amount: form.amount, saleAmount, inputError: form.inputError, blocker, steps, saleLimit };
}
