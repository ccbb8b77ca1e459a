// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Hardhat account #0: the key the Dev account connector signs with on the local chain.
const HARDHAT_ACCOUNT_0_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

import { ROUTE_SOURCES, routeSizes } from "./routeBudget.ts";

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

  it("keeps the first route within 250 KB gzip and every route split out of the shell", () => {
    const sizes = routeSizes(outDir, ROUTE_SOURCES);
    console.log("JavaScript per route (gzip bytes):", sizes);
    // The landing route (the DAO list) is the first download of nearly every visit.
    expect(sizes["/ (DAO list)"]).toBeLessThanOrEqual(250 * 1024);
    for (const route of ["/privacy-policy", "/icons"]) expect(sizes[route]).toBeLessThanOrEqual(250 * 1024);
    // A deep link to a DAO adds its reads and ABIs on top of the shell.
    expect(sizes["/dao/:daoAddress"]).toBeLessThanOrEqual(275 * 1024);
    // The profile's code is not part of the list's download.
    expect(sizes["/ (DAO list)"]).toBeLessThan(sizes["/dao/:daoAddress"] ?? 0);
  });
});
