import { tokenSaleProposalAbi } from "@polity/core/generated/contracts";
import { fireEvent, screen } from "@testing-library/react";
import { decodeFunctionData } from "viem";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tierRecord, tierRoute } from "../../../test/apiDocuments.ts";
import { clientAnsweringEach, testReadClient } from "../../../test/fakeReadClient.ts";
import { fetchRoutes, renderWithProviders } from "../../../test/renderWithProviders.tsx";
import { POOL, poolContextFixture } from "../test/poolContextFixture.ts";

vi.mock("../../../shared/chain/readClient.ts", () => import("../../../test/fakeReadClient.ts"));

const { TokenSaleRecoverForm, recoverProposal, recoverRefusal } = await import("./TokenSaleRecoverForm.tsx");

const E18 = 10n ** 18n;
const SALE_CONTRACT = "0x7000000000000000000000000000000000000007";

function serve(tier: ReturnType<typeof tierRecord>) {
  testReadClient.current = clientAnsweringEach((call) => {
    if (call.functionName === "symbol") return "SALE";
    if (call.functionName === "decimals") return 18;
    throw new Error(`unexpected read ${call.functionName}`);
  }).client;
  const routes = fetchRoutes([tierRoute(tier)]);
  vi.stubGlobal("fetch", routes.fn);
  return routes.calls;
}

function renderForm(tierId = "1") {
  return renderWithProviders(<TokenSaleRecoverForm ctx={poolContextFixture()} chainId={31337} />, {
    path: `/dao/${POOL}/create-proposal/token-sale-recover/${tierId}`,
    routePath: "/dao/:daoAddress/create-proposal/token-sale-recover/:tierId",
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("TokenSaleRecoverForm", () => {
  it("shows the finished tier and what goes back to the treasury", async () => {
    const calls = serve(tierRecord({ status: "completed" }));
    renderForm();
    expect(await screen.findByTestId("recover-amount")).toHaveTextContent("750 SALE");
    expect(screen.getByText("Seed round (#1)")).toBeInTheDocument();
    expect(screen.getByText("Completed")).toBeInTheDocument();
    expect(screen.getByLabelText("Proposal name")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(calls[0]?.url.pathname).toMatch(
      /\/pools\/gov\/0x1111111111111111111111111111111111111111\/token-sale\/tiers\/1$/,
    );
  });

  it("refuses a tier whose sale has not finished", async () => {
    serve(tierRecord({ status: "active" }));
    renderForm();
    expect(await screen.findByRole("alert")).toHaveTextContent("This tier has not finished");
    expect(screen.queryByLabelText("Proposal name")).toBeNull();
    expect(screen.getByRole("link", { name: "Back to the tier" })).toHaveAttribute(
      "href",
      `/dao/${POOL}/dao-token-sales/1/token-purchase`,
    );
  });

  it("refuses a tier already recovered", async () => {
    serve(tierRecord({ status: "completed", recovered_amount: (750n * E18).toString() }));
    renderForm();
    expect(await screen.findByRole("alert")).toHaveTextContent("already returned to the treasury (750 SALE)");
    expect(screen.queryByLabelText("Proposal name")).toBeNull();
  });

  it("reviews a proposal once named", async () => {
    serve(tierRecord({ status: "not-actual" }));
    renderForm();
    fireEvent.change(await screen.findByLabelText("Proposal name"), { target: { value: "Take back seed" } });
    fireEvent.click(screen.getByRole("button", { name: "Review" }));
    expect(await screen.findByText("What will run")).toBeInTheDocument();
  });
});

describe("recover proposal", () => {
  it("calls recover([tierId]) on the DAO's token sale executor, sending nothing", () => {
    const tier = tierRecord({ status: "completed", tier_id: "7" });
    const built = recoverProposal(tier, { address: tier.sale_token, symbol: "SALE", decimals: 18 });
    expect(built.actions).toHaveLength(1);
    const [action] = built.actions;
    expect(action?.executor).toBe(SALE_CONTRACT);
    expect(action?.value).toBe(0n);
    const call = decodeFunctionData({ abi: tokenSaleProposalAbi, data: action!.data });
    expect(call.functionName).toBe("recover");
    expect(call.args).toEqual([[7n]]);
    expect(built.proposedChanges).toMatchObject({ tierId: "7", amount: "750" });
  });

  it("accepts only a finished tier not yet recovered", () => {
    expect(recoverRefusal(tierRecord({ status: "pending" }))).toBe("notFinished");
    expect(recoverRefusal(tierRecord({ status: "active" }))).toBe("notFinished");
    expect(recoverRefusal(tierRecord({ status: "completed" }))).toBeNull();
    expect(recoverRefusal(tierRecord({ status: "not-actual" }))).toBeNull();
    expect(recoverRefusal(tierRecord({ status: "completed", recovered_amount: "0" }))).toBe(
      "alreadyRecovered",
    );
  });
});
