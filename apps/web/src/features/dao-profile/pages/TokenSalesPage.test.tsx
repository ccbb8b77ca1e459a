import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { listAnswer, tierRecord } from "../../../test/apiDocuments.ts";
import { clientAnsweringEach } from "../../../test/fakeReadClient.ts";
import { fetchRoutes, jsonResponse, renderWithProviders } from "../../../test/renderWithProviders.tsx";
import { daoProfileFixture, FIXTURE_DAO } from "../test/daoProfileFixture.ts";

const state = vi.hoisted(() => ({ result: {} as Record<string, unknown>, client: undefined as unknown }));
vi.mock("../useDaoProfile.ts", () => ({ useDaoProfile: () => state.result }));
vi.mock("../../../shared/chain/readClient.ts", () => ({ useReadClient: () => state.client as ReadClient }));
vi.mock("@polity/core/generated/deployments", () => ({ deployments: { 97: {} } }));

const { default: DaoProfileRoute } = await import("../DaoProfileRoute.tsx");

const SALE = "0x5000000000000000000000000000000000000005";
const USDC = "0x4000000000000000000000000000000000000004";
const NATIVE = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";
const NOW = 1_800_000_000;
const META = { indexed_block: 100, indexed_at: NOW, state_time: NOW };

let calls: ReturnType<typeof fetchRoutes>["calls"];

function serve(tiers: unknown[]) {
  const routes = fetchRoutes([
    [/\/token-sale\/tiers$/, () => jsonResponse(listAnswer("token-sale-tiers", tiers, META))],
  ]);
  calls = routes.calls;
  vi.stubGlobal("fetch", routes.fn);
}

describe("Token sales tab", () => {
  beforeEach(() => {
    state.result = { isPending: false, isError: false, data: daoProfileFixture() };
    state.client = clientAnsweringEach((call) => {
      const symbols: Record<string, string> = { [SALE]: "SALE", [USDC]: "USDC" };
      if (call.functionName === "symbol") return symbols[call.address.toLowerCase()];
      if (call.functionName === "decimals") return call.address.toLowerCase() === USDC ? 6 : 18;
      throw new Error(`unexpected read ${call.functionName}`);
    }).client;
  });
  afterEach(() => vi.unstubAllGlobals());

  it("lists the DAO's tiers newest first with status, prices, progress and time left, from the tracker", async () => {
    serve([
      tierRecord({
        tier_id: "1",
        name: "Seed round",
        status: "completed",
        total_sold: (1000n * 10n ** 18n).toString(),
        progress_bps: 10_000,
      }),
      tierRecord({
        tier_id: "2",
        name: "Public round",
        purchase_tokens: [
          { token: USDC, exchange_rate: (2n * 10n ** 25n).toString() },
          { token: NATIVE, exchange_rate: (1500n * 10n ** 25n).toString() },
        ],
      }),
      tierRecord({
        tier_id: "3",
        name: "Late round",
        status: "pending",
        sale_start_time: NOW + 3 * 3600,
        total_sold: "0",
        progress_bps: 0,
        buyers_count: 0,
      }),
      tierRecord({ tier_id: "4", name: "Cancelled round", status: "not-actual", is_off: true }),
    ]);
    renderWithProviders(<DaoProfileRoute />, {
      path: `/dao/${FIXTURE_DAO}/token-sales`,
      routePath: "/dao/:daoAddress/*",
    });
    expect(screen.getByRole("link", { name: "Token sales" })).toHaveAttribute(
      "href",
      `/dao/${FIXTURE_DAO}/token-sales`,
    );
    const tiers = await screen.findAllByTestId("token-sale-tier");
    expect(tiers.map((tier) => within(tier).getByTestId("tier-status").textContent)).toEqual([
      "Not actual",
      "Pending",
      "Active",
      "Completed",
    ]);
    const active = tiers[2]!;
    expect(active).toHaveTextContent("Public round");
    expect(
      within(active)
        .getAllByTestId("tier-price")
        .map((el) => el.textContent),
    ).toEqual(["1 USDC = 2 SALE", "1 tBNB = 1,500 SALE"]);
    expect(within(active).getByTestId("tier-progress")).toHaveTextContent("Sold 250 of 1,000 SALE (25%)");
    expect(within(active).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "25");
    expect(within(active).getByTestId("tier-time")).toHaveTextContent("Ends in 2d 1h");
    expect(active).toHaveTextContent("1 buyer");
    expect(within(active).getByTestId("tier-link")).toHaveAttribute(
      "href",
      `/dao/${FIXTURE_DAO}/dao-token-sales/2/token-purchase`,
    );
    expect(within(tiers[1]!).getByTestId("tier-time")).toHaveTextContent("Starts in 3h");
    expect(within(tiers[3]!).getByTestId("tier-time")).toHaveTextContent("Sale ended");
    expect(within(tiers[0]!).getByTestId("tier-time")).toHaveTextContent("Switched off by the DAO");
    const list = calls.find((c) => c.url.pathname.endsWith("/tiers"));
    expect(list?.url.pathname).toBe(`/integrations/tracker/97/pools/gov/${FIXTURE_DAO}/token-sale/tiers`);
  });

  it("says when the DAO has no token sale, and when the tiers cannot be loaded", async () => {
    serve([]);
    const { unmount } = renderWithProviders(<DaoProfileRoute />, {
      path: `/dao/${FIXTURE_DAO}/token-sales`,
      routePath: "/dao/:daoAddress/*",
    });
    expect(await screen.findByText("This DAO has no token sale yet.")).toBeInTheDocument();
    unmount();
    vi.stubGlobal(
      "fetch",
      fetchRoutes([
        [
          /tiers$/,
          () =>
            jsonResponse(
              { errors: [{ title: "Service Unavailable", detail: "indexer down", status: "503" }] },
              503,
            ),
        ],
      ]).fn,
    );
    renderWithProviders(<DaoProfileRoute />, {
      path: `/dao/${FIXTURE_DAO}/token-sales`,
      routePath: "/dao/:daoAddress/*",
    });
    expect(await screen.findByText(/Token sales could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
