import { govPoolAbi } from "@polity/core/generated/contracts";
import type { DelegationRecord } from "@polity/core/records/delegation";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { decodeFunctionData } from "viem";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { listAnswer } from "../../test/apiDocuments.ts";
import {
  fetchRoutes,
  jsonResponse,
  renderWithProviders,
  TEST_ACCOUNT,
} from "../../test/renderWithProviders.tsx";
import type { DelegationPosition } from "./api/delegationPosition.ts";
import { DelegateTerminal } from "./DelegateRoute.tsx";
import { UndelegateRoute, UndelegateTerminal } from "./UndelegateRoute.tsx";

const mocks = vi.hoisted(() => ({ writeContractAsync: vi.fn(), submit: vi.fn() }));
const position = vi.hoisted(() => ({ current: null as unknown }));

vi.mock("../../shared/tx/useContractWriter.ts", () => ({
  useContractWriter: () => ({ writeContractAsync: mocks.writeContractAsync }),
}));
vi.mock("../../shared/tx/useSubmitTransaction.ts", () => ({
  useSubmitTransaction: () => ({
    status: { state: "IDLE", hash: null, error: null },
    submit: mocks.submit,
    reset: vi.fn(),
  }),
}));
vi.mock("wagmi", async (importOriginal) => ({
  ...(await importOriginal<typeof import("wagmi")>()),
  useConnection: () => ({ address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" }),
}));
vi.mock("./useDelegation.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./useDelegation.ts")>()),
  useDelegationPosition: () => ({ isPending: false, isError: false, data: position.current }),
}));

const E = (n: number) => BigInt(n) * 10n ** 18n;
const DAO = "0x1000000000000000000000000000000000000001";
const EXPERT = "0x7000000000000000000000000000000000000007";
const HASH = `0x${"ab".repeat(32)}`;

function fixturePosition(over: Partial<DelegationPosition> = {}): DelegationPosition {
  return {
    dao: DAO,
    daoName: "Acme DAO",
    userKeeper: "0x5000000000000000000000000000000000000005",
    token: { address: "0x3000000000000000000000000000000000000003", symbol: "ACME", decimals: 18 },
    nft: { address: "0x6000000000000000000000000000000000000006", symbol: "GLD" },
    user: TEST_ACCOUNT,
    unlocked: E(40),
    unlockedNfts: [2n],
    walletBalance: E(60),
    allowance: 0n,
    walletNfts: [5n],
    isNftApproved: false,
    ...over,
  };
}

function delegationRecord(over: Partial<DelegationRecord> = {}): DelegationRecord {
  return {
    chain_id: 31337,
    pool_address: DAO,
    delegator: TEST_ACCOUNT.toLowerCase() as DelegationRecord["delegator"],
    delegatee: EXPERT,
    amount: E(30).toString(),
    nft_ids: ["2"],
    power: E(31).toString(),
    created_at: 1_800_000_000,
    updated_at: 1_800_000_000,
    ...over,
  };
}

const sentCalls = () => mocks.writeContractAsync.mock.calls.map(([call]) => call);

beforeEach(() => {
  mocks.writeContractAsync.mockReset().mockResolvedValue(HASH);
  mocks.submit.mockReset().mockImplementation(async ({ send }: { send: () => Promise<string> }) => {
    await send();
    return { transactionHash: HASH, status: "success" };
  });
});

