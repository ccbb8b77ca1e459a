import type { DelegateeRecord } from "@polity/core/records/delegation";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listAnswer } from "../../../test/apiDocuments.ts";
import {
  fetchRoutes,
  jsonResponse,
  renderWithProviders,
  TEST_ACCOUNT,
} from "../../../test/renderWithProviders.tsx";
import { delegateeRecord, EXPERT, INDEXED_META, ME } from "../../../test/trackerRecords.ts";
import { daoProfileFixture, FIXTURE_DAO } from "../test/daoProfileFixture.ts";
import { MembersPage } from "./MembersPage.tsx";

const connection = vi.hoisted(() => ({ address: undefined as string | undefined }));
vi.mock("wagmi", async (importOriginal) => ({
  ...(await importOriginal<typeof import("wagmi")>()),
  useConnection: () => ({ address: connection.address }),
}));

// The members' list (tracker holders, then one multicall) answered directly.
const memberRows = vi.hoisted(() => ({ rows: [] as unknown[] }));
vi.mock("../api/membersQuery.ts", () => ({
  membersQuery: () => ({ queryKey: ["members", "test"], queryFn: async () => memberRows.rows }),
}));

const META = INDEXED_META;
const expert = (over: Partial<DelegateeRecord>) => delegateeRecord(FIXTURE_DAO, over);

function renderMembers(filter: string, experts: DelegateeRecord[]) {
  const api = fetchRoutes([[/\/experts$/, () => jsonResponse(listAnswer("delegatees", experts, META))]]);
  vi.stubGlobal("fetch", api.fn);
  renderWithProviders(<MembersPage profile={daoProfileFixture()} />, {
    path: `/dao/${FIXTURE_DAO}/members/${filter}`,
    routePath: "/dao/:dao/members/:filter",
  });
  return api;
}

afterEach(() => {
  vi.unstubAllGlobals();
  connection.address = undefined;
});

describe("MembersPage, Experts filter", () => {
  it("lists only the DAO's experts, each with Delegate but the connected member's own row", async () => {
    connection.address = TEST_ACCOUNT;
    const api = renderMembers("experts", [
      expert({}),
      expert({ account: ME, user_type: "global expert", delegators_count: 1 }),
    ]);
    const filter = screen.getByRole("link", { name: "Experts" });
    expect(filter).toHaveAttribute("href", `/dao/${FIXTURE_DAO}/members/experts`);
    expect(filter).toHaveAttribute("aria-current", "page");
    const rows = await screen.findAllByTestId("expert-row");
    expect(rows).toHaveLength(2);
    expect(screen.queryByTestId("member-row")).toBeNull();
    expect(rows[0]).toHaveTextContent("Expert");
    expect(rows[0]).toHaveTextContent("130 ACME");
    expect(within(rows[0] as HTMLElement).getByRole("link", { name: "Delegate" })).toHaveAttribute(
      "href",
      `/dao/${FIXTURE_DAO}/delegate/${EXPERT}/1`,
    );
    expect(rows[1]).toHaveTextContent("Global expert");
    expect(within(rows[1] as HTMLElement).queryByRole("link", { name: "Delegate" })).toBeNull();
    // The experts come from the tracker alone, not from the holders' list.
    expect(api.calls.map((call) => call.url.pathname)).toEqual([
      `/integrations/tracker/97/pools/gov/${FIXTURE_DAO}/experts`,
    ]);
  });

  it("says so when the DAO has no experts", async () => {
    renderMembers("experts", []);
    expect(await screen.findByText("This DAO has no experts yet.")).toBeInTheDocument();
  });
});

describe("MembersPage, All filter", () => {
  it("gives each member's wallet balance and voting power in the DAO's token", async () => {
    memberRows.rows = [
      {
        address: ME,
        walletBalance: 1_500n * 10n ** 18n,
        power: 30_000n * 10n ** 18n,
        isExpert: true,
        isValidator: false,
      },
    ];
    renderMembers("all", []);
    const row = await screen.findByTestId("member-row");
    expect(row).toHaveTextContent("1,500 ACME");
    expect(row).toHaveTextContent("30,000 ACME");
    expect(row).toHaveTextContent("Expert");
  });
});
