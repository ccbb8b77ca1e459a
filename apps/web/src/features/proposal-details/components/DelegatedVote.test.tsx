import { ProposalState } from "@polity/core/proposalStates";
import type { DelegationRecord } from "@polity/core/records/delegation";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { listAnswer } from "../../../test/apiDocuments.ts";
import { fetchRoutes, jsonResponse, renderWithProviders } from "../../../test/renderWithProviders.tsx";
import { txHooks as mocks } from "../../../test/txHooks.ts";
import { fixtureDetails } from "../api/proposalDetailsFixture.ts";
import { VoteTerminal } from "../VoteRoute.tsx";

vi.mock("../../../shared/tx/useContractWriter.ts", () => import("../../../test/txHooks.ts"));
vi.mock("../../../shared/tx/useSubmitTransaction.ts", () => import("../../../test/txHooks.ts"));

vi.mock("wagmi", async (importOriginal) => ({
  ...(await importOriginal<typeof import("wagmi")>()),
  useConnection: () => ({ address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" }),
}));

const HASH = `0x${"ab".repeat(32)}`;
const EXPERT = "0x7000000000000000000000000000000000000007";
const META = { indexed_block: 100, indexed_at: 1_800_000_100, state_time: 1_800_000_100 };

function delegation(details: ReturnType<typeof fixtureDetails>): DelegationRecord {
  return {
    chain_id: details.chainId,
    pool_address: details.dao.toLowerCase() as DelegationRecord["pool_address"],
    delegator: details.user!.address.toLowerCase() as DelegationRecord["delegator"],
    delegatee: EXPERT,
    amount: (25n * 10n ** 18n).toString(),
    nft_ids: [],
    power: (25n * 10n ** 18n).toString(),
    created_at: 1_800_000_000,
    updated_at: 1_800_000_000,
  };
}

beforeEach(() => {
  mocks.writeContractAsync.mockReset().mockResolvedValue(HASH);
  mocks.submit.mockReset().mockImplementation(async ({ send }: { send: () => Promise<string> }) => {
    await send();
    return { transactionHash: HASH, status: "success" };
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("DelegatedVote", () => {
  it("votes a delegation on the chosen side with voteDelegated where delegated voting is allowed", async () => {
    const details = { ...fixtureDetails(ProposalState.Voting), delegatedVotingAllowed: true };
    const api = fetchRoutes([
      [/delegations\/outgoing\//, () => jsonResponse(listAnswer("delegations", [delegation(details)], META))],
    ]);
    vi.stubGlobal("fetch", api.fn);
    renderWithProviders(<VoteTerminal details={details} />);
    const section = await screen.findByTestId("delegated-vote");
    expect(section).toHaveTextContent(`25 ACME and 0 NFTs delegated to ${EXPERT}`);
    fireEvent.click(screen.getByLabelText("against"));
    fireEvent.click(within(section).getByRole("button", { name: "Vote against with it" }));
    await waitFor(() => expect(mocks.writeContractAsync).toHaveBeenCalledOnce());
    expect(mocks.writeContractAsync.mock.calls[0]![0]).toMatchObject({
      address: details.dao,
      functionName: "voteDelegated",
      args: [details.proposal.id, false, EXPERT],
    });
  });

  it("stays hidden where the proposal's settings do not allow delegated voting", async () => {
    const details = fixtureDetails(ProposalState.Voting);
    const api = fetchRoutes([
      [/delegations\/outgoing\//, () => jsonResponse(listAnswer("delegations", [delegation(details)], META))],
    ]);
    vi.stubGlobal("fetch", api.fn);
    renderWithProviders(<VoteTerminal details={details} />);
    await screen.findByTestId("vote-power");
    expect(screen.queryByTestId("delegated-vote")).toBeNull();
  });
});
