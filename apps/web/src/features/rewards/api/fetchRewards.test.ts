import { afterEach, describe, expect, it, vi } from "vitest";
import { listAnswer, userProposalRecord } from "../../../test/apiDocuments.ts";
import { fakeReadClient, ok } from "../../../test/fakeReadClient.ts";
import { fetchRoutes, jsonResponse } from "../../../test/renderWithProviders.tsx";
import { fetchRewards } from "./fetchRewards.ts";

const DAO = "0x1000000000000000000000000000000000000001" as const;
const USER = "0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266" as const;
const TOKEN = "0x3000000000000000000000000000000000000003" as const;
const E = (n: number) => BigInt(n) * 10n ** 18n;

const record = (id: number, hasClaimed: boolean) => userProposalRecord(DAO, USER, id, hasClaimed);

function listDocument(items: unknown[], total: number) {
  return jsonResponse(
    listAnswer("gov-user-proposals", items, {
      total_count: total,
      page_number: 2,
      page_limit: 25,
      indexed_block: 9,
      indexed_at: 1,
      state_time: 1,
    }),
  );
}

function fakeClient() {
  return fakeReadClient((contracts) => {
    if (contracts[0]?.functionName === "name") {
      const ids = contracts[1]?.args?.[1] as bigint[];
      return [
        ok("Acme DAO"),
        ok({
          onchainTokens: ids.map(() => TOKEN),
          staticRewards: ids.map((id) => (id === 4n ? E(50) : 0n)),
          votingRewards: ids.map((id) => ({
            personal: id === 4n ? E(3) : 0n,
            micropool: 0n,
            treasury: 0n,
          })),
          multiplierRewards: ids.map((id) => (id === 4n ? E(2) : 0n)),
          offchainTokens: [TOKEN],
          offchainRewards: [E(7)],
        }),
      ];
    }
    return [ok("ACME"), ok(18)];
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("fetchRewards", () => {
  it("reads a page of the user's executed proposals from the api, then their pending rewards on chain", async () => {
    const routes = fetchRoutes([
      [/\/user-proposals\/0x[0-9a-f]{40}$/, () => listDocument([record(4, false), record(3, true)], 27)],
    ]);
    vi.stubGlobal("fetch", routes.fn);
    const { client, multicall } = fakeClient();
    const overview = await fetchRewards(client, DAO, USER, 2);

    const url = routes.calls[0]?.url;
    expect(url?.pathname).toBe(
      `/integrations/tracker/31337/pools/gov/${DAO.toLowerCase()}/user-proposals/${USER.toLowerCase()}`,
    );
    expect(url?.searchParams.get("filter[state]")).toBe("7,8");
    expect(url?.searchParams.get("page[number]")).toBe("2");
    // One multicall for the name and the page's pending rewards, one for the tokens' metadata.
    expect(multicall).toHaveBeenCalledTimes(2);
    expect(multicall.mock.calls[0]?.[0].contracts[1]?.args).toEqual([USER, [4n, 3n]]);
    expect(overview).toMatchObject({
      daoName: "Acme DAO",
      page: 2,
      pageCount: 2,
      total: 27,
      isBehind: false,
      offchain: [{ token: TOKEN, amount: E(7) }],
      tokens: { [TOKEN.toLowerCase()]: { symbol: "ACME", decimals: 18 } },
    });
    expect(overview.proposals).toEqual([
      {
        id: 4n,
        token: TOKEN,
        staticReward: E(50),
        voting: { personal: E(3), micropool: 0n, treasury: 0n },
        multiplierBonus: E(2),
        total: E(55),
        hasClaimed: false,
      },
      {
        id: 3n,
        token: TOKEN,
        staticReward: 0n,
        voting: { personal: 0n, micropool: 0n, treasury: 0n },
        multiplierBonus: 0n,
        total: 0n,
        hasClaimed: true,
      },
    ]);
  });

  it("fails when the api cannot list the proposals", async () => {
    vi.stubGlobal(
      "fetch",
      fetchRoutes([
        [
          /user-proposals/,
          () => jsonResponse({ errors: [{ title: "Unavailable", detail: "x", status: "503" }] }, 503),
        ],
      ]).fn,
    );
    const { client, multicall } = fakeClient();
    await expect(fetchRewards(client, DAO, USER)).rejects.toMatchObject({ status: 503 });
    expect(multicall).not.toHaveBeenCalled();
  });
});
