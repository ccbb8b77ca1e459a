// @vitest-environment node
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { actionSimulatorCode } from "./actionSimulator.ts";

/** solc-js, the compiler the contracts package builds with (solc 0.8.28). */
const solc = createRequire(import.meta.url)("solc") as { compile(input: string): string };

describe("actionSimulatorCode", () => {
  it("is what ActionSimulator.sol compiles to", () => {
    const input = {
      language: "Solidity",
      sources: {
        "ActionSimulator.sol": {
          content: readFileSync(new URL("./ActionSimulator.sol", import.meta.url), "utf8"),
        },
      },
      settings: {
        evmVersion: "cancun",
        optimizer: { enabled: true, runs: 200 },
        metadata: { bytecodeHash: "none", appendCBOR: false },
        outputSelection: { "*": { "*": ["evm.deployedBytecode.object"] } },
      },
    };
    const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
      contracts: Record<string, Record<string, { evm: { deployedBytecode: { object: string } } }>>;
    };
    const compiled = output.contracts["ActionSimulator.sol"]?.ActionSimulator?.evm.deployedBytecode.object;
    expect(`0x${compiled}`).toBe(actionSimulatorCode);
  }, 120_000);
});
