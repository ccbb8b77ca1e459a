import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TopPool } from "../../shared/tracker/trackerApi.ts";
import { listAnswer } from "../../test/apiDocuments.ts";
import { fetchRoutes, jsonResponse, renderWithProviders } from "../../test/renderWithProviders.tsx";
import { topPoolRecord } from "../../test/trackerRecords.ts";
import DaoListPage, { byVotingPower, tabFromPath } from "./DaoListPage.tsx";

function pool(index: number, overrides: Partial<TopPool> = {}): TopPool {
  return topPoolRecord(index, overrides);
}

function listDocument(items: TopPool[], total = items.length, page = 1) {
  return listAnswer(
    "top-gov-pools",
    items,
    { total_count: total, page_number: page, page_limit: 25 },
    (item) => item.pool_address,
  );
}

describe("DaoListPage", () => {
  let routes: ReturnType<typeof fetchRoutes>;
  afterEach(() => vi.unstubAllGlobals());

  describe("All DAOs", () => {
    beforeEach(() => {
      routes = fetchRoutes([
        [
          /\/pools\/gov\/top$/,
          (url) => {
            const page = Number(url.searchParams.get("page[number]") ?? 1);
            if (url.searchParams.get("search") === "nothing") return jsonResponse(listDocument([], 0));
            return jsonResponse(
              listDocument(
                [
                  pool(page * 100 + 1, { name: `Page ${page} DAO`, is_member: page === 1 }),
                  pool(page * 100 + 2),
                ],
                60,
                page,
              ),
            );
          },
        ],
      ]);
      vi.stubGlobal("fetch", routes.fn);
    });

    it("lists the tracker's DAOs with their figures, sorted by TVL by default", async () => {
      renderWithProviders(<DaoListPage />);
      expect(screen.getByText("Loading DAOs…")).toBeInTheDocument();
      expect(await screen.findByText("Page 1 DAO")).toBeInTheDocument();
      expect(screen.getAllByTestId("dao-row")).toHaveLength(2);
      expect(screen.getAllByText("$1,234").length).toBeGreaterThan(0);
      expect(screen.getAllByText("N/A").length).toBeGreaterThan(0); // zero TVG
      expect(screen.getAllByText("2 active / 7")).toHaveLength(2);
      expect(screen.getByText("Member")).toBeInTheDocument();
      const top = routes.calls.find((c) => c.url.pathname.endsWith("/top"))?.url;
      expect(top?.pathname).toBe("/integrations/tracker/97/pools/gov/top");
      expect(top?.searchParams.get("sort")).toBe("-tvl");
      expect(top?.searchParams.get("page[limit]")).toBe("25");
      expect(screen.getAllByTestId("dao-row")[0]).toHaveAttribute("href", `/dao/${pool(101).pool_address}`);
    });

    it("re-queries when the sort changes and pages by 25", async () => {
      renderWithProviders(<DaoListPage />);
      await screen.findByText("Page 1 DAO");
      fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "members" } });
      await waitFor(() => expect(routes.calls.at(-1)?.url.searchParams.get("sort")).toBe("-members"));
      expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
      fireEvent.click(screen.getByRole("button", { name: "Next" }));
      expect(await screen.findByText("Page 2 DAO")).toBeInTheDocument();
      expect(routes.calls.at(-1)?.url.searchParams.get("page[number]")).toBe("2");
    });

    it("searches after typing stops and shows the empty state", async () => {
      renderWithProviders(<DaoListPage />);
      await screen.findByText("Page 1 DAO");
      fireEvent.change(screen.getByLabelText("Search DAOs"), { target: { value: "nothing" } });
      expect(await screen.findByText("No DAO matches “nothing”.")).toBeInTheDocument();
      expect(routes.calls.at(-1)?.url.searchParams.get("search")).toBe("nothing");
    });
  });

  it("shows the error state with a retry", async () => {
    let fail = true;
    routes = fetchRoutes([
      [
        /\/pools\/gov\/top$/,
        () =>
          fail
            ? jsonResponse({ errors: [{ title: "Service unavailable", detail: "indexing" }] }, 503)
            : jsonResponse(listDocument([pool(1)])),
      ],
    ]);
    vi.stubGlobal("fetch", routes.fn);
    renderWithProviders(<DaoListPage />);
    expect(
      await screen.findByText("DAO data is still being indexed. Try again in a moment."),
    ).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("DAO 1")).toBeInTheDocument();
  });

  it("asks to connect on the personal tabs when no wallet is connected", async () => {
    routes = fetchRoutes([]);
    vi.stubGlobal("fetch", routes.fn);
    renderWithProviders(<DaoListPage />, { path: "/voting-power" });
    expect(await screen.findByText("Connect your wallet to see your DAOs.")).toBeInTheDocument();
    expect(routes.calls).toHaveLength(0);
  });
});

describe("helpers", () => {
  it("maps paths to tabs", () => {
    expect(tabFromPath("/")).toBe("all");
    expect(tabFromPath("/voting-power")).toBe("voting-power");
    expect(tabFromPath("/my-activity")).toBe("my-activity");
  });

  it("keeps the DAOs where the power read on chain is above zero, the largest first", () => {
    const dao = (index: number, power: bigint | undefined) => ({
      ...pool(index),
      user_address: "0x00000000000000000000000000000000000000aa" as const,
      user_recent_votes_count: 0,
      user_recent_proposals_count: 0,
      user_recent_deposits_count: 0,
      user_votes_count: 0,
      user_proposals_count: 0,
      user_deposits_count: 0,
      user_last_activity_at: null,
      user_deposited_tokens: "0",
      user_deposited_nfts: 0,
      user_delegated_in_tokens: "0",
      user_delegated_out_tokens: "0",
      power,
      commentsCount: 0,
    });
    const sorted = byVotingPower([dao(1, 5n), dao(2, 0n), dao(3, 12n), dao(4, undefined)]);
    expect(sorted.map((d) => d.pool_address)).toEqual([pool(3).pool_address, pool(1).pool_address]);
  });
});
