import { hardhat } from "viem/chains";
import { describe, expect, it, vi } from "vitest";
import { createConfig, http } from "wagmi";
import { devAccountConnector, HARDHAT_ACCOUNT_0_ADDRESS } from "./devAccountConnector.ts";

const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock("./localKeyProvider.ts", async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

describe("devAccountConnector", () => {
  it("loads the signing provider on the first request and keeps listeners added before it", async () => {
    const config = createConfig({
      chains: [hardhat],
      connectors: [devAccountConnector(hardhat, "http://127.0.0.1:1")],
      transports: { [hardhat.id]: http("http://127.0.0.1:1") },
      storage: null,
    });
    const [connector] = config.connectors;
    if (!connector) throw new Error("no connector");
    const provider = (await connector.getProvider()) as {
      request(args: { method: string }): Promise<unknown>;
      on(event: string, listener: (...args: unknown[]) => void): void;
    };
    expect(loads.count).toBe(0);
    // wagmi's start-up question, before the Dev account was ever connected.
    await expect(provider.request({ method: "eth_accounts" })).resolves.toEqual([]);
    expect(loads.count).toBe(0);

    const onConnect = vi.fn();
    provider.on("connect", onConnect);
    await expect(provider.request({ method: "eth_chainId" })).resolves.toBe("0x7a69");
    expect(loads.count).toBe(1);
    await expect(provider.request({ method: "eth_requestAccounts" })).resolves.toEqual([
      HARDHAT_ACCOUNT_0_ADDRESS,
    ]);
    expect(onConnect).toHaveBeenCalledWith({ chainId: "0x7a69" });
    await expect(provider.request({ method: "eth_accounts" })).resolves.toEqual([HARDHAT_ACCOUNT_0_ADDRESS]);
    expect(loads.count).toBe(1);
  });
});
