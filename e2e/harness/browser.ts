import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.ts";

export interface LaunchedBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A fresh browser profile per launch, so storage never leaks between test files. */
export async function launchBrowser(
  options: { width?: number; height?: number } = {},
): Promise<LaunchedBrowser> {
  const profile = mkdtempSync(join(tmpdir(), "polity-e2e-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
  });
  // Ceilings, not expectations: on a loaded two-core machine the dev server's first transform of
  // a route can take longer than Playwright's 30 s default.
  context.setDefaultTimeout(60_000);
  // tsx compiles the suites with esbuild's keepNames: functions the harness serialises into a page
  // call its `__name` helper, which pages do not have.
  await context.addInitScript({ content: "globalThis.__name = (fn) => fn;" });
  context.on("page", (page) => page.on("pageerror", (err) => console.error("[page error]", err)));
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
