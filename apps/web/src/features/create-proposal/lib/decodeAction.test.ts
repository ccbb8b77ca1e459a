import { govSettingsAbi } from "@polity/core/generated/contracts";
import { type Abi, encodeFunctionData, erc20Abi } from "viem";
import { describe, expect, it } from "vitest";
import { knownContracts } from "../api/poolContext.ts";
import { DEFAULT_SETTINGS, POOL, poolContextFixture, TOKEN } from "../test/poolContextFixture.ts";
import { decodeAction } from "./decodeAction.ts";

const ctx = poolContextFixture();
const known = knownContracts(ctx);
const RECIPIENT = "0x000000000000000000000000000000000000dEaD";

describe("decodeAction", () => {
  it("names the contract and function and shows token amounts with the token's decimals", () => {
    const decoded = decodeAction(
      {
        executor: TOKEN,
        value: 0n,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [RECIPIENT, 1_500_000n] }),
      },
      known,
    );
    expect(decoded.contractLabel).toBe("ACME token");
    expect(decoded.functionName).toBe("transfer");
    expect(decoded.args).toEqual([
      { name: "to", type: "address", display: RECIPIENT },
      { name: "value", type: "uint256", display: "1.5 ACME" },
    ]);
  });

  it("decodes settings changes with their structs", () => {
    const data = encodeFunctionData({
      abi: govSettingsAbi,
      functionName: "editSettings",
      args: [[0n], [DEFAULT_SETTINGS]],
    });
    const decoded = decodeAction({ executor: ctx.settings, value: 0n, data }, known);
    expect(decoded.contractLabel).toBe("GovSettings");
    expect(decoded.functionName).toBe("editSettings");
    expect(decoded.args[0]).toEqual({ name: "settingsIds", type: "uint256[]", display: "[0]" });
    expect(decoded.args[1]?.display).toContain("quorum: 500000000000000000000000000");
  });

  it("falls back to ERC-20 for unknown targets and keeps raw data when nothing decodes", () => {
    const other = "0x000000000000000000000000000000000000bEEF";
    const approve = decodeAction(
      {
        executor: other,
        value: 0n,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [POOL, 5n] }),
      },
      known,
    );
    expect(approve).toMatchObject({ contractLabel: null, functionName: "approve" });
    expect(approve.args[1]?.display).toBe("5");
    const raw = decodeAction({ executor: other, value: 10n ** 18n, data: "0x12345678" }, known);
    expect(raw).toMatchObject({ functionName: null, args: [], value: "1", data: "0x12345678" });
    const custom: Abi = [
      { type: "function", name: "ping", stateMutability: "nonpayable", inputs: [], outputs: [] },
    ];
    const ping = decodeAction(
      { executor: other, value: 0n, data: encodeFunctionData({ abi: custom, functionName: "ping" }) },
      [...known, { address: other, label: "Pinger", abi: custom }],
    );
    expect(ping).toMatchObject({ contractLabel: "Pinger", functionName: "ping", args: [] });
  });
});
