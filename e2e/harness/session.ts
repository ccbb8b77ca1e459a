import { after, afterEach, before, beforeEach } from "node:test";
import type { Page } from "playwright-core";
import type { Hex } from "viem";
import type { RunningStack } from "../../scripts/stack.ts";
import { connectAndLogin, openApp } from "./app.ts";
import { type LaunchedBrowser, launchBrowser } from "./browser.ts";
import { snapshotChain, useStack } from "./stack.ts";
import { injectWallet, type TestWallet } from "./wallet.ts";

export function need<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`${name} is set by the session's hooks: read it inside a test`);
  return value;
}

/**
 * A browser on the shared stack, with a fresh page and a wallet holding `privateKey` for each test
 * and the chain reverted after it. Call it inside the file's one `describe`: with the runner in one
 * process (one shared stack), top-level hooks would run for every file's tests; this suite's `after`
 * runs once its tests are done; the shared stack stops once every file has finished.
 */
export function browserSession(options: { privateKey: Hex }) {
  let stack: RunningStack | undefined;
  let browser: LaunchedBrowser | undefined;
  let page: Page | undefined;
  let wallet: TestWallet | undefined;
  let revert: (() => Promise<void>) | undefined;

  before(async () => {
    stack = await useStack();
    browser = await launchBrowser();
  });
  // The stack stays up for the next file: the runner stops it once every file has finished.
  after(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    const running = need(stack, "stack");
    revert = await snapshotChain(running);
    page = await need(browser, "browser").context.newPage();
    wallet = await injectWallet(page, { privateKey: options.privateKey, rpcUrl: running.urls.rpc });
  });
  afterEach(async () => {
    await page?.close();
    await revert?.();
  });

  const session = {
    get stack() {
      return need(stack, "stack");
    },
    get page() {
      return need(page, "page");
    },
    get wallet() {
      return need(wallet, "wallet");
    },
    /** Types `value` into the field labelled `label` (a text label must match exactly). */
    async fill(label: string | RegExp, value: string) {
      await session.page.getByLabel(label, { exact: typeof label === "string" }).fill(value);
    },
    /** The wizard's Next button. */
    async next() {
      await session.page.getByRole("button", { name: "Next" }).click();
    },
    /** Waits for the wizard step titled `title`. */
    async expectStep(title: string) {
      await session.page.getByRole("heading", { level: 1, name: title }).waitFor();
    },
    /** The DAO creation wizard's step 2 answered with a token the DAO creates, and on to step 2.5. */
    async chooseNewToken() {
      await session.expectStep("Governance");
      await session.page.getByLabel("Create a new token with the DAO").check();
      await session.next();
    },
    /** Opens the DAO creation wizard signed in, and starts it: step 1, Basic DAO settings. */
    async startWizard() {
      await openApp(session.page, session.stack.urls.web, "/create-pool");
      await connectAndLogin(session.page, session.wallet);
      await session.expectStep("Before you start");
      await session.page.getByRole("button", { name: "Start" }).click();
      await session.expectStep("Basic DAO settings");
    },
    /**
     * Step 2.5's token fields, "Lisbon Token" (LSB, 1,000 of 1,000,000, 40% in the treasury) unless `token`
     * says otherwise, and its first recipient: the wallet, 600 tokens.
     */
    async fillToken(
      token: Partial<Record<"name" | "symbol" | "cap" | "totalSupply" | "treasuryShare", string>>,
    ) {
      const t = {
        name: "Lisbon Token",
        symbol: "LSB",
        cap: "1000000",
        totalSupply: "1000",
        treasuryShare: "40",
        ...token,
      };
      await session.expectStep("Token creation");
      await session.fill("Token name", t.name);
      await session.fill("Token symbol", t.symbol);
      await session.fill("Cap", t.cap);
      await session.fill("Total supply", t.totalSupply);
      await session.fill("Treasury share (%)", t.treasuryShare);
      await session.fill("Recipient 1 address", session.wallet.address);
      await session.fill("Recipient 1 amount", "600");
    },
  };
  return session;
}

/**
 * For each test of the enclosing suite: a chain snapshot and a fresh browser profile with one page (no
 * wallet connection or session carries over), handed to `opened`; after the test, the browser closes
 * and the chain is reverted.
 */
export function freshBrowserPerTest(
  stack: () => RunningStack,
  opened: (launched: { browser: LaunchedBrowser; page: Page }) => void,
): void {
  let browser: LaunchedBrowser | undefined;
  let revert: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    revert = await snapshotChain(stack());
    browser = await launchBrowser();
    opened({ browser, page: await browser.context.newPage() });
  });
  afterEach(async () => {
    await browser?.close();
    await revert?.();
  });
}
