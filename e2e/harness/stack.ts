import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";
import { freePort } from "../../scripts/lib/processes.ts";
import { type RunningStack, startStack } from "../../scripts/stack.ts";

/**
 * Kept on `globalThis`, so every test file of the run shares one stack even if a loader gives it a
 * separate copy of this module.
 */
const shared = globalThis as typeof globalThis & { __polityE2eStack?: Promise<RunningStack> };
let isSignalHookSet = false;

// Registered at load: with the runner's single process (`--test-isolation=none`) this root-level
// hook runs once every test file has finished; the stack's child processes would otherwise keep
// the process alive.
after(() => stopStack());

async function portFor(variable: string): Promise<number> {
  const configured = process.env[variable];
  return configured ? Number(configured) : freePort();
}

/**
 * The whole local stack (chain, protocol, api, seed, indexer, web) started once per test process
 * on its own ports and data folder, so it never collides with a developer's `npm run dev`.
 * E2E_WEB_PREVIEW=true serves the production build instead of the Vite dev server.
 */
export function useStack(): Promise<RunningStack> {
  if (!isSignalHookSet) {
    isSignalHookSet = true;
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => void stopStack().finally(() => process.exit(130)));
    }
  }
  // Test files share the stack (the runner uses one process).
  shared.__polityE2eStack ??= (async () =>
    startStack({
      fresh: true,
      dataDir: process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "polity-e2e-stack-")),
      ports: {
        chain: await portFor("E2E_CHAIN_PORT"),
        api: await portFor("E2E_API_PORT"),
        indexer: await portFor("E2E_INDEXER_PORT"),
        web: await portFor("E2E_WEB_PORT"),
        postgres: await portFor("E2E_PG_PORT"),
      },
      webPreview: process.env.E2E_WEB_PREVIEW === "true",
      onReady: (stage, detail) => console.log(`[stack] ${stage}: ${detail}`),
    }))().catch((err: unknown) => {
    // The runner reports tests whose `before` hook failed as cancelled and may still exit 0.
    process.exitCode = 1;
    throw err;
  });
  return shared.__polityE2eStack;
}

export async function stopStack(): Promise<void> {
  const running = shared.__polityE2eStack;
  if (!running) return;
  shared.__polityE2eStack = undefined;
  const stack = await running.catch(() => undefined);
  await stack?.stop();
}

/** One JSON-RPC call to the node at `url` (dev methods included: `evm_mine`, `hardhat_impersonateAccount`…). */
export async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/**
 * `evm_snapshot` before a test and `evm_revert` after it, so tests never see each other's transactions.
 *
 * The revert rewinds the chain below the indexer's head. The indexer only notices the fork when a block
 * above the head it indexed arrives, so the revert mines past the old head and waits until the indexer
 * (through the api's `/indexer-health`) has indexed it: the next test starts on an indexer that has rolled
 * back the previous test's blocks instead of showing them until the chain grows past them.
 */
export async function snapshotChain(stack: RunningStack): Promise<() => Promise<void>> {
  const rpcUrl = stack.urls.rpc;
  const id = await rpc<string>(rpcUrl, "evm_snapshot");
  return async () => {
    const head = Number(await rpc<string>(rpcUrl, "eth_blockNumber"));
    const reverted = await rpc<boolean>(rpcUrl, "evm_revert", [id]);
    if (!reverted) throw new Error(`evm_revert(${id}) failed`);
    const rewound = Number(await rpc<string>(rpcUrl, "eth_blockNumber"));
    if (rewound >= head) return;
    // One `evm_mine` per block: `hardhat_mine` reserves its blocks lazily, which the indexer cannot follow.
    for (let block = rewound; block <= head; block++) await rpc(rpcUrl, "evm_mine");
    await waitForIndexedBlock(stack, head + 1);
  };
}

/** Waits until the indexer has indexed `block` of the local chain (at most two minutes). */
export async function waitForIndexedBlock(stack: RunningStack, block: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  let last: number | null = null;
  while (Date.now() < deadline) {
    const response = await fetch(`${stack.urls.api}/integrations/tracker/indexer-health`);
    if (response.ok) {
      const body = (await response.json()) as {
        data: { attributes: { chain_id: number; last_indexed_block: number | null } }[];
      };
      last = body.data.find((c) => c.attributes.chain_id === 31337)?.attributes.last_indexed_block ?? null;
      if (last !== null && last >= block) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the indexer did not reach block ${block} within two minutes (last indexed: ${last})`);
}
