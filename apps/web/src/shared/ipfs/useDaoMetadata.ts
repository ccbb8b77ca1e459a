import { useQuery } from "@tanstack/react-query";
import { daoMetadataDocumentQuery, daoMetadataQuery, richTextQuery } from "./daoMetadata.ts";

/** The DAO's metadata document (name, links, avatar), read when `enabled` and the DAO has one. */
export function useDaoMetadata(descriptionUrl: string | undefined, enabled = true) {
  const options = daoMetadataQuery(descriptionUrl);
  return useQuery({ ...options, enabled: enabled && options.enabled !== false });
}

/** The DAO's metadata document with every key it stores, for editing. */
export function useDaoMetadataDocument(descriptionUrl: string) {
  return useQuery(daoMetadataDocumentQuery(descriptionUrl));
}

/** A rich-text description document. */
export function useRichText(link: string | undefined) {
  return useQuery(richTextQuery(link));
}
