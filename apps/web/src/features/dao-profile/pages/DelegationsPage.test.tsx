import type { DelegateeRecord, DelegationRecord } from "@polity/core/records/delegation";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listAnswer } from "../../../test/apiDocuments.ts";
import {
  fetchRoutes,
  jsonResponse,
  renderWithProviders,
  TEST_ACCOUNT,
} from "../../../test/renderWithProviders.tsx";
import {
  delegateeRecord,
  delegationRecord,
  EXPERT,
  INDEXED_META,
  ME,
  wei,
} from "../../../test/trackerRecords.ts";
import { daoProfileFixture, FIXTURE_DAO, userPositionFixture } from "../test/daoProfileFixture.ts";
import { DelegationsPage } from "./DelegationsPage.tsx";

const connection = vi.hoisted(() => ({ address: undefined as string | undefined }));
vi.mock("wagmi", async (importOriginal) => ({
  ...(await importOriginal<typeof import("wagmi")>()),
  useConnection: () => ({ address: connection.address }),
}));

const E = wei;
const OTHER = "0x8000000000000000000000000000000000000008";
const META = INDEXED_META;
const delegation = (over: Partial<DelegationRecord>) => delegationRecord(FIXTURE_DAO, over);
const expert = (over: Partial<DelegateeRecord>) => delegateeRecord(FIXTURE_DAO, over);

function stubApi() {
  const api = fetchRoutes([
    [
      /delegations\/outgoing\//,
      () => jsonResponse(listAnswer("delegations", [delegation({ nft_ids: ["4"] })], META)),
    ],
    [
      /delegations\/incoming\//,
      () =>
        jsonResponse(
          listAnswer("delegations", [delegation({ delegator: OTHER, delegatee: ME, amount: E(5) })], META),
        ),
    ],
    [
      /\/experts$/,
      () =>
        jsonResponse(
          listAnswer(
            "delegatees",
            [
              expert({ treasury_power: E(50) }),
              expert({ account: ME, user_type: "global expert", delegators_count: 1 }),
            ],
            META,
          ),
        ),
    ],
  ]);
  vi.stubGlobal("fetch", api.fn);
  return api;
}

afterEach(() => {
  vi.unstubAllGlobals();
  connection.address = undefined;
});

describe("DelegationsPage", () => {
  it("lists my delegations out with Undelegate, in, and the experts with Delegate", async () => {
    connection.address = TEST_ACCOUNT;
    const api = stubApi();
    renderWithProviders(<DelegationsPage profile={daoProfileFixture()} />);
    const out = await screen.findByTestId("outgoing-row");
    expect(out).toHaveTextContent("30 ACME");
    expect(out).toHaveTextContent("#4");
    expect(within(out).getByRole("link", { name: "Undelegate" })).toHaveAttribute(
      "href",
      `/dao/${FIXTURE_DAO}/undelegate/${EXPERT}`,
    );
    expect(await screen.findByTestId("incoming-row")).toHaveTextContent("5 ACME");
    const experts = await screen.findAllByTestId("expert-row");
    expect(experts[0]).toHaveTextContent("Expert");
    expect(experts[0]).toHaveTextContent("130 ACME");
    expect(experts[0]).toHaveTextContent("3");
    expect(within(experts[0] as HTMLElement).getByRole("link", { name: "Delegate" })).toHaveAttribute(
      "href",
      `/dao/${FIXTURE_DAO}/delegate/${EXPERT}/1`,
    );
    // Nobody delegates to themselves: no Delegate button on the connected member's own row.
    expect(experts[1]).toHaveTextContent("Global expert");
    expect(within(experts[1] as HTMLElement).queryByRole("link", { name: "Delegate" })).toBeNull();
    // no position in the DAO read (nothing deposited): no treasury delegation proposal offered
    expect(screen.queryByRole("link", { name: "Propose a treasury delegation" })).toBeNull();
    const paths = api.calls.map((call) => call.url.pathname);
    expect(paths).toEqual(
      expect.arrayContaining([
        `/integrations/tracker/97/pools/gov/${FIXTURE_DAO}/delegations/outgoing/${ME}`,
        `/integrations/tracker/97/pools/gov/${FIXTURE_DAO}/delegations/incoming/${ME}`,
        `/integrations/tracker/97/pools/gov/${FIXTURE_DAO}/experts`,
      ]),
    );
  });

  it("links members who can create proposals to each expert's treasury delegation proposal", async () => {
    connection.address = TEST_ACCOUNT;
    stubApi();
    const user = userPositionFixture({ deposited: BigInt(E(10)) });
    const settings = daoProfileFixture().settings;
    const { unmount } = renderWithProviders(<DelegationsPage profile={daoProfileFixture({ user })} />);
    const [expertRow, myRow] = (await screen.findAllByTestId("expert-row")) as HTMLElement[];
    expect(within(expertRow!).getByRole("link", { name: "Propose a treasury delegation" })).toHaveAttribute(
      "href",
      `/dao/${FIXTURE_DAO}/create-proposal/tokens/delegate/${EXPERT}`,
    );
    expect(
      within(expertRow!).getByRole("link", { name: "Propose revoking its treasury tokens" }),
    ).toHaveAttribute("href", `/dao/${FIXTURE_DAO}/create-proposal/tokens/revoke/${EXPERT}`);
    // the member's own row: it may propose treasury tokens to itself, there are none to revoke
    expect(within(myRow!).getByRole("link", { name: "Propose a treasury delegation" })).toBeInTheDocument();
    expect(within(myRow!).queryByRole("link", { name: "Propose revoking its treasury tokens" })).toBeNull();
    unmount();

    // below the internal settings' minimum votes for creating: no proposal links
    const internal = { ...settings.internal!, minVotesForCreating: BigInt(E(100)) };
    renderWithProviders(
      <DelegationsPage profile={daoProfileFixture({ user, settings: { ...settings, internal } })} />,
    );
    expect(await screen.findAllByTestId("expert-row")).toHaveLength(2);
    expect(screen.queryByRole("link", { name: "Propose a treasury delegation" })).toBeNull();
  });

  it("asks for a wallet for my delegations and still lists the experts", async () => {
    const api = stubApi();
    renderWithProviders(<DelegationsPage profile={daoProfileFixture()} />);
    expect(screen.getByText("Connect a wallet to see your delegations in this DAO.")).toBeInTheDocument();
    expect(await screen.findAllByTestId("expert-row")).toHaveLength(2);
    expect(api.calls.map((call) => call.url.pathname)).toEqual([
      `/integrations/tracker/97/pools/gov/${FIXTURE_DAO}/experts`,
    ]);
  });
});
