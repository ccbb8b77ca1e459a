// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Hardhat account #0: the key the Dev account connector signs with on the local chain.
const HARDHAT_ACCOUNT_0_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

import {
  gzipBytes,
  type Manifest,
  routeSizes,
  routeSourcesFromRouter,
  staticClosure,
} from "./routeBudget.ts";

/**
 * The first route's JavaScript, whichever route is opened first: at most 250 KB gzip. The DAO page's tabs
 * after the overview, and zod (only forms need it: terminals check amounts with plain code), download when
 * they are used; each ABI is its own module, so a page loads only the ABIs it reads.
 */
const ROUTE_BUDGET = 250 * 1024;

const outDir = mkdtempSync(join(tmpdir(), "polity-web-build-"));
const root = join(import.meta.dirname, "..", "..");

function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? allFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe("production build", () => {
  beforeAll(async () => {
    delete process.env.VITE_ENABLE_LOCAL_CHAIN;
    // Vitest runs with NODE_ENV=test, which would make the build pick React's development bundle.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    await build({
      root,
      configFile: join(root, "vite.config.ts"),
      mode: "production",
      logLevel: "silent",
      build: { outDir, emptyOutDir: true, manifest: true },
    }).finally(() => {
      process.env.NODE_ENV = nodeEnv;
    });
  }, 120_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it("never contains the local Dev account or its key", () => {
    const key = HARDHAT_ACCOUNT_0_KEY.slice(2);
    for (const file of allFiles(outDir)) {
      const text = readFileSync(file, "utf8");
      expect(text.includes(key), `${file} contains the dev key`).toBe(false);
      expect(text.includes("Dev account"), `${file} contains the dev connector`).toBe(false);
    }
  });

  it("keeps every route's first download within 250 KB gzip, each page split out of the shell", () => {
    const routes = routeSourcesFromRouter(readFileSync(join(root, "src", "app", "router.tsx"), "utf8"));
    const sizes = routeSizes(outDir, routes);
    console.log(
      "First-load JavaScript per route opened directly (gzip KB):",
      Object.fromEntries(Object.entries(sizes).map(([route, bytes]) => [route, +(bytes / 1024).toFixed(1)])),
    );
    expect(Object.keys(sizes).length).toBeGreaterThanOrEqual(20);
    // No exceptions: pages that read the chain use `useReadClient` (shared/chain/readClient.ts)
    // rather than wagmi's public client, and load the transaction code on submit
    // (`useContractWriter`, shared/tx/useContractWriter.ts).
    for (const [route, bytes] of Object.entries(sizes))
      expect(bytes, `${route} loads ${(bytes / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(ROUTE_BUDGET);
    // Pages are not part of the shell: the list downloads none of the profile's code.
    expect(sizes["/"]).toBeLessThan(sizes["/dao/:daoAddress/*"] ?? 0);
    expect(sizes["/privacy-policy"]).toBeLessThan(sizes["/"] ?? 0);
  });

  it("loads the DAO profile and a proposal in at most 15 files, the shared small modules grouped", () => {
    const manifest = JSON.parse(readFileSync(join(outDir, ".vite", "manifest.json"), "utf8")) as Manifest;
    const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    const routes = routeSourcesFromRouter(readFileSync(join(root, "src", "app", "router.tsx"), "utf8"));
    // Over HTTP/1.1 each file waits its turn on one of six connections while the entry downloads: the
    // `common` and `chain` groups of vite.config.ts took these pages from 36 and 33 files to 8 and 13.
    for (const route of ["/dao/:daoAddress/*", "/dao/:daoAddress/proposals/:proposalId/*"]) {
      const source = routes[route];
      expect(source, route).toBeDefined();
      const files = staticClosure(manifest, [entry ?? "", source ?? ""]);
      expect(files.size, `${route} loads ${[...files].join(", ")}`).toBeLessThanOrEqual(15);
    }
  });

  it("keeps the shell every route shares under 175 KB gzip", () => {
    const manifest = JSON.parse(readFileSync(join(outDir, ".vite", "manifest.json"), "utf8")) as Manifest;
    const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    const shell = gzipBytes(outDir, staticClosure(manifest, entry ? [entry] : []));
    // React, the router, wagmi, TanStack Query, i18next and the layout. A dynamic import of a module
    // the shell already holds (WalletConnect's `import("viem")`) once added 80 KB here. Each route adds ~0.1 KB
    // (its lazy import and preload list); the delegation and token-sale routes took it past 170 KB.
    expect(shell, `${(shell / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(175 * 1024);
  });

  it("paints the HTML before any script downloads, then preloads the page chunk the URL opens", () => {
    const html = readFileSync(join(outDir, "index.html"), "utf8");
    const manifest = JSON.parse(readFileSync(join(outDir, ".vite", "manifest.json"), "utf8")) as Manifest;
    const routes = routeSourcesFromRouter(readFileSync(join(root, "src", "app", "router.tsx"), "utf8"));
    // No script, module preload or stylesheet in the markup: the styles are inline and the loader at
    // the end of the body adds the preloads and the entry once the HTML has painted.
    expect(html).not.toMatch(/<script[^>]+src=|<link rel="(modulepreload|stylesheet)"/);
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)?.file;
    expect(html.includes(JSON.stringify(`/${entry}`)), "the loader adds the entry").toBe(true);
    // The DAO list's heading is painted from the HTML, with the catalogue's text.
    expect(html).toContain("<h1>DAOs</h1>");
    expect(html).not.toContain("%t:");
    for (const source of new Set(Object.values(routes))) {
      const page = manifest[source]?.file;
      expect(page, source).toBeDefined();
      expect(html.includes(JSON.stringify(page)), `${source} (${page}) is not preloaded`).toBe(true);
    }
  });
});
