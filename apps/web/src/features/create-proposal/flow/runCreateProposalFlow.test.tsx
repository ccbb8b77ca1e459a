import { govPoolAbi } from "@polity/core/generated/contracts";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { decodeFunctionData, erc20Abi, type Hex } from "viem";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../shared/i18n/i18n.ts";
import { txHooks as mocks } from "../../../test/txHooks.ts";
import { POOL, poolContextFixture, TOKEN, USER } from "../test/poolContextFixture.ts";
import { proposalCreatedReceipt } from "../test/proposalCreatedReceipt.ts";
import { type CreateRequest, useCreateProposalFlow } from "./useCreateProposalFlow.ts";

vi.mock("wagmi", async (importOriginal) => ({
  ...(await importOriginal<typeof import("wagmi")>()),
  useConnection: () => ({ address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" }),
}));
vi.mock("../../../shared/tx/useContractWriter.ts", () => import("../../../test/txHooks.ts"));
vi.mock("../../../shared/tx/useSubmitTransaction.ts", () => import("../../../test/txHooks.ts"));

const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
);
const HASH = `0x${"ef".repeat(32)}`;

const request = (voteAmount: bigint): CreateRequest => ({
  descriptionURL: "ipfs://proposal",
  actionsOnFor: [{ executor: TOKEN, value: 0n, data: "0xa9059cbb" }],
  actionsOnAgainst: [],
  voteAmount,
  nftIds: [],
  summary: "Create proposal Pay the auditors",
});

interface Written {
  address: string;
  abi: unknown;
  functionName: string;
  args: readonly unknown[];
}

async function run(ctx: ReturnType<typeof poolContextFixture>, voteAmount: bigint) {
  const { result } = renderHook(() => useCreateProposalFlow(ctx, 31337), { wrapper });
  let id: bigint | null = null;
  await act(async () => {
    id = await result.current.run(request(voteAmount));
  });
  const written = mocks.writeContractAsync.mock.calls.map(([call]) => call as Written);
  const summaries = mocks.submit.mock.calls.map(
    ([call]) => (call as { info: { summary: string } }).info.summary,
  );
  return { id, written, summaries, result };
}

describe("useCreateProposalFlow", () => {
  beforeEach(() => {
    mocks.writeContractAsync.mockReset().mockResolvedValue(HASH);
    mocks.submit.mockReset().mockImplementation(async ({ send }: { send: () => Promise<string> }) => {
      const hash = await send();
      const last = mocks.writeContractAsync.mock.lastCall?.[0] as Written | undefined;
      return last?.functionName === "approve"
        ? { transactionHash: hash, logs: [], status: "success" }
        : proposalCreatedReceipt(12n, USER);
    });
  });

  it("unlocks, then deposits and creates and votes in one multicall, reading the id from its receipt", async () => {
    const ctx = poolContextFixture(); // 40 deposited, no allowance
    const { id, written, summaries, result } = await run(ctx, 50_000_000n);
    expect(id).toBe(12n);
    expect(written).toHaveLength(2);
    const [approve, batch] = written as [Written, Written];
    expect(approve).toMatchObject({
      address: TOKEN,
      abi: erc20Abi,
      functionName: "approve",
      args: [ctx.userKeeper, 10_000_000n],
    });
    expect(batch).toMatchObject({ address: POOL, abi: govPoolAbi, functionName: "multicall" });
    const inner = (batch.args[0] as Hex[]).map((data) => decodeFunctionData({ abi: govPoolAbi, data }));
    expect(inner.map((call) => call.functionName)).toEqual(["deposit", "createProposalAndVote"]);
    expect(inner[0]?.args).toEqual([10_000_000n, []]);
    expect(inner[1]?.args?.[3]).toBe(50_000_000n);
    expect(summaries).toEqual(["Unlock ACME", "Deposit ACME · Create proposal Pay the auditors"]);
    expect(result.current.done).toEqual(["unlock", "depositAndCreateAndVote"]);
    expect(result.current.current).toBeNull();
  });

  it("batches without an unlock when the allowance covers the deposit", async () => {
    const base = poolContextFixture();
    const ctx = poolContextFixture({ user: { ...base.user!, allowance: 10_000_000n } });
    const { id, written } = await run(ctx, 50_000_000n);
    expect(id).toBe(12n);
    expect(written.map((call) => call.functionName)).toEqual(["multicall"]);
  });

  it("creates and votes directly, without a multicall, when the deposit covers the vote", async () => {
    const { id, written } = await run(poolContextFixture(), 40_000_000n);
    expect(id).toBe(12n);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ address: POOL, functionName: "createProposalAndVote" });
    expect(written[0]?.args).toEqual(["ipfs://proposal", request(0n).actionsOnFor, [], 40_000_000n, []]);
  });

  it("stops after a rejected unlock without sending the batch", async () => {
    mocks.writeContractAsync.mockRejectedValueOnce(new Error("User rejected the request."));
    const { result } = renderHook(() => useCreateProposalFlow(poolContextFixture(), 31337), { wrapper });
    await act(async () => {
      await expect(result.current.run(request(50_000_000n))).rejects.toThrow("User rejected");
    });
    expect(mocks.writeContractAsync).toHaveBeenCalledOnce();
    expect(result.current.done).toEqual([]);
    expect(result.current.current).toBeNull();
  });
});
