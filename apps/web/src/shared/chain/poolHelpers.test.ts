import { govPoolAbi } from "@polity/core/generated/contracts";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { clientAnsweringEach } from "../../test/fakeReadClient.ts";
import { helpersOf, helpersRead, poolHelpersCache, readDaoFirst } from "./poolHelpers.ts";
import { readBatch, readCall } from "./readBatch.ts";

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

  it("come beside a DAO read's first batch, which refuses an address without them", async () => {
    const name = readCall({ address: POOL, abi: govPoolAbi }, "name");
    const cache = poolHelpersCache(new QueryClient(), 31337, POOL);
    const notADao = (message: string) => new RangeError(message);
    const read = await readDaoFirst(
      clientAnsweringEach((call) => (call.functionName === "name" ? "Acme" : HELPERS)).client,
      POOL,
      { name },
      { cache, notADao },
    );
    expect(read.first.name).toBe("Acme");
    expect(read.helpers).toEqual(NAMED);
    expect(read.contracts.keeper.address).toBe(NAMED.userKeeper);

    const failing = clientAnsweringEach(() => {
      throw new Error("execution reverted");
    }).client;
    const fresh = poolHelpersCache(new QueryClient(), 31337, POOL);
    await expect(readDaoFirst(failing, POOL, { name }, { cache: fresh, notADao })).rejects.toThrow(
      RangeError,
    );
    // Known helpers, yet the required name is missing: still not a DAO.
    await expect(
      readDaoFirst(failing, POOL, { name }, { cache, notADao, required: ["name"] }),
    ).rejects.toThrow(`${POOL} is not a DAO`);
  });
});
