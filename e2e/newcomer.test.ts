import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Response } from "playwright-core";
import { openApp } from "./harness/app.ts";
import {
  membersFigure,
  ownContracts,
  recentTransactionScript,
  seededDao,
  seededDaos,
} from "./harness/daos.ts";
import { browserSession } from "./harness/session.ts";

/** Hardhat's account #1: a funded, publicly-known key of the local chain, distinct from the deployer. */
const MEMBER_KEY = "0x59c6995e998f97a5a0044966f0945389dc9c86dae88c7a8485f8ffd7ad0c2e4b" as const;

/** What a newcomer met on a first visit, at 1440 and 375 px, disconnected, connected and signed in. */
describe("a newcomer's first visit", () => {
  const session = browserSession({ privateKey: MEMBER_KEY });

  /** Each api answer with a 4xx status, by URL, while the page is open. */
  function clientErrorsByUrl(): Map<string, number> {
    const seen = new Map<string, number>();
    session.page.on("response", (response: Response) => {
      const url = response.url();
      if (!url.includes("/integrations/") || response.status() < 400 || response.status() >= 500) return;
      seen.set(url, (seen.get(url) ?? 0) + 1);
    });
    return seen;
  }

  it("says a proposal does not exist on the first 404 and asks no more", async () => {
    const { page, stack } = session;
    const dao = await seededDao(stack, "Guild of Builders");
    // Just after one of the user's own transactions indexed reads wait for the indexer; a proposal
    // the chain does not have must not be waited for.
    await page.addInitScript(await recentTransactionScript(stack, session.wallet.address));
    const errors = clientErrorsByUrl();
    await openApp(page, stack.urls.web, `/dao/${dao.address}/proposals/9999`);
    const started = Date.now();
    await page.getByText("This proposal does not exist.").waitFor({ timeout: 60_000 });
    const shownAfterMs = Date.now() - started;
    await page.waitForTimeout(4_000);
    assert.ok(shownAfterMs < 8_000, `the not-found message took ${shownAfterMs} ms`);
    const repeated = [...errors].filter(([, count]) => count > 1);
    assert.deepEqual(repeated, [], "no 4xx answer is asked for again");
  });

  it("lists as members exactly the people the Members figure counts, never the DAO's own contracts", async () => {
    const { page, stack } = session;
    for (const dao of await seededDaos(stack)) {
      const own = await ownContracts(stack, dao.address);
      const figure = await membersFigure(stack, dao.address);
      await openApp(page, stack.urls.web, `/dao/${dao.address}/members/all`);
      const rows = page.getByTestId("member-row");
      if (figure > 0) await rows.first().waitFor({ timeout: 30_000 });
      else await page.getByRole("heading", { name: "Members" }).waitFor();
      await page.waitForLoadState("networkidle");
      const listed = await rows.evaluateAll((trs) =>
        trs.map((tr) => (tr.querySelector("[title]")?.getAttribute("title") ?? "").toLowerCase()),
      );
      const contracts = listed.filter((address) => own.includes(address));
      assert.deepEqual(contracts, [], `${dao.name} lists its own contracts as members`);
      assert.equal(
        listed.length,
        Math.min(figure, 100),
        `${dao.name}: the list and the Members figure agree`,
      );
    }
  });
});
