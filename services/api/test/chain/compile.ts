import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Abi, Hex } from "viem";

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
}

/** Compiles the api's test contracts with the same solc (npm, offline) the protocol uses. */
export type TestContractName =
  | "TestGovPool"
  | "TestUserKeeper"
  | "TestSmartWallet"
  | "TestWalletFactory"
  | "TestPoolRegistry"
  | "TestToken";

export function compileTestContracts(): Record<TestContractName, CompiledContract> {
  const require = createRequire(import.meta.url);
  const solc = require("solc") as { compile(input: string): string };
  const source = readFileSync(new URL("./TestGovPool.sol", import.meta.url), "utf8");
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: "Solidity",
        sources: { "TestGovPool.sol": { content: source } },
        settings: {
          evmVersion: "cancun",
          optimizer: { enabled: true, runs: 200 },
          outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
        },
      }),
    ),
  ) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  const file = output.contracts["TestGovPool.sol"]!;
  const pick = (name: string) => ({
    abi: file[name]!.abi,
    bytecode: `0x${file[name]!.evm.bytecode.object}` as Hex,
  });
  return {
    TestGovPool: pick("TestGovPool"),
    TestUserKeeper: pick("TestUserKeeper"),
    TestSmartWallet: pick("TestSmartWallet"),
    TestWalletFactory: pick("TestWalletFactory"),
    TestPoolRegistry: pick("TestPoolRegistry"),
    TestToken: pick("TestToken"),
  };
}
