import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Plugin } from "vite";
import { htmlTextPlugin } from "./src/build/htmlText.ts";
import { routePreloadPlugin } from "./src/build/routePreload.ts";

const LAZY_VIEM_ID = "\0polity:viem-for-walletconnect";

/**
 * WalletConnect's modal loads viem with `import("viem")` for a public client. viem's index is
 * already part of the first page (wagmi imports it), so that dynamic import would make the bundler
 * keep the index's whole namespace — every public action, ENS and signature code — in the first
 * download. Sending it to a module of its own keeps those three functions, and what they pull in,
 * in the WalletConnect chunks.
 */
function walletConnectViemOnDemand(): Plugin {
  return {
    name: "polity:walletconnect-viem-on-demand",
    enforce: "pre",
    resolveId(source, importer) {
      if (
        source === "viem" &&
        importer &&
        /[\\/]@reown[\\/]appkit-controllers[\\/].*[\\/]ViemUtil\.js$/.test(importer)
      )
        return LAZY_VIEM_ID;
      return null;
    },
    load(id) {
      if (id === LAZY_VIEM_ID) return 'export { createPublicClient, defineChain, http } from "viem";';
      return null;
    },
  };
}

/**
 * Small modules most pages share — formatting, enums, query keys, the api's records, react-query's
 * `useQuery`, icons, address links, pagination, avatars — downloaded as one `common` chunk (~11 KB
 * gzip) instead of the ~20 files of about 1 KB each that their different sets of importers would cut
 * them into. Over HTTP/1.1 each file waits its turn on one of six connections, and shares the
 * bandwidth with the entry meanwhile: with the `chain` group below, the DAO profile's first load went
 * from 36 files to 8, the proposal's from 33 to 13 (Lighthouse mobile LCP over HTTP/1.1: see the
 * README). A page needing a few of them downloads the rest too (create-pool and the icon set: +10 KB),
 * all within the 250 KB route budget (`productionBuild.test.ts`).
 */
const COMMON_MODULES = new RegExp(
  [
    "viem/_esm/constants/address\\.js",
    "@tanstack/react-query/build/modern/queryOptions\\.js",
    "@tanstack/query-core/build/modern/queryObserver\\.js",
    "@tanstack/react-query/build/modern/(IsRestoringProvider|QueryErrorResetBoundary|errorBoundaryUtils|suspense|useBaseQuery|useQuery)\\.js",
    "src/shared/query/queryKeys\\.ts",
    "src/shared/ui/(lazyNamed|icons)\\.tsx?",
    "src/shared/ui/(AddressLink|Pagination|DaoAvatar)\\.tsx",
    "src/shared/ui/(Tabs|Data)\\.module\\.css",
    "src/shared/routes/proposalPath\\.ts",
    "src/shared/format/tokenAmount\\.ts",
    "core/src/generated/deployments\\.ts",
    "core/src/(enums|bigAmount|duration|proposalStates)\\.ts",
    "core/src/format/(date|number)\\.ts",
    "core/src/records/(governance|voting)\\.ts",
  ]
    .join("|")
    .replaceAll("/", "[\\\\/]"),
);

/**
 * What the DAO's pages read the chain and the api with — `readBatch`, the pool's helper contracts, the
 * read client, the api's governance, tracker and contracts clients, the metadata documents, the helper
 * contracts' ABIs, and viem's code they import (~38 KB gzip) — as one `chain` chunk rather than ~10:
 * the DAO profile's first load is 8 files (220.9 KB gzip), a proposal's 13 (227.5 KB). Pages that use
 * one of them download all (the notifications: 248.3 KB of the 250 KB budget).
 */
const CHAIN_MODULES = new RegExp(
  [
    "src/shared/chain/(readBatch|poolHelpers|readClient)\\.ts",
    "src/shared/tracker/(poolContractsApi|governanceApi|trackerApi)\\.ts",
    "src/shared/ipfs/(daoMetadata|ipfsUrl)\\.ts",
    "core/src/generated/abis/(govPool|govUserKeeper|govSettings|govValidators)Abi\\.ts",
  ]
    .join("|")
    .replaceAll("/", "[\\\\/]"),
);

export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, process.cwd(), "");
  const apiPort = env.API_PORT ?? process.env.API_PORT ?? "8080";
  const apiTarget = `http://127.0.0.1:${apiPort}`;
  const isLocalChainEnabled = (env.VITE_ENABLE_LOCAL_CHAIN ?? process.env.VITE_ENABLE_LOCAL_CHAIN) === "true";
  if (command === "build" && isLocalChainEnabled) {
    // The local chain brings the "Dev account" connector with a publicly-known key: such a build
    // serves the local stack only. Release builds leave the variable unset.
    console.warn(
      "VITE_ENABLE_LOCAL_CHAIN=true: local development build with the Dev account; never deploy it.",
    );
  }
  const chainPort = env.CHAIN_PORT ?? process.env.CHAIN_PORT ?? "8545";
  const localRpcUrl = env.VITE_RPC_URL_31337 || `http://127.0.0.1:${chainPort}`;
  return {
    define: {
      "import.meta.env.VITE_RPC_URL_31337": JSON.stringify(localRpcUrl),
      // A literal, so builds without the local chain drop the Dev account code entirely.
      __POLITY_LOCAL_CHAIN__: JSON.stringify(isLocalChainEnabled),
    },
    plugins: [walletConnectViemOnDemand(), react(), htmlTextPlugin(), routePreloadPlugin()],
    server: {
      host: "127.0.0.1",
      port: Number(env.WEB_PORT ?? process.env.WEB_PORT ?? 5173),
      strictPort: true,
      proxy: { "/integrations": { target: apiTarget, changeOrigin: false } },
    },
    preview: {
      host: "127.0.0.1",
      port: Number(env.WEB_PORT ?? process.env.WEB_PORT ?? 4173),
      proxy: { "/integrations": { target: apiTarget, changeOrigin: false } },
    },
    build: {
      target: "es2022",
      // Every browser the es2022 target runs in supports <link rel="modulepreload">: no polyfill in the shell.
      modulePreload: { polyfill: false },
      sourcemap: false,
      reportCompressedSize: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // What the entry imports statically downloads with every page anyway: as one chunk
            // rather than the ~40 small ones the pages' sharing would cut it into, it is one request
            // on a phone's slow connection instead of several rounds of them, and ~10 KB less gzip
            // (no import and export lists between the pieces).
            groups: [
              { name: "shell", tags: ["$initial"] },
              { name: "common", test: (id: string) => COMMON_MODULES.test(id) },
              { name: "chain", test: (id: string) => CHAIN_MODULES.test(id) },
            ],
          },
        },
      },
    },
  };
});
