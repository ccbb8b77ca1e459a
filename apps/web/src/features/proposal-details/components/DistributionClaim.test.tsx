import { distributionProposalAbi } from "@polity/core/generated/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { encodeFunctionData } from "viem";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { resourceAnswer } from "../../../test/apiDocuments.ts";
import { clientAnsweringEach } from "../../../test/fakeReadClient.ts";
import {
  fetchRoutes,
  jsonResponse,
  renderWithProviders,
  TEST_ACCOUNT,
} from "../../../test/renderWithProviders.tsx";
import { txHooks } from "../../../test/txHooks.ts";
import type { ProposalDetails } from "../api/fetchProposalDetails.ts";

vi.mock("../../../shared/chain/readClient.ts", () => ({
  useReadClient: () =>
    clientAnsweringEach((call) => (call.functionName === "symbol" ? "PFR" : 18)).client as ReadClient,
}));
vi.mock("wagmi", async (original) => ({
  ...(await original<typeof import("wagmi")>()),
  useConnection: () => ({ address: TEST_ACCOUNT }),
}));
vi.mock("../../../shared/tx/useContractWriter.ts", () => import("../../../test/txHooks.ts"));
vi.mock("../../../shared/tx/useDaoTransaction.ts", () => import("../../../test/txHooks.ts"));

const { DistributionClaim, DISTRIBUTION_EXECUTE, fundsDistribution } = await import(
  "./DistributionClaim.tsx"
);

const DAO = "0x1000000000000000000000000000000000000001";
const DIST = "0x6000000000000000000000000000000000000006";
const TOKEN = "0x5000000000000000000000000000000000000005";
const E18 = 10n ** 18n;
const execute = encodeFunctionData({
  abi: distributionProposalAbi,
  functionName: "execute",
  args: [7n, TOKEN, 90n * E18],
});
const details = { dao: DAO, chainId: 31337, actionsOnFor: [{ executor: DIST, value: 0n, data: execute }] };

function serve(voter: Record<string, unknown>) {
  const routes = fetchRoutes([
    [
      /\/distributions\/7$/,
      () =>
        jsonResponse(
          resourceAnswer(
            "distributions",
            "7",
            {
              chain_id: 31337,
              pool_address: DAO,
              distribution_proposal: DIST,
              proposal_id: "7",
              is_funded: true,
              token: TOKEN,
              amount: (90n * E18).toString(),
              claimed_total: (30n * E18).toString(),
              claims_count: 1,
              voter: { address: TEST_ACCOUNT.toLowerCase(), raw_votes_for: "200", ...voter },
            },
            { meta: { indexed_block: 1, indexed_at: 1, state_time: 1 } },
          ),
        ),
    ],
  ]);
  vi.stubGlobal("fetch", routes.fn);
  return routes.calls;
}

beforeEach(() => {
  txHooks.writeContractAsync.mockReset().mockResolvedValue("0x01");
});
afterEach(() => vi.unstubAllGlobals());

describe("DistributionClaim", () => {
  it("knows a distribution proposal by its executor call", () => {
    expect(execute.slice(0, 10)).toBe(DISTRIBUTION_EXECUTE);
    expect(fundsDistribution(details as unknown as ProposalDetails)).toBe(true);
    expect(fundsDistribution({ actionsOnFor: [{ executor: DIST, value: 0n, data: "0x" }] })).toBe(false);
  });

  it("shows what was funded and claimed, and claims the voter's share", async () => {
    const calls = serve({ claimable: (60n * E18).toString(), claimed: null });
    renderWithProviders(<DistributionClaim details={details as unknown as ProposalDetails} id={7n} />);
    expect(await screen.findByTestId("distribution-state")).toHaveTextContent(
      "90 PFR to the voters for; 30 PFR claimed by 1 voter.",
    );
    expect(calls[0]?.url.searchParams.get("voter")).toBe(TEST_ACCOUNT);
    fireEvent.click(screen.getByTestId("distribution-claim"));
    await waitFor(() => expect(txHooks.writeContractAsync).toHaveBeenCalledTimes(1));
    expect(txHooks.writeContractAsync.mock.calls[0]?.[0]).toMatchObject({
      address: DIST,
      functionName: "claim",
      args: [TEST_ACCOUNT.toLowerCase(), [7n]],
    });
    expect(await screen.findByTestId("distribution-claimed")).toHaveTextContent("You claimed 60 PFR.");
  });

  it("says when the voter already claimed, and offers nothing to a voter with no share", async () => {
    serve({ claimable: "0", claimed: (30n * E18).toString() });
    const { unmount } = renderWithProviders(
      <DistributionClaim details={details as unknown as ProposalDetails} id={7n} />,
    );
    expect(await screen.findByTestId("distribution-claimed")).toHaveTextContent("You claimed 30 PFR.");
    unmount();
    serve({ claimable: "0", claimed: null, raw_votes_for: "0" });
    renderWithProviders(<DistributionClaim details={details as unknown as ProposalDetails} id={7n} />);
    expect(await screen.findByTestId("distribution-claim")).toHaveTextContent("Nothing to claim");
    expect(screen.getByTestId("distribution-claim")).toBeDisabled();
  });
});
