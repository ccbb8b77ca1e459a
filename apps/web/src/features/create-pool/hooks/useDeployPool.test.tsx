import { deployments } from "@polity/core/generated/deployments";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../shared/i18n/i18n.ts";
import { txHooks } from "../../../test/txHooks.ts";
import { ALICE, validDraft } from "../test/validDraft.ts";
import { LOCAL_DEV_VERIFIER } from "./offchainVerifier.ts";
import { useDeployPool } from "./useDeployPool.ts";

const upload = vi.hoisted(() => ({ uploadJson: vi.fn() }));

vi.mock("wagmi", async (importOriginal) => ({
  ...(await importOriginal<typeof import("wagmi")>()),
  useAccount: () => ({ address: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", chainId: 31337 }),
  useChainId: () => 31337,
}));
vi.mock("../../../shared/tx/useContractWriter.ts", () => import("../../../test/txHooks.ts"));
vi.mock("../../../shared/tx/useSubmitTransaction.ts", () => import("../../../test/txHooks.ts"));
vi.mock("../../../shared/ipfs/upload.ts", () => upload);

const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
);
const HASH = `0x${"ef".repeat(32)}`;

describe("useDeployPool", () => {
  beforeEach(() => {
    let n = 0;
    upload.uploadJson.mockImplementation(async () => {
      n += 1;
      return { cid: `cid${n}`, url: `ipfs://cid${n}` };
    });
    txHooks.writeContractAsync.mockResolvedValue(HASH);
    txHooks.submit.mockImplementation(async ({ send }: { send: () => Promise<string> }) => {
      await send();
      return { transactionHash: HASH, logs: [], status: "success" };
    });
  });

  it("uploads the metadata, then signs deployGovPool on the chain's factory once", async () => {
    const { result } = renderHook(() => useDeployPool(), { wrapper });
    let outcome: Awaited<ReturnType<typeof result.current.deploy>> | undefined;
    await act(async () => {
      outcome = await result.current.deploy(validDraft());
    });
    expect(outcome).toEqual({ submitState: "SUCCESS", hash: HASH, govPool: undefined });
    // 5 settings documents and the DAO metadata (no description).
    expect(upload.uploadJson).toHaveBeenCalledTimes(6);
    expect(txHooks.submit).toHaveBeenCalledOnce();
    expect(txHooks.submit.mock.calls[0]?.[0]).toMatchObject({
      chainId: 31337,
      info: { summary: "Create DAO “Lisbon Builders”", kind: "createPool", name: "Lisbon Builders" },
    });
    expect(txHooks.writeContractAsync).toHaveBeenCalledOnce();
    const call = txHooks.writeContractAsync.mock.calls[0]?.[0];
    expect(call.address).toBe(deployments[31337]?.PoolFactory);
    expect(call.functionName).toBe("deployGovPool");
    expect(call.args[0]).toMatchObject({
      name: "Lisbon Builders",
      descriptionURL: "ipfs://cid6",
      verifier: LOCAL_DEV_VERIFIER,
      tokenParams: { name: "Lisbon Token", users: [ALICE, expect.any(String)] },
    });
  });

  it("does not ask the wallet when the metadata cannot be uploaded", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    upload.uploadJson.mockRejectedValue(new Error("api down"));
    const { result } = renderHook(() => useDeployPool(), { wrapper });
    let outcome: Awaited<ReturnType<typeof result.current.deploy>> | undefined;
    await act(async () => {
      outcome = await result.current.deploy(validDraft());
    });
    expect(outcome).toEqual({ submitState: "IDLE" });
    expect(txHooks.writeContractAsync).not.toHaveBeenCalled();
    expect(result.current.error).toMatch(/^The DAO's metadata could not be uploaded/);
    expect(error).toHaveBeenCalled();
  });
});
