import { defineConfig } from "hardhat/config";

// The api tests only need a local EVM (chain 31337) to verify signatures and read contracts deployed
// by the protocol's own scripts; nothing is compiled from here.
export default defineConfig({});
