import assert from "node:assert/strict";
import { afterEach, before, beforeEach, describe, it } from "node:test";
import type { Page } from "playwright-core";
import type { RunningStack } from "../scripts/stack.ts";
import { connectAndLogin, countRpcRequests, openApp, screenshot } from "./harness/app.ts";
import { type LaunchedBrowser, launchBrowser } from "./harness/browser.ts";
import { snapshotChain, useStack } from "./harness/stack.ts";
import { injectWallet, type TestWallet } from "./harness/wallet.ts";

/** Hardhat's account #1: a funded, publicly-known key of the local chain, distinct from the deployer. */
const MEMBER_KEY = "0x59c6995e998f97a5a0044966f0945389dc9c86dae88c7a8485f8ffd7ad0c2e4b" as const;

let stack: RunningStack;
// One browser profile per test: storage (sessions, preferences) never leaks between tests.
let browser: LaunchedBrowser;
let page: Page;
let wallet: TestWallet;
let revert: () => Promise<void>;

// One suite per file: with the runner in one process (one shared stack), top-level hooks would run for every file's tests.
describe("web shell flows", () => {
  before(async () => {
    stack = await useStack();
  });

  beforeEach(async () => {
    revert = await snapshotChain(stack);
    browser = await launchBrowser();
    page = await browser.context.newPage();
    wallet = await injectWallet(page, { privateKey: MEMBER_KEY, rpcUrl: stack.urls.rpc });
  });

  afterEach(async () => {
    await browser.close();
    await revert();
  });

  async function firstDaoRow(): Promise<{ name: string; href: string }> {
    const row = page.getByTestId("dao-row").first();
    await row.waitFor({ timeout: 60_000 });
    const name = (await row.locator("div").first().locator("div").first().textContent())?.trim() ?? "";
    const href = (await row.getAttribute("href")) ?? "";
    return { name, href };
  }

  describe("wallet and login", () => {
    it("connects the injected wallet and signs in with Ethereum", async () => {
      await openApp(page, stack.urls.web);
      await connectAndLogin(page, wallet);
      assert.ok(wallet.calls.includes("eth_requestAccounts"));
      assert.ok(wallet.calls.includes("personal_sign"), "the SIWE message was signed");
      await page.getByRole("button", { name: "Account menu" }).click();
      await page.getByTestId("auth-status").getByText("Signed in").waitFor();
      await page.keyboard.press("Escape");

      // A reload keeps both the connection and the cached session: no second signature.
      const signaturesBefore = wallet.calls.filter((c) => c === "personal_sign").length;
      await page.reload();
      await page.getByRole("button", { name: "Account menu" }).waitFor();
      assert.equal(wallet.calls.filter((c) => c === "personal_sign").length, signaturesBefore);
    });

    it("shows the spec's message when the signature is rejected", async () => {
      wallet.setRejectSignatures(true);
      await openApp(page, stack.urls.web);
      await page.getByRole("button", { name: "Connect wallet" }).first().click();
      await page.getByRole("button", { name: /Polity Test Wallet/ }).click();
      const terms = page.getByTestId("terms-checkbox");
      await terms.check();
      await page.getByRole("button", { name: "Accept" }).click();
      await page.getByText("Account ownership confirmation rejected").waitFor();
    });

    it("shows the wrong-network screen and switches back", async () => {
      await openApp(page, stack.urls.web);
      await connectAndLogin(page, wallet);
      await wallet.switchChain(4242);
      const screen = page.getByTestId("wrong-network");
      await screen.getByText("You use the wrong network.").waitFor();
      await screenshot(page, "wrong-network", 375);
      await screenshot(page, "wrong-network", 1440);
      await screen.getByRole("button", { name: /Switch to Polity Local/ }).click();
      await screen.waitFor({ state: "detached" });
      assert.ok(wallet.calls.includes("wallet_switchEthereumChain"));
    });
  });

  describe("DAO list", () => {
    it("lists the indexed DAOs with their figures, sorts and searches them", async () => {
      await openApp(page, stack.urls.web);
      const { name } = await firstDaoRow();
      assert.ok(name.length > 0);
      await page.getByTestId("dao-row").first().getByText("TVL").waitFor();
      await screenshot(page, "dao-list", 375);
      await screenshot(page, "dao-list", 1440);

      await page.getByLabel("Sort by").selectOption("members");
      await page.waitForURL(/sort=members/);
      await page.getByLabel("Search DAOs").fill(name);
      await page.waitForURL(new RegExp(`q=${encodeURIComponent(name).replace(/%20/g, "(%20|\\+)")}`));
      await page.getByTestId("dao-row").filter({ hasText: name }).first().waitFor();
      await page.getByLabel("Search DAOs").fill("no dao has this name 42");
      await page.getByText("No DAO matches “no dao has this name 42”.").waitFor();
    });

    it("asks to connect on My activity, then shows the account's DAOs", async () => {
      await openApp(page, stack.urls.web, "/my-activity");
      await page.getByText("Connect your wallet to see your DAOs.").waitFor();
      await connectAndLogin(page, wallet);
      await page
        .getByTestId("dao-row")
        .first()
        .or(page.getByText("You have not taken part in any DAO on this network yet."))
        .waitFor();
    });
  });

  describe("DAO profile", () => {
    it("loads the header, statistics and proposals in at most 3 JSON-RPC requests", async () => {
      await openApp(page, stack.urls.web);
      const { name, href } = await firstDaoRow();
      // A fresh page load of the profile, counting every HTTP request to the node.
      const requests = await countRpcRequests(page, stack.urls.rpc, async () => {
        await page.goto(new URL(href, stack.urls.web).href);
        await page.getByTestId("dao-name").getByText(name).waitFor();
        await page.getByRole("heading", { name: "Statistics", exact: true }).waitFor();
        // The latest proposals come from the indexer through the api: no JSON-RPC request of their own.
        await page.getByTestId("proposal-row").first().waitFor();
        await page.waitForLoadState("networkidle");
      });
      console.log(`[metric] DAO profile JSON-RPC HTTP requests: ${requests}`);
      assert.ok(requests <= 3, `a DAO profile load made ${requests} JSON-RPC requests`);
      await screenshot(page, "dao-profile", 375);
      await screenshot(page, "dao-profile", 1440);
    });

    it("shows the sub-pages: proposals with filters, voting rules, members, my balance", async () => {
      await openApp(page, stack.urls.web);
      const { href } = await firstDaoRow();
      await page.goto(new URL(`${href}/proposals`, stack.urls.web).href);
      await page.getByRole("group", { name: "Filter proposals" }).waitFor();
      await page.getByTestId("proposal-row").first().waitFor();
      // The api filters: the page shows only what it answered for the rejected filter.
      const filtered = page.waitForResponse((r) => {
        const url = new URL(r.url());
        return url.pathname.endsWith("/proposals") && url.searchParams.get("filter[status]") === "rejected";
      });
      await page.getByRole("button", { name: "Rejected" }).click();
      await page.waitForURL(/filter=rejected/);
      const answer = (await (await filtered).json()) as { data: { attributes: { state: number } }[] };
      assert.ok(answer.data.every((p) => p.attributes.state === 3));
      if (answer.data.length === 0) await page.getByText("No proposal matches this filter.").waitFor();
      else
        await page
          .getByTestId("proposal-row")
          .nth(answer.data.length - 1)
          .waitFor();
      await page.goto(new URL(`${href}/voting-rules`, stack.urls.web).href);
      await page.getByTestId("rules-default").waitFor();
      await page.goto(new URL(`${href}/members/all`, stack.urls.web).href);
      await page.getByRole("heading", { name: "Members" }).waitFor();
      await page.goto(new URL(`${href}/my-balance`, stack.urls.web).href);
      await page.getByText("Connect your wallet to see your balance in this DAO.").waitFor();
      await connectAndLogin(page, wallet);
      await page.getByTestId("power-personal").waitFor();
      await screenshot(page, "dao-my-balance", 375);
    });

    it("answers an unknown address with a clear message", async () => {
      await openApp(page, stack.urls.web, "/dao/0x000000000000000000000000000000000000dEaD");
      await page.getByText("There is no DAO at this address on Polity Local.").waitFor();
    });
  });

  describe("static pages", () => {
    it("serves the legal pages, the icon set and a not-found page", async () => {
      await openApp(page, stack.urls.web, "/privacy-policy");
      await page.getByRole("heading", { name: "Privacy policy", level: 1 }).waitFor();
      await openApp(page, stack.urls.web, "/service-terms");
      await page.getByRole("heading", { name: "Terms of service", level: 1 }).waitFor();
      await openApp(page, stack.urls.web, "/icons");
      await page.getByRole("heading", { name: "Icons" }).waitFor();
      await openApp(page, stack.urls.web, "/no/such/page");
      await page.getByRole("heading", { name: "Page not found" }).waitFor();
      await screenshot(page, "not-found", 375);
    });
  });
});
