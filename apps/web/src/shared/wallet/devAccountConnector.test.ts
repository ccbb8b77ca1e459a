import { hardhat } from "viem/chains";
import { describe, expect, it, vi } from "vitest";
import { createConfig, http } from "wagmi";
import { devAccountConnector } from "./devAccountConnector.ts";

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

    const onConnect = vi.fn();
    provider.on("connect", onConnect);
    await expect(provider.request({ method: "eth_chainId" })).resolves.toBe("0x7a69");
    expect(loads.count).toBe(1);
    await expect(provider.request({ method: "eth_requestAccounts" })).resolves.toEqual([
      "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    ]);
    expect(onConnect).toHaveBeenCalledWith({ chainId: "0x7a69" });
    expect(loads.count).toBe(1);
  });
});
