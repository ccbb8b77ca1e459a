import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningStack, startStack } from "../../scripts/stack.ts";

let running: Promise<RunningStack> | undefined;
let isExitHookSet = false;

/**
 * The whole local stack (chain, protocol, api, seed, indexer, web) started once per test process
 * on its own ports and data folder, so it never collides with a developer's `npm run dev`.
 * E2E_WEB_PREVIEW=true serves the production build instead of the Vite dev server.
 */
export function useStack(): Promise<RunningStack> {
  if (!isExitHookSet) {
    isExitHookSet = true;
    // Test files share the stack (the runner uses one process); it stops when the tests are done.
    process.once("beforeExit", () => void stopStack());
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => void stopStack().finally(() => process.exit(130)));
    }
  }
  running ??= startStack({
    fresh: true,
    dataDir: process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "polity-e2e-stack-")),
    ports: {
      chain: Number(process.env.E2E_CHAIN_PORT ?? 18545),
      api: Number(process.env.E2E_API_PORT ?? 18080),
      indexer: Number(process.env.E2E_INDEXER_PORT ?? 42169),
      web: Number(process.env.E2E_WEB_PORT ?? 15173),
      postgres: Number(process.env.E2E_PG_PORT ?? 15433),
    },
    webPreview: process.env.E2E_WEB_PREVIEW === "true",
    onReady: (stage, detail) => console.log(`[stack] ${stage}: ${detail}`),
  });
  return running;
}

export async function stopStack(): Promise<void> {
  if (!running) return;
  const stack = await running;
  running = undefined;
  await stack.stop();
}

async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** `evm_snapshot` before a test and `evm_revert` after it, so tests never see each other's transactions. */
export async function snapshotChain(rpcUrl: string): Promise<() => Promise<void>> {
  const id = await rpc<string>(rpcUrl, "evm_snapshot");
  return async () => {
    const reverted = await rpc<boolean>(rpcUrl, "evm_revert", [id]);
    if (!reverted) throw new Error(`evm_revert(${id}) failed`);
  };
}
