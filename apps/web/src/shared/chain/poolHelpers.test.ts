import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { clientAnsweringEach } from "../../test/fakeReadClient.ts";
import { helpersOf, helpersRead, poolHelpersCache } from "./poolHelpers.ts";
import { readBatch } from "./readBatch.ts";

const POOL = "0x1000000000000000000000000000000000000001";
const HELPERS = [
  "0x3000000000000000000000000000000000000003",
  "0x4000000000000000000000000000000000000004",
  "0x5000000000000000000000000000000000000005",
  "0x6000000000000000000000000000000000000006",
  "0x7000000000000000000000000000000000000007",
] as const;
const NAMED = {
  settings: HELPERS[0],
  userKeeper: HELPERS[1],
  validators: HELPERS[2],
  poolRegistry: HELPERS[3],
  votePower: HELPERS[4],
};

const clientAnswering = () => clientAnsweringEach(() => HELPERS);

describe("pool helpers", () => {
  it("are read by their ABI names in a page's first batch, kept, and not read by the next page", async () => {
    const { client, multicall } = clientAnswering();
    const cache = poolHelpersCache(new QueryClient(), 31337, POOL);

    const first = await readBatch(client, { helpers: helpersRead(POOL, cache) });
    expect(helpersOf(first.helpers, cache)).toEqual(NAMED);
    expect(multicall).toHaveBeenCalledTimes(1);

    const next = await readBatch(client, { helpers: helpersRead(POOL, cache) });
    expect(next.helpers).toBeUndefined();
    expect(helpersOf(next.helpers, cache)).toEqual(NAMED);
    expect(multicall).toHaveBeenCalledTimes(1);
  });

  it("keeps nothing for an address that is not a pool", () => {
    const cache = poolHelpersCache(new QueryClient(), 31337, POOL);
    expect(helpersOf(undefined, cache)).toBeUndefined();
    expect(cache.known()).toBeUndefined();
    expect(helpersRead(POOL, cache)?.functionName).toBe("getHelperContracts");
  });
});
