import { createRequire } from "node:module";
import hardhatToolboxViem from "@nomicfoundation/hardhat-toolbox-viem";
import { defineConfig } from "hardhat/config";

const require = createRequire(import.meta.url);

// The compiler comes from the `solc` npm package so builds work offline; keep `version` equal to it.
const solc = { version: "0.8.28", path: require.resolve("solc/soljson.js") };

export default defineConfig({
  plugins: [hardhatToolboxViem],
  solidity: {
    profiles: {
      default: {
        ...solc,
        settings: {
          evmVersion: "cancun",
          optimizer: { enabled: true, runs: 200 },
          // storage layouts in the build info, for the upgrade-safety test (test/StorageLayout.test.ts)
          outputSelection: { "*": { "*": ["storageLayout"] } },
        },
      },
    },
  },
  networks: {
    localhost: { type: "http", chainType: "l1", url: process.env.RPC_URL ?? "http://127.0.0.1:8545" },
  },
});
