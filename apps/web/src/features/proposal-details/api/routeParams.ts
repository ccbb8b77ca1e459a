/** A proposal id from the URL: a positive integer, or null. */
export function parseProposalId(raw: string | undefined): bigint | null {
  if (!raw || !/^[1-9]\d{0,30}$/.test(raw)) return null;
  return BigInt(raw);
}
