/**
 * `npm run dev` — the whole product on this machine. `npm run dev -- --fresh` starts from empty data.
 * Ctrl-C stops every stage (and the embedded Postgres) before exiting.
 */
import { parseArgs } from "node:util";
import { StageError } from "./lib/processes.ts";
import { type RunningStack, startStack } from "./stack.ts";

const { values } = parseArgs({
  options: {
    fresh: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
  strict: true,
});

if (values.help) {
  console.log(`Usage: npm run dev [-- --fresh]

  --fresh   wipe the local data folder (.polity/ or POLITY_DATA_DIR) before starting

Ports: CHAIN_PORT (8545), API_PORT (8080), INDEXER_PORT (42069), WEB_PORT (5173), PG_PORT (5433).
DATABASE_URL points the api and the indexer at your own Postgres instead of the embedded one.`);
  process.exit(0);
}

const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
let stack: RunningStack | undefined;
let shuttingDown = false;

async function shutdown(code: number): Promise<never> {
  if (!shuttingDown) {
    shuttingDown = true;
    console.log("\nStopping Polity...");
    await stack?.stop();
    console.log("Stopped.");
  }
  process.exit(code);
}

// A terminal's Ctrl-C reaches npm, tsx and this process at once, and tsx relays it again: only a
// Ctrl-C pressed well after the first one means "stop waiting and exit now".
let firstInterruptAt = 0;
process.on("SIGINT", () => {
  if (!shuttingDown) {
    firstInterruptAt = Date.now();
    void shutdown(0);
  } else if (Date.now() - firstInterruptAt > 2000) {
    console.log("Exiting without waiting for the stages to stop.");
    process.exit(130);
  }
});
process.on("SIGTERM", () => void shutdown(0));

try {
  console.log(values.fresh ? "Starting Polity from fresh data..." : "Starting Polity...");
  stack = await startStack({
    fresh: values.fresh,
    onReady: (stage, detail) => console.log(`  ✓ ${stage.padEnd(9)} ${detail} [${seconds()}]`),
  });
  console.log(`
Polity is running: ${stack.urls.web}

  Dev account — LOCAL CHAIN 31337 ONLY, its key is public; never use it on a real network:
    address      ${stack.devAccount.address}
    private key  ${stack.devAccount.privateKey}
    balance      ${stack.devAccount.balance}
  Add the network to a wallet with RPC ${stack.urls.rpc} and chain id 31337, or pick
  "Dev account" in the app's wallet modal.

  api ${stack.urls.api}   indexer ${stack.urls.indexer}   logs ${stack.dataDir}/logs
Press Ctrl-C to stop.`);
} catch (err) {
  console.error(err instanceof StageError ? `\n✗ ${err.message}` : err);
  await shutdown(1);
}
