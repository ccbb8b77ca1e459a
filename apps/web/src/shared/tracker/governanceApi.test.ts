import { indexedMetaShape } from "@polity/core/records/governance";
import { dataDocument, listDocument, resourceRecord } from "@polity/core/records/jsonapi";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import { LIST_LINKS } from "../../test/apiDocuments.ts";
import { fetchRoutes, jsonResponse } from "../../test/renderWithProviders.tsx";
import type { TransactionRecord, TransactionsState } from "../tx/transactionsReducer.ts";
import { readIndexed, readIndexedPage, requiredIndexedBlock } from "./governanceApi.ts";

const NOW = 1_800_000_000_000;

/** A small proposal record: these tests are about waiting for the indexer, not about the fields. */
const proposalStub = resourceRecord("gov-proposals", z.object({ proposal_id: z.string() }));
const pageSchema = listDocument(proposalStub, indexedMetaShape);
const recordSchema = dataDocument(proposalStub, { meta: z.partial(z.object(indexedMetaShape)) });

function record(blockNumber: number, confirmedTime: number | undefined): TransactionRecord {
  return {
    hash: `0x${blockNumber.toString(16)}` as const,
    from: "0x1",
    info: {},
    addedTime: NOW - 60_000,
    ...(confirmedTime === undefined
      ? {}
      : {
          confirmedTime,
          receipt: {
            transactionHash: "0x1",
            blockHash: "0x2",
            blockNumber: String(blockNumber),
            transactionIndex: 0,
            status: "success",
            from: "0x1",
            to: null,
            contractAddress: null,
            gasUsed: "0",
            effectiveGasPriceEther: "0",
            feeEther: "0",
          },
        }),
  };
}

function page(indexedBlock: number | null) {
  return jsonResponse({
    data: [{ id: "1", type: "gov-proposals", attributes: { proposal_id: "1" } }],
    meta: {
      total_count: 21,
      page_number: 1,
      page_limit: 10,
      indexed_block: indexedBlock,
      indexed_at: 1,
      state_time: 2,
      order: "desc",
    },
    links: LIST_LINKS,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("requiredIndexedBlock", () => {
  it("is the highest block of the app's recently confirmed transactions on the chain", () => {
    const state = {
      31337: {
        a: record(40, NOW - 10_000),
        b: record(55, NOW - 1_000),
        old: record(99, NOW - 10 * 60_000),
        pending: record(120, undefined),
      },
      97: { c: record(500, NOW - 1_000) },
    } satisfies TransactionsState;
    expect(requiredIndexedBlock(31337, state, NOW)).toBe(55);
    expect(requiredIndexedBlock(97, state, NOW)).toBe(500);
    expect(requiredIndexedBlock(1, state, NOW)).toBe(0);
  });
});

describe("readIndexed", () => {
  it("asks again until the indexer has the transaction's block", async () => {
    const answers = [page(8), page(9), page(12)];
    const routes = fetchRoutes([[/proposals$/, () => answers.shift() ?? page(12)]]);
    vi.stubGlobal("fetch", routes.fn);
    const result = await readIndexedPage(
      31337,
      "/integrations/tracker/31337/pools/gov/0xabc/proposals",
      pageSchema,
      { minBlock: 10, pollMs: 1 },
    );
    expect(routes.calls).toHaveLength(3);
    expect(result).toMatchObject({ total: 21, page: 1, pageCount: 3, isBehind: false });
    expect(result.meta).toEqual({ indexed_block: 12, indexed_at: 1, state_time: 2 });
  });

  it("answers what it has, flagged as behind, when the wait runs out", async () => {
    const routes = fetchRoutes([[/proposals$/, () => page(3)]]);
    vi.stubGlobal("fetch", routes.fn);
    const result = await readIndexed(31337, "/x/proposals", pageSchema, {
      minBlock: 10,
      pollMs: 1,
      waitMs: 20,
    });
    expect(result.isBehind).toBe(true);
    expect(routes.calls.length).toBeGreaterThan(1);
  });

  it("reads once when the app has no recent transaction", async () => {
    const routes = fetchRoutes([[/proposals$/, () => page(null)]]);
    vi.stubGlobal("fetch", routes.fn);
    const result = await readIndexed(31337, "/x/proposals", pageSchema, { minBlock: 0 });
    expect(result.isBehind).toBe(false);
    expect(routes.calls).toHaveLength(1);
  });

  it("waits out a record that is not indexed yet, but fails on a 404 otherwise", async () => {
    let calls = 0;
    const routes = fetchRoutes([
      [
        /proposals\/7$/,
        () =>
          ++calls < 3
            ? jsonResponse({ errors: [{ title: "Not Found", detail: "not indexed", status: "404" }] }, 404)
            : jsonResponse({
                data: { id: "7", type: "gov-proposals", attributes: { proposal_id: "7" } },
                meta: { indexed_block: 10 },
              }),
      ],
    ]);
    vi.stubGlobal("fetch", routes.fn);
    const found = await readIndexed(31337, "/x/proposals/7", recordSchema, { minBlock: 10, pollMs: 1 });
    expect(found.isBehind).toBe(false);
    expect(routes.calls).toHaveLength(3);

    calls = 0;
    await expect(readIndexed(31337, "/x/proposals/7", recordSchema, { minBlock: 0 })).rejects.toMatchObject({
      status: 404,
    });
  });

  it("asks a 404 again only once the chain has said the record's subject exists", async () => {
    const routes = fetchRoutes([
      [/proposals\/9$/, () => jsonResponse({ errors: [{ title: "Not Found", status: "404" }] }, 404)],
    ]);
    vi.stubGlobal("fetch", routes.fn);
    const chainAnswer = new AbortController();
    let exists: () => void = () => undefined;
    const existsOnChain = new Promise<void>((resolve) => {
      exists = resolve;
    });
    const read = readIndexed(31337, "/x/proposals/9", recordSchema, {
      minBlock: 10,
      pollMs: 1,
      waitMs: 50,
      signal: chainAnswer.signal,
      existsOnChain,
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    // the chain has not answered yet: the first 404 is not asked again
    expect(routes.calls).toHaveLength(1);
    // the chain says there is no such proposal: its read aborts this one, which asks no more
    chainAnswer.abort(new Error("not on chain"));
    exists();
    await expect(read).rejects.toThrow("not on chain");
    expect(routes.calls).toHaveLength(1);
  });
});
