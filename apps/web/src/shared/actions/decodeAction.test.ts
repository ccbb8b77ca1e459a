import { govSettingsAbi } from "@polity/core/generated/contracts";
import { type Abi, encodeFunctionData, erc20Abi } from "viem";
import { describe, expect, it } from "vitest";
import { daoContractsFixture } from "../../test/daoContractsFixture.ts";
import { proposalSettingsFixture } from "../../test/proposalSettings.ts";
import { knownContracts } from "./daoContracts.ts";
import { decodeAction } from "./decodeAction.ts";

const POOL = "0x1111111111111111111111111111111111111111";
const TOKEN = "0x2222222222222222222222222222222222222222";
const SETTINGS = "0x3333333333333333333333333333333333333333";
const known = knownContracts({
  ...daoContractsFixture(POOL, { address: TOKEN, symbol: "ACME", decimals: 6 }),
  expertNft: "0x8888888888888888888888888888888888888888",
});
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
    expect(decoded.target).toMatchObject({ role: "token", token: { symbol: "ACME", decimals: 6 } });
    expect(decoded.functionName).toBe("transfer");
    expect(decoded.args).toEqual([
      { name: "to", type: "address", kind: "address", address: RECIPIENT },
      { name: "value", type: "uint256", kind: "amount", display: "1.5 ACME", exact: "1.5 ACME" },
    ]);
  });

  it("shows large token amounts in the app's one number format and keeps every digit for the tooltip", () => {
    const decoded = decodeAction(
      {
        executor: TOKEN,
        value: 0n,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "transfer",
          args: [RECIPIENT, 1_234_567_890_000n],
        }),
      },
      known,
    );
    expect(decoded.args[1]).toEqual({
      name: "value",
      type: "uint256",
      kind: "amount",
      display: "1.23M ACME",
      exact: "1234567.89 ACME",
    });
  });

  it("decodes settings changes with their structs", () => {
    const data = encodeFunctionData({
      abi: govSettingsAbi,
      functionName: "editSettings",
      args: [[0n], [proposalSettingsFixture()]],
    });
    const decoded = decodeAction({ executor: SETTINGS, value: 0n, data }, known);
    expect(decoded.target?.role).toBe("settings");
    expect(decoded.functionName).toBe("editSettings");
    expect(decoded.args[0]).toEqual({
      name: "settingsIds",
      type: "uint256[]",
      kind: "other",
      display: "[0]",
    });
    expect(decoded.args[1]).toMatchObject({ kind: "other" });
    expect(JSON.stringify(decoded.args[1])).toContain("quorum: 500000000000000000000000000");
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
    expect(approve).toMatchObject({ target: null, functionName: "approve" });
    expect(approve.args[1]).toEqual({ name: "amount", type: "uint256", kind: "other", display: "5" });
    const raw = decodeAction({ executor: other, value: 10n ** 18n, data: "0x12345678" }, known);
    expect(raw).toMatchObject({ functionName: null, args: [], value: "1", data: "0x12345678" });
    const custom: Abi = [
      { type: "function", name: "ping", stateMutability: "nonpayable", inputs: [], outputs: [] },
    ];
    const ping = decodeAction(
      { executor: other, value: 0n, data: encodeFunctionData({ abi: custom, functionName: "ping" }) },
      [...known, { address: other, role: "expertNft", abi: custom }],
    );
    expect(ping).toMatchObject({ target: { role: "expertNft" }, functionName: "ping", args: [] });
  });
});
