import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listAnswer, offchainProposalRecord, proposalTypeRecord } from "../../test/apiDocuments.ts";
import { fetchRoutes, jsonResponse, renderWithProviders } from "../../test/renderWithProviders.tsx";
import OffchainRoute from "./OffchainRoute.tsx";

const POOL = "0x1111111111111111111111111111111111111111";
const types = [
  proposalTypeRecord("create_proposal_type", { voting_type: "for_against", is_built_in: true }),
  proposalTypeRecord("edit_proposal_type", { voting_type: "for_against", is_built_in: true }),
  proposalTypeRecord("Grants"),
];

afterEach(() => vi.unstubAllGlobals());

function stubApi() {
  const { fn, calls } = fetchRoutes([
    [
      /\/voting\/proposal-types$/,
      () =>
        jsonResponse({
          data: types.map((t) => ({ id: t.name, type: "proposal-types", attributes: t })),
          meta: { total_count: types.length },
        }),
    ],
    [
      /\/voting\/proposals$/,
      () =>
        jsonResponse(
          listAnswer(
            "proposals",
            [offchainProposalRecord({ title: "Q3 grants", type: "Grants", status: "1" })],
            {},
            () => "3",
          ),
        ),
    ],
  ]);
  vi.stubGlobal("fetch", fn);
  return calls;
}

const open = (path: string) =>
  renderWithProviders(<OffchainRoute />, {
    path: `/dao/${POOL}/create-offchain${path}`,
    routePath: "/dao/:daoAddress/create-offchain/*",
  });

describe("off-chain routes", () => {
  it("lists the DAO's templates and proposals", async () => {
    const calls = stubApi();
    open("");
    expect(await screen.findByRole("link", { name: /^Grants/ })).toHaveAttribute(
      "href",
      `/dao/${POOL}/create-offchain/Grants`,
    );
    expect(screen.queryByRole("link", { name: /^create_proposal_type/ })).toBeNull();
    expect(screen.getByRole("link", { name: /New template/ })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: /Q3 grants/ })).toHaveTextContent("Approved");
    const typesCall = calls.find((c) => c.url.pathname.endsWith("/proposal-types"));
    expect(typesCall?.url.searchParams.get("filter[pool_address]")).toBe(POOL);
  });

  it("offers every template, built-in ones included, for a settings change", async () => {
    stubApi();
    open("/change-settings");
    expect(await screen.findByRole("link", { name: /^edit_proposal_type/ })).toHaveAttribute(
      "href",
      `/dao/${POOL}/create-offchain/change-settings/edit_proposal_type`,
    );
  });

  it("asks for a wallet before creating", () => {
    stubApi();
    open("/new-template");
    expect(screen.getByText("Connect a wallet to take part in off-chain voting.")).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual([
      "Off-chain proposals",
    ]);
  });

  it("keeps its heading and the way back while the templates load", () => {
    vi.stubGlobal("fetch", () => new Promise<Response>(() => {}));
    open("");
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual([
      "Off-chain proposals",
    ]);
    expect(screen.getByTestId("back-to-dao")).toHaveAttribute("href", `/dao/${POOL}`);
  });
});
