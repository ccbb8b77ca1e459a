import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { daoMetadataQuery, prefetchDaoDescription, richTextQuery } from "./daoMetadata.ts";

afterEach(() => vi.unstubAllGlobals());

describe("prefetchDaoDescription", () => {
  it("reads the metadata document, then the description it links, into the cache the header reads", async () => {
    const documents: Record<string, unknown> = {
      meta: { name: "Acme", description: "ipfs://description" },
      description: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Hi" }] }] },
    };
    const fetch = vi.fn(async (url: string) => Response.json(documents[url.split("/").pop() ?? ""]));
    vi.stubGlobal("fetch", fetch);
    const queryClient = new QueryClient();

    await prefetchDaoDescription(queryClient, "ipfs://meta");

    expect(queryClient.getQueryData(daoMetadataQuery("ipfs://meta").queryKey)).toMatchObject({
      description: "ipfs://description",
    });
    expect(queryClient.getQueryData(richTextQuery("ipfs://description").queryKey)).toEqual(
      documents.description,
    );
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
