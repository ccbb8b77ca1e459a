import { uploadJson } from "../../../shared/ipfs/upload.ts";
import type { RichTextDocument } from "../../../shared/ui/RichTextEditor.tsx";

/** The proposal metadata document of PROTOCOL.md, stored on IPFS and linked from the proposal. */
export interface ProposalMetadataDocument {
  proposalName: string;
  proposalDescription: RichTextDocument;
  category: string;
  isMeta: boolean;
  changes: { proposedChanges: unknown; currentChanges: unknown };
}

/** JSON-safe copy of a changes record (bigints become decimal strings). */
export function jsonSafe(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === "bigint" ? v.toString() : v)));
}

/** Uploads the document through the api's IPFS cache; resolves with its `ipfs://<cid>` link. */
export async function uploadProposalMetadata(document: ProposalMetadataDocument): Promise<string> {
  return (await uploadJson(jsonSafe(document))).url;
}
