import type { MessageKey, MessageParams } from "@polity/core/i18n/en";
import { tokenAmount } from "./tokenAmount.ts";

/**
 * A field's 'Overlimit' saying what the limit is — the terminals' 'Overlimit: at most {{limit}} now'
 * with the limit in the one token-amount format: "Overlimit: at most 1,000 PFR now".
 */
export function overlimitMessage(
  limit: bigint,
  decimals: number,
  symbol?: string,
): { key: MessageKey; params: MessageParams } {
  return { key: "terminal.overlimitOf", params: { limit: tokenAmount(limit, decimals, symbol) } };
}
