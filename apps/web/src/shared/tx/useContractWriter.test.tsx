import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { erc20Abi } from "viem";
import { describe, expect, it, vi } from "vitest";
import { WagmiProvider } from "wagmi";
import { createTestWagmiConfig } from "../../test/renderWithProviders.tsx";
import { useContractWriter } from "./useContractWriter.ts";

const HASH = `0x${"ab".repeat(32)}` as const;
const actions = vi.hoisted(() => ({ writeContract: vi.fn(), sendTransaction: vi.fn(), loaded: 0 }));
vi.mock("./walletActions.ts", () => {
  actions.loaded += 1;
  return { writeContract: actions.writeContract, sendTransaction: actions.sendTransaction };
});

describe("useContractWriter", () => {
  it("loads the transaction code on the first send and forwards the app's config and the call", async () => {
    const config = createTestWagmiConfig();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <WagmiProvider config={config} reconnectOnMount={false}>
        {children}
      </WagmiProvider>
    );
    const { result } = renderHook(() => useContractWriter(), { wrapper });
    expect(actions.loaded).toBe(0);

    actions.writeContract.mockResolvedValue(HASH);
    const call = {
      address: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      abi: erc20Abi,
      functionName: "approve",
      args: ["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", 1n],
    } as const;
    await expect(result.current.writeContractAsync(call)).resolves.toBe(HASH);
    expect(actions.loaded).toBe(1);
    expect(actions.writeContract).toHaveBeenCalledWith(config, call);

    actions.sendTransaction.mockRejectedValue(new Error("User rejected the request."));
    await expect(
      result.current.sendTransactionAsync({ to: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", value: 1n }),
    ).rejects.toThrow("User rejected the request.");
    expect(actions.sendTransaction).toHaveBeenCalledWith(config, {
      to: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      value: 1n,
    });
  });
});
