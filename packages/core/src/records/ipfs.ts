/** Answers of the IPFS cache (`/integrations/ipfs-cache-svc`). */
import * as z from "zod/mini";
import { addressRecord, dataDocument, jsonValue, poolKeyShape, resourceRecord } from "./jsonapi.ts";

/** `POST /upload/json`, `POST /upload/image`: the stored document's CID. */
export const uploadedDocument = dataDocument(
  resourceRecord("ipfs-documents", z.object({ cid: z.string(), url: z.string() })),
);

export const linksRecord = z.object({
  json: z.string(),
  /** Image documents referenced from the document (`ipfs://<cid>` values, avatarCID). */
  images: z.array(z.string()),
  /** Other IPFS documents referenced from it (rich-text descriptions, settings documents). */
  documents: z.array(z.string()),
});
export type LinksRecord = z.infer<typeof linksRecord>;

const resolved = { cid: z.string(), links: linksRecord, document: jsonValue };

/** `POST /public/pool-info`: a metadata document and its links. */
export const poolInfoDocument = dataDocument(resourceRecord("pool-info", z.object(resolved)));

/** A DAO's metadata document. */
export const poolLinkDocument = dataDocument(
  resourceRecord("pools", z.object({ chain_id: z.int(), pool_address: addressRecord, ...resolved })),
);

/** A proposal's metadata document. */
export const proposalLinkDocument = dataDocument(
  resourceRecord(
    "proposals",
    z.object({
      ...poolKeyShape,
      proposal_id: z.string(),
      ...resolved,
    }),
  ),
);
