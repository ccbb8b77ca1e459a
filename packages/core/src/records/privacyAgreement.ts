/**
 * Answers of the sign-in service about agreements to the privacy policy
 * (`/integrations/nonce-auth-svc/agreements`): apart from `auth.ts`, so the app's shell, which signs in,
 * does not carry them.
 */
import * as z from "zod/mini";
import { addressRecord, dataDocument, hexRecord, isoTimeRecord, resourceRecord } from "./jsonapi.ts";

/**
 * An account's agreement to the privacy policy, given once at sign-in: its EIP-712 signature of
 * `Agreement(documentHash)` for one chain's UserRegistry, which its first transaction there records on chain.
 */
export const agreementRecord = z.object({
  account: addressRecord,
  chain_id: z.int(),
  registry: addressRecord,
  document_hash: hexRecord,
  signature: hexRecord,
  agreed_at: isoTimeRecord,
});
export type AgreementRecord = z.infer<typeof agreementRecord>;

/** `PUT /agreements/{chainId}`, `GET /agreements/{chainId}`: the signed-in account's agreement there. */
export const agreementDocument = dataDocument(resourceRecord("privacy-agreements", agreementRecord));
