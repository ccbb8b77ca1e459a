import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { govPoolAbi } from "@polity/core/generated/contracts";
import type { Page } from "playwright-core";
import { type Address, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { RunningStack } from "../scripts/stack.ts";
import { connectAndLogin, openApp, screenshot } from "./harness/app.ts";
import { type LaunchedBrowser, launchBrowser } from "./harness/browser.ts";
import { KEYS, seededDao, sendAs } from "./harness/chain.ts";
import { snapshotChain, useStack } from "./harness/stack.ts";
import { injectWallet } from "./harness/wallet.ts";

let stack: RunningStack;
let browser: LaunchedBrowser;
let page: Page;
let revert: () => Promise<void>;
let guild: Address;

// One suite per file: with the runner in one process (one shared stack), top-level hooks would run for every file's tests.
describe("notifications", () => {
  before(async () => {
    stack = await useStack();
    guild = (await seededDao(stack.urls.rpc, "Guild of Builders")).govPool;
    revert = await snapshotChain(stack);
    browser = await launchBrowser();
    page = await browser.context.newPage();
  });

  after(async () => {
    await browser?.close();
    await revert?.();
  });

  it("a member subscribed to a DAO sees another member's vote as an in-app notification within seconds", async () => {
    // alice subscribes to the Guild from its page: 'Subscribe' opens the new subscription on it
    const wallet = await injectWallet(page, { privateKey: KEYS.alice, rpcUrl: stack.urls.rpc });
    await openApp(page, stack.urls.web, `/dao/${guild}`);
    await connectAndLogin(page, wallet);
    const entry = page.getByTestId("dao-subscribe");
    await entry.filter({ hasText: /^Subscribe$/ }).waitFor();
    await entry.click();
    await page.waitForURL(/\/notifications\?subscribe=/);
    const modal = page.getByRole("dialog", { name: "New subscription" });
    await modal.getByLabel("DAO address").waitFor();
    assert.equal((await modal.getByLabel("DAO address").inputValue()).toLowerCase(), guild.toLowerCase());
    await modal.getByRole("button", { name: "Subscribe" }).click();
    await page
      .getByRole("dialog", { name: "Subscriptions" })
      .getByTestId("subscriptions")
      .getByText(guild.toLowerCase())
      .waitFor();
    await page.keyboard.press("Escape");
    // back on the Guild's page, the entry says so and leads to the subscriptions
    await openApp(page, stack.urls.web, `/dao/${guild}`);
    await page.getByTestId("dao-subscribe").filter({ hasText: "Subscribed" }).waitFor();
    await page.goto(`${stack.urls.web}/notifications`);

    // bob votes for "Workshop series" (Guild #2) straight through the node
    const votedAt = Date.now();
    await sendAs(stack.urls.rpc, KEYS.bob, {
      address: guild,
      abi: govPoolAbi,
      functionName: "vote",
      args: [2n, true, parseEther("1000"), []],
      account: privateKeyToAccount(KEYS.bob),
      chain: undefined,
    });

    // indexed, produced, fanned out: polled through the api with alice's session until it is stored
    const bob = privateKeyToAccount(KEYS.bob).address.toLowerCase();
    const text = `${bob} voted for proposal #2 in Guild of Builders`;
    const token = await page.evaluate(
      `JSON.parse(localStorage.getItem("polity.auth")).byAddress[${JSON.stringify(wallet.address.toLowerCase())}].accessToken.id`,
    );
    const deadline = Date.now() + 60_000;
    for (;;) {
      const res = await fetch(
        `${stack.urls.api}/integrations/notifications-core/storage?filter[topic]=PROPOSAL_VOTED`,
        {
          headers: { authorization: `Bearer ${String(token)}` },
        },
      );
      const body = (await res.json()) as {
        data: { attributes: { actor: string; params: { proposal_id: string } } }[];
      };
      if (body.data.some((n) => n.attributes.actor === bob && n.attributes.params.proposal_id === "2")) break;
      assert.ok(Date.now() < deadline, "the vote's notification was not stored within a minute");
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log(`[notifications] vote mined → in-app notification stored after ${Date.now() - votedAt} ms`);

    // the list (polled every minute) shows it on the next load, the header badge counts it
    await page.reload();
    await page.getByTestId("notification").filter({ hasText: text }).waitFor({ timeout: 30_000 });
    await page.getByTestId("notifications-unread").waitFor();
    await screenshot(page, "notifications", 1440);
    await screenshot(page, "notifications", 375);

    // marked read, the badge goes away
    await page.getByTestId("mark-all-read").click();
    await page
      .getByTestId("notifications-unread")
      .waitFor({ state: "detached", timeout: 60_000 })
      .catch(async () => {
        await page.reload();
        await page.getByTestId("notifications-bell").waitFor();
        assert.equal(await page.getByTestId("notifications-unread").count(), 0);
      });
  });
});
