import type { DelegationEventRecord } from "@polity/core/records/delegation";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listAnswer, userProposalRecord } from "../../../test/apiDocuments.ts";
import { clientAnsweringEach } from "../../../test/fakeReadClient.ts";
import { fetchRoutes, jsonResponse } from "../../../test/renderWithProviders.tsx";
import { fetchDelegatedRewards } from "./fetchDelegatedRewards.ts";

const DAO = "0x1000000000000000000000000000000000000001" as const;
const USER = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266" as const;
const A = "0x5000000000000000000000000000000000000005" as const;
const B = "0x6000000000000000000000000000000000000006" as const;
const TOKEN = "0x3000000000000000000000000000000000000003" as const;
const META = { indexed_block: 9, indexed_at: 1, state_time: 1 };

function event(delegatee: `0x${string}`, kind: DelegationEventRecord["kind"]): DelegationEventRecord {
  return {
    chain_id: 31337,
    pool_address: DAO,
    delegator: USER,
    delegatee,
    kind,
    delegation_type: kind === "delegate" ? 1 : 2,
    amount: "1",
    nft_ids: [],
    power: "1",
    delegatee_power: "1",
    block_number: 1,
    timestamp: 1,
    tx_hash: "0x01",
  };
}

/** `items` as page `number` (of `limit`) of a list of `total`. */
function page<A>(type: string, items: A[], number: number, limit: number, total: number) {
  return jsonResponse(
    listAnswer(type, items, { total_count: total, page_number: number, page_limit: limit, ...META }),
  );
}

/** Every list answered page by page from `lists` (path pattern → all its items). */
function stubLists(lists: [RegExp, string, unknown[]][]) {
  const routes = fetchRoutes(
    lists.map(([pattern, type, items]) => [
      pattern,
      (url: URL) => {
        const number = Number(url.searchParams.get("page[number]"));
        const limit = Number(url.searchParams.get("page[limit]"));
        return page(type, items.slice((number - 1) * limit, number * limit), number, limit, items.length);
      },
    ]),
  );
  vi.stubGlobal("fetch", routes.fn);
  return routes;
}

/** `getDelegatorRewards(ids, user, delegatee)`: id × 1 token each, id 2 already claimed. */
function rewardsClient() {
  return clientAnsweringEach((call) => {
    const ids = call.args?.[0] as bigint[];
    return {
      ids,
      rewardTokens: ids.map(() => TOKEN),
      expectedRewards: ids.map((id) => (id === 2n ? 0n : id * 10n ** 18n)),
      isVoteFor: ids.map(() => true),
      isClaimed: ids.map((id) => id === 2n),
    };
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("fetchDelegatedRewards", () => {
  it("pages through the whole delegation history and each delegatee's executed proposals", async () => {
    const routes = stubLists([
      [
        /delegations\/history$/,
        "delegation-events",
        [event(A, "delegate"), event(A, "undelegate"), event(B, "delegate")],
      ],
      [
        new RegExp(`user-proposals/${A}$`),
        "gov-user-proposals",
        [4, 3, 2].map((id) => userProposalRecord(DAO, A, id)),
      ],
      [new RegExp(`user-proposals/${B}$`), "gov-user-proposals", [userProposalRecord(DAO, B, 5)]],
    ]);
    const { client, multicall } = rewardsClient();
    const read = await fetchDelegatedRewards(client, DAO, USER, {}, { page: 2, pages: 3, delegatees: 5 });

    expect(read.isTruncated).toBe(false);
    expect(read.rows.map((r) => [r.delegatee, r.id, r.amount, r.isClaimed])).toEqual([
      [A, 4n, 4n * 10n ** 18n, false],
      [A, 3n, 3n * 10n ** 18n, false],
      [A, 2n, 0n, true],
      [B, 5n, 5n * 10n ** 18n, false],
    ]);
    const asked = routes.calls.map(({ url }) => [
      url.pathname.split("/").slice(-2).join("/"),
      url.searchParams.get("page[number]"),
      url.searchParams.get("page[limit]"),
    ]);
    expect(asked).toEqual(
      expect.arrayContaining([
        ["delegations/history", "1", "2"],
        ["delegations/history", "2", "2"],
        [`user-proposals/${A}`, "1", "2"],
        [`user-proposals/${A}`, "2", "2"],
        [`user-proposals/${B}`, "1", "2"],
      ]),
    );
    expect(asked).toHaveLength(5);
    const history = routes.calls[0]!.url;
    expect(history.searchParams.get("delegator")).toBe(USER);
    const proposals = routes.calls.find(({ url }) => url.pathname.includes("user-proposals"))!.url;
    expect(proposals.searchParams.get("filter[state]")).toBe("7,8");
    expect(proposals.searchParams.get("page[order]")).toBe("desc");
    // one multicall: one getDelegatorRewards per delegatee
    expect(multicall).toHaveBeenCalledTimes(1);
    expect(multicall.mock.calls[0]![0].contracts.map((c) => c.args?.[2])).toEqual([A, B]);
  });

  it("says the list is a part past its limits: more history pages, more delegatees or more proposals", async () => {
    stubLists([
      [/delegations\/history$/, "delegation-events", [event(A, "delegate"), event(B, "delegate")]],
      [/user-proposals\//, "gov-user-proposals", [userProposalRecord(DAO, A, 4)]],
    ]);
    const { client } = rewardsClient();
    const pages = await fetchDelegatedRewards(client, DAO, USER, {}, { page: 1, pages: 1, delegatees: 5 });
    expect(pages.isTruncated).toBe(true);
    expect(pages.rows.map((r) => r.delegatee)).toEqual([A]);
    const delegatees = await fetchDelegatedRewards(
      client,
      DAO,
      USER,
      {},
      { page: 5, pages: 1, delegatees: 1 },
    );
    expect(delegatees.isTruncated).toBe(true);
    expect(delegatees.rows.map((r) => r.delegatee)).toEqual([A]);
    const all = await fetchDelegatedRewards(client, DAO, USER, {}, { page: 5, pages: 1, delegatees: 2 });
    expect(all.isTruncated).toBe(false);
    expect(all.rows).toHaveLength(2);
  });
});
