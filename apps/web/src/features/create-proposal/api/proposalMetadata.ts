import { uploadedDocument } from "@polity/core/records/ipfs";
import { api } from "../../../shared/http/api.ts";
import type { RichTextDocument } from "../../../shared/ui/RichTextEditor.tsx";

/** The proposal metadata document of PROTOCOL.md, stored on IPFS and linked from the proposal. */
export interface ProposalMetadataDocument {
  proposalName: string;
  proposalDescription: RichTextDocument;
  category: string;
  isMeta: boolean;
  changes: { proposedChanges: unknown; currentChanges: unknown };
}

/**
 * Uploads any JSON document through the api's IPFS cache (signed in: uploads count against the
 * account's quota); resolves with its `ipfs://<cid>` link.
 */
export async function uploadJsonDocument(document: unknown): Promise<string> {
  const response = await api.post(
    "/integrations/ipfs-cache-svc/upload/json",
    { data: { type: "json-documents", attributes: { document } } },
    { schema: uploadedDocument },
  );
  return response.data.attributes.url;
}

/** JSON-safe copy of a changes record (bigints become decimal strings). */
export function jsonSafe(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === "bigint" ? v.toString() : v)));
}

export function uploadProposalMetadata(document: ProposalMetadataDocument): Promise<string> {
  return uploadJsonDocument(jsonSafe(document));
}
