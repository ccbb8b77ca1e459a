import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { injectWallet, type TestWallet } from "./wallet.ts";

export const SCREENSHOTS_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "screenshots");

/** Opens a path and waits until wagmi has settled (it reconnects on mount). */
export async function openApp(page: Page, webUrl: string, path = "/"): Promise<void> {
  await page.goto(new URL(path, webUrl).href);
  await page.getByRole("banner").waitFor();
  await page
    .getByRole("button", { name: /Connect wallet|Account menu/ })
    .first()
    .waitFor({ state: "visible" });
}

/** Opens the wallet modal and picks the injected test wallet (EIP-6963 entry). */
export async function connectWallet(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Connect wallet" }).first().click();
  await page
    .getByRole("dialog", { name: "Connect a wallet" })
    .getByRole("button", { name: /Polity Test Wallet/ })
    .click();
}

/**
 * Connects the injected test wallet through the wallet modal (EIP-6963 entry), agrees to the terms
 * on first use and signs the SIWE message; resolves when the account menu reports "Signed in".
 */
export async function connectAndLogin(page: Page, wallet: TestWallet): Promise<void> {
  await connectWallet(page);
  const terms = page.getByTestId("terms-checkbox");
  await Promise.race([
    terms.waitFor({ state: "visible" }).then(async () => {
      await terms.check();
      await page.getByRole("button", { name: "Accept" }).click();
    }),
    page.getByRole("button", { name: "Account menu" }).waitFor({ state: "visible" }),
  ]);
  await page.getByRole("button", { name: "Account menu" }).waitFor({ state: "visible" });
  // A string expression: the TypeScript loader's helpers do not exist in the page.
  await page.waitForFunction(
    `(() => { const raw = localStorage.getItem("polity.auth"); return raw !== null && ${JSON.stringify(
      wallet.address.toLowerCase(),
    )} in (JSON.parse(raw).byAddress ?? {}); })()`,
    undefined,
    { timeout: 45_000 },
  );
}

/** Full-page screenshot at a width (375 for phones, 1440 for desktops) under e2e/screenshots/. */
export async function screenshot(page: Page, name: string, width: number): Promise<string> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const previous = page.viewportSize();
  await page.setViewportSize({ width, height: previous?.height ?? 900 });
  await page.waitForTimeout(150);
  const file = join(SCREENSHOTS_DIR, `${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true });
  if (previous) await page.setViewportSize(previous);
  return file;
}

/** Counts the page's JSON-RPC HTTP requests to the node while `action` runs. */
export async function countRpcRequests(
  page: Page,
  rpcUrl: string,
  action: () => Promise<void>,
): Promise<number> {
  const origin = new URL(rpcUrl).origin;
  let count = 0;
  const onRequest = (request: { url(): string; method(): string }) => {
    if (request.method() === "POST" && request.url().startsWith(origin)) count += 1;
  };
  page.on("request", onRequest);
  try {
    await action();
  } finally {
    page.off("request", onRequest);
  }
  return count;
}

/** A new page of `browser` with `key`'s wallet, opened at `path` and signed in. */
export async function openPageAs(
  browser: { context: { newPage(): Promise<Page> } },
  stack: { urls: { rpc: string; web: string } },
  key: `0x${string}`,
  path: string,
): Promise<{ page: Page; wallet: TestWallet }> {
  const page = await browser.context.newPage();
  const wallet = await injectWallet(page, { privateKey: key, rpcUrl: stack.urls.rpc });
  await openApp(page, stack.urls.web, path);
  await connectAndLogin(page, wallet);
  return { page, wallet };
}

/** Waits for the "Proposal #N created" heading a creation flow ends on, and answers N. */
export async function createdProposalId(page: Page): Promise<bigint> {
  const created = page.getByRole("heading", { name: /Proposal #\d+ created/ });
  await created.waitFor({ timeout: 120_000 });
  const id = BigInt(/#(\d+)/.exec((await created.textContent()) ?? "")?.[1] ?? "0");
  if (id <= 0n) throw new Error("no proposal id in the created heading");
  return id;
}
