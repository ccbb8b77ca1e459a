import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { cachedPoolHelpers, fetchPoolHelpers } from "./poolHelpers.ts";
import type { ReadClient } from "./readClient.ts";

const POOL = "0x1000000000000000000000000000000000000001";
const HELPERS = [
  "0x3000000000000000000000000000000000000003",
  "0x4000000000000000000000000000000000000004",
  "0x5000000000000000000000000000000000000005",
  "0x6000000000000000000000000000000000000006",
  "0x7000000000000000000000000000000000000007",
] as const;

function clientAnswering(isPool: boolean) {
  const multicall = vi.fn(async ({ contracts }: { contracts: unknown[] }) =>
    contracts.map(() =>
      isPool
        ? { status: "success" as const, result: HELPERS }
        : { status: "failure" as const, error: new Error("reverted") },
    ),
  );
  return { client: { multicall } as unknown as ReadClient, multicall };
}

describe("pool helpers", () => {
  it("names the helper contracts as the ABI does", async () => {
    const { client } = clientAnswering(true);
    await expect(fetchPoolHelpers(client, POOL)).resolves.toEqual({
      settings: HELPERS[0],
      userKeeper: HELPERS[1],
      validators: HELPERS[2],
      poolRegistry: HELPERS[3],
      votePower: HELPERS[4],
    });
  });

  it("reads them once for every page that needs them, through the query cache", async () => {
    const { client, multicall } = clientAnswering(true);
    const queryClient = new QueryClient();
    const profile = cachedPoolHelpers(queryClient, client, 31337, POOL);
    const proposal = cachedPoolHelpers(queryClient, client, 31337, POOL);
    const [a, b] = await Promise.all([profile(), proposal()]);
    await proposal();
    expect(a).toEqual(b);
    expect(multicall).toHaveBeenCalledTimes(1);
  });

  it("rejects an address that is not a pool and does not keep the failure", async () => {
    const { client, multicall } = clientAnswering(false);
    const queryClient = new QueryClient();
    const load = cachedPoolHelpers(queryClient, client, 31337, POOL);
    await expect(load()).rejects.toThrow("reverted");
    await expect(load()).rejects.toThrow("reverted");
    expect(multicall).toHaveBeenCalledTimes(2);
  });
});
