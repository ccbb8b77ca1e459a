/**
 * Balance and price rules of spec section 9: a token shows in balances only with a balance above
 * zero, and never for the zero-like address ("0x0", "0x000…0"); the fallback member count is the
 * union of token holders and voters; of two price sources the higher price is used.
 */

const ZERO_LIKE = /^0x0*$/i;

export function isZeroLikeAddress(address: string): boolean {
  return ZERO_LIKE.test(address.trim());
}

export type BalanceRow = { token_address: string; balance: string | bigint };

export function isShownBalance(row: BalanceRow): boolean {
  if (isZeroLikeAddress(row.token_address)) return false;
  const balance = typeof row.balance === "bigint" ? row.balance : row.balance.trim();
  if (typeof balance === "bigint") return balance > 0n;
  return /^\d*\.?\d*$/.test(balance) && /[1-9]/.test(balance);
}

export function shownBalances<T extends BalanceRow>(rows: readonly T[]): T[] {
  return rows.filter(isShownBalance);
}

/** Members when the indexer has no count: distinct token holders and voters (addresses compared case-insensitively). */
export function fallbackMemberCount(holders: readonly string[], voters: readonly string[]): number {
  return new Set([...holders, ...voters].map((a) => a.toLowerCase())).size;
}

/** The higher of two price sources (missing sources ignored; null when neither has a price). */
export function higherPrice(a: bigint | null | undefined, b: bigint | null | undefined): bigint | null {
  if (a === null || a === undefined) return b ?? null;
  if (b === null || b === undefined) return a;
  return a > b ? a : b;
}
