import { ProposalState } from "@polity/core/proposalStates";
import { screen, waitFor } from "@testing-library/react";
import {
  decodeFunctionData,
  encodeFunctionData,
  encodeFunctionResult,
  erc20Abi,
  type Hex,
  numberToHex,
} from "viem";
import { describe, expect, it, vi } from "vitest";
import { actionSimulatorAbi } from "../../../shared/actions/actionSimulator.ts";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { fail } from "../../../test/fakeReadClient.ts";
import { renderWithProviders } from "../../../test/renderWithProviders.tsx";
import { FIXTURE_DAO, fixtureDetails } from "../api/proposalDetailsFixture.ts";
import { AboutProposal } from "./AboutProposal.tsx";

const E = (n: number) => BigInt(n) * 10n ** 18n;
const word = (n: bigint) => numberToHex(n, { size: 32 });
const TOKEN = "0x3000000000000000000000000000000000000003";
const RECIPIENT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

/** The node: no ERC-20 at the recipient's address; the simulator's run moves 500 ACME out of the treasury. */
const call = vi.fn(async ({ data }: { data: Hex }) => {
  const { args } = decodeFunctionData({ abi: actionSimulatorAbi, data });
  const calls = (args?.[0] ?? []) as readonly unknown[];
  const balances = [E(1000), 0n, E(500), E(500)];
  const result = calls.map((_, i) =>
    i === 2
      ? { success: true, returnData: "0x" as Hex }
      : { success: true, returnData: word(balances[i > 2 ? i - 1 : i] ?? 0n) },
  );
  return { data: encodeFunctionResult({ abi: actionSimulatorAbi, functionName: "run", result }) };
});
const multicall = vi.fn(async ({ contracts }: { contracts: unknown[] }) => contracts.map(() => fail()));
const state = vi.hoisted(() => ({ client: undefined as unknown }));
vi.mock("../../../shared/chain/readClient.ts", () => ({ useReadClient: () => state.client as ReadClient }));
state.client = { chain: { id: 97 }, call, multicall };

const transfer = {
  executor: TOKEN,
  value: 0n,
  data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [RECIPIENT, E(500)] }),
} as const;

describe("the proposal's actions on its page", () => {
  it("decodes each action for a person and shows what executing it would move, from the node's simulation", async () => {
    renderWithProviders(
      <AboutProposal details={fixtureDetails(ProposalState.SucceededFor, { actionsOnFor: [transfer] })} />,
    );
    const [action] = await screen.findAllByTestId("decoded-action");
    expect(action).toHaveTextContent("Action 1: ACME token");
    expect(action).toHaveTextContent("Function: transfer");
    expect(action).toHaveTextContent("value500 ACME");
    expect(action).not.toHaveTextContent(transfer.data);
    expect(await screen.findByTestId("treasury-outflow")).toHaveTextContent(
      "If executed, the treasury sends 500 ACME to 0x7099…79C8.",
    );
    const rows = screen.getAllByTestId("balance-change");
    expect(rows[0]).toHaveTextContent("Acme DAO treasury (this DAO)");
    expect(rows[0]).toHaveTextContent("1,000 ACME500 ACME−500 ACME");
    expect(rows[1]).toHaveTextContent("0 ACME500 ACME+500 ACME");
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ account: FIXTURE_DAO, to: FIXTURE_DAO }));
  });

  it("does not simulate an executed proposal again, and says its voting ended", async () => {
    call.mockClear();
    renderWithProviders(
      <AboutProposal
        details={fixtureDetails(
          ProposalState.ExecutedFor,
          { actionsOnFor: [transfer] },
          { voteEnd: 4_000_000_000n },
        )}
      />,
    );
    await screen.findAllByTestId("decoded-action");
    expect(screen.getByText("Voting ended")).toBeVisible();
    expect(screen.queryByText("Voting ends")).toBeNull();
    await waitFor(() => expect(screen.queryByTestId("execution-simulation")).toBeNull());
    expect(call).not.toHaveBeenCalled();
  });

  it("names the proposal's category from the translations", async () => {
    const { categoryLabel } = await import("./AboutProposal.tsx");
    const t = ((key: string, options: { defaultValue: string }) =>
      key === "createProposal:types.tokenTransfer.title" ? "Token transfer" : options.defaultValue) as never;
    expect(categoryLabel(t, "tokenTransfer")).toBe("Token transfer");
    expect(categoryLabel(t, "create_proposal_type")).toBe("Create proposal type");
  });
});