describe("DelegateTerminal", () => {
  it("delegates the unlocked deposit alone in one transaction", async () => {
    renderWithProviders(<DelegateTerminal position={fixturePosition()} delegatee={EXPERT} />);
    const submit = screen.getByTestId("delegate-submit");
    expect(submit).toHaveTextContent("Select amount");
    expect(screen.getByTestId("delegate-balances")).toHaveTextContent(
      "Unlocked deposit: 40 ACME · wallet: 60 ACME",
    );
    fireEvent.change(screen.getByLabelText("Amount (ACME)"), { target: { value: "25" } });
    fireEvent.click(screen.getByLabelText("#2"));
    expect(screen.getByRole("list", { name: "Transactions to sign" })).toHaveTextContent(/^Delegate$/);
    expect(submit).toHaveTextContent("Delegate");
    fireEvent.click(submit);
    await waitFor(() => expect(mocks.writeContractAsync).toHaveBeenCalledOnce());
    expect(sentCalls()[0]).toMatchObject({
      address: DAO,
      functionName: "delegate",
      args: [EXPERT, E(25), [2n]],
    });
  });

  it("approves, then deposits what the unlocked deposit lacks and delegates in one multicall", async () => {
    renderWithProviders(<DelegateTerminal position={fixturePosition()} delegatee={EXPERT} />);
    fireEvent.click(screen.getByRole("button", { name: "75%" }));
    expect(screen.getByLabelText("Amount (ACME)")).toHaveValue("75");
    fireEvent.click(screen.getByLabelText("#5"));
    const steps = screen.getByRole("list", { name: "Transactions to sign" });
    expect(steps).toHaveTextContent("Approve");
    expect(steps).toHaveTextContent("Approve the NFTs");
    expect(steps).toHaveTextContent("Deposit and delegate");
    fireEvent.click(screen.getByTestId("delegate-submit"));
    await waitFor(() => expect(mocks.writeContractAsync).toHaveBeenCalledTimes(3));
    const [approve, approveNfts, multicall] = sentCalls();
    expect(approve).toMatchObject({ functionName: "approve", args: [fixturePosition().userKeeper, E(35)] });
    expect(approveNfts).toMatchObject({ functionName: "setApprovalForAll" });
    expect(multicall).toMatchObject({ address: DAO, functionName: "multicall" });
    const inner = (multicall.args[0] as `0x${string}`[]).map((data) =>
      decodeFunctionData({ abi: govPoolAbi, data }),
    );
    expect(inner).toEqual([
      { functionName: "deposit", args: [E(35), [5n]] },
      { functionName: "delegate", args: [EXPERT, E(75), [5n]] },
    ]);
  });

  it("refuses more than the unlocked deposit and the wallet hold", () => {
    renderWithProviders(<DelegateTerminal position={fixturePosition()} delegatee={EXPERT} />);
    fireEvent.change(screen.getByLabelText("Amount (ACME)"), { target: { value: "101" } });
    expect(screen.getByTestId("delegate-submit")).toHaveTextContent("Insufficient balance");
    fireEvent.click(screen.getByRole("button", { name: "Max" }));
    expect(screen.getByLabelText("Amount (ACME)")).toHaveValue("100");
  });
});

describe("UndelegateTerminal", () => {
  it("takes back part of what is delegated", async () => {
    renderWithProviders(
      <UndelegateTerminal position={fixturePosition()} delegatee={EXPERT} delegation={delegationRecord()} />,
    );
    expect(screen.getByTestId("undelegate-delegated")).toHaveTextContent("Delegated: 30 ACME");
    const submit = screen.getByTestId("undelegate-submit");
    fireEvent.change(screen.getByLabelText("Amount (ACME)"), { target: { value: "31" } });
    expect(submit).toHaveTextContent("Insufficient balance");
    fireEvent.click(screen.getByRole("button", { name: "50%" }));
    fireEvent.click(screen.getByLabelText("#2"));
    fireEvent.click(submit);
    await waitFor(() => expect(mocks.writeContractAsync).toHaveBeenCalledOnce());
    expect(sentCalls()[0]).toMatchObject({
      address: DAO,
      functionName: "undelegate",
      args: [EXPERT, E(15), [2n]],
    });
  });
});

describe("UndelegateRoute", () => {
  it("reads the member's delegation to the delegatee from the tracker", async () => {
    position.current = fixturePosition();
    const api = fetchRoutes([
      [
        /delegations\/outgoing\//,
        () =>
          jsonResponse(
            listAnswer(
              "delegations",
              [
                delegationRecord({ delegatee: "0x8000000000000000000000000000000000000008", amount: "1" }),
                delegationRecord(),
              ],
              { indexed_block: 10, indexed_at: 1_800_000_000, state_time: 1_800_000_000 },
            ),
          ),
      ],
    ]);
    vi.stubGlobal("fetch", api.fn);
    renderWithProviders(<UndelegateRoute />, {
      path: `/dao/${DAO}/undelegate/${EXPERT}`,
      routePath: "/dao/:daoAddress/undelegate/:delegatee",
    });
    expect(await screen.findByTestId("undelegate-delegated")).toHaveTextContent("Delegated: 30 ACME");
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.url.pathname).toMatch(
      new RegExp(
        `^/integrations/tracker/\\d+/pools/gov/${DAO}/delegations/outgoing/${TEST_ACCOUNT.toLowerCase()}$`,
      ),
    );
    vi.unstubAllGlobals();
  });

  it("says so when nothing is delegated to the delegatee", async () => {
    position.current = fixturePosition();
    vi.stubGlobal(
      "fetch",
      fetchRoutes([
        [
          /delegations\/outgoing\//,
          () =>
            jsonResponse(listAnswer("delegations", [], { indexed_block: 10, indexed_at: 1, state_time: 1 })),
        ],
      ]).fn,
    );
    renderWithProviders(<UndelegateRoute />, {
      path: `/dao/${DAO}/undelegate/${EXPERT}`,
      routePath: "/dao/:daoAddress/undelegate/:delegatee",
    });
    expect(await screen.findByText("You delegate nothing to this address in this DAO.")).toBeInTheDocument();
    // Not a dead end: the page keeps its heading and leads back to the DAO.
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["Undelegate"]);
    expect(screen.getByRole("link", { name: "← Acme DAO" })).toHaveAttribute("href", `/dao/${DAO}`);
    vi.unstubAllGlobals();
  });
});
