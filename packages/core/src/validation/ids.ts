/**
 * One validator per kind of id, used by the api's routes and the web's route parameters alike.
 *
 * - an on-chain proposal id: a GovPool proposal id, a positive uint256 in decimal;
 * - an api record id: the api's own serial ids (comments, off-chain proposals), a positive int8.
 */
import { z } from "zod";

const UINT256_MAX = 2n ** 256n - 1n;
const INT8_MAX = 2n ** 63n - 1n;

/** A GovPool proposal id: decimal text of a positive uint256 (no sign, no leading zero). */
export function isProposalId(value: string): boolean {
  return /^[1-9]\d{0,77}$/.test(value) && BigInt(value) <= UINT256_MAX;
}

/** The api's serial ids (comments, off-chain proposals): decimal text of a positive int8. */
export function isRecordId(value: string): boolean {
  return /^[1-9]\d{0,18}$/.test(value) && BigInt(value) <= INT8_MAX;
}

// Pure: a page that only parses ids (the web's routes) does not download zod for these two schemas.
export const proposalIdSchema = /* @__PURE__ */ z
  .string()
  .refine(isProposalId, "must be a positive integer proposal id");

export const recordIdSchema = /* @__PURE__ */ z.string().refine(isRecordId, "must be a positive integer id");

/** A proposal id as a route parameter: the bigint, or null when the text is no proposal id. */
export function parseProposalId(raw: string | undefined): bigint | null {
  return raw !== undefined && isProposalId(raw) ? BigInt(raw) : null;
}
