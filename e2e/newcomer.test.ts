import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Request, Response } from "playwright-core";
import { privateKeyToAccount } from "viem/accounts";
import { connectAndLogin, connectWallet, openApp } from "./harness/app.ts";
import { seriousViolations } from "./harness/axe.ts";
import { KEYS } from "./harness/chain.ts";
import {
  membersFigure,
  ownContracts,
  recentTransactionScript,
  seededDao,
  seededDaos,
} from "./harness/daos.ts";
import { appRoutes, horizontalOverflow, visit } from "./harness/routes.ts";
import { browserSession } from "./harness/session.ts";

/** Hardhat's account #1: a funded, publicly-known key of the local chain, distinct from the deployer. */
const MEMBER_KEY = "0x59c6995e998f97a5a0044966f0945389dc9c86dae88c7a8485f8ffd7ad0c2e4b" as const;

/** What a newcomer met on a first visit, at 1440 and 375 px, disconnected, connected and signed in. */
describe("a newcomer's first visit", () => {
  const session = browserSession({ privateKey: MEMBER_KEY });

  /**
   * The api URLs the page asks for again after a 4xx answer to them has arrived, with how often.
   * Requests sent before that answer do not count: in development React's StrictMode mounts each
   * component twice, and the read the first mount started (and cancelled) may still be answered.
   */
  function askedAgainAfterClientError(): Map<string, number> {
    const answered = new Set<string>();
    const again = new Map<string, number>();
    session.page.on("request", (request: Request) => {
      const url = request.url();
      if (answered.has(url)) again.set(url, (again.get(url) ?? 0) + 1);
    });
    session.page.on("response", (response: Response) => {
      const url = response.url();
      if (!url.includes("/integrations/") || response.status() < 400 || response.status() >= 500) return;
      answered.add(url);
    });
    return again;
  }

  it("says a proposal does not exist on the first 404 and asks no more", async () => {
    const { page, stack } = session;
    const dao = await seededDao(stack, "Guild of Builders");
    // Just after one of the user's own transactions indexed reads wait for the indexer; a proposal
    // the chain does not have must not be waited for.
    await page.addInitScript(await recentTransactionScript(stack, session.wallet.address));
    const askedAgain = askedAgainAfterClientError();
    await openApp(page, stack.urls.web, `/dao/${dao.address}/proposals/9999`);
    const started = Date.now();
    await page.getByText("This proposal does not exist.").waitFor({ timeout: 60_000 });
    const shownAfterMs = Date.now() - started;
    await page.waitForTimeout(4_000);
    assert.ok(shownAfterMs < 8_000, `the not-found message took ${shownAfterMs} ms`);
    assert.deepEqual([...askedAgain], [], "no 4xx answer is asked for again");
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

  it("shows a proposal's actions decoded for a person and what executing it would send, simulated on the node", async () => {
    const { page, stack } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    const fresh = await seededDao(stack, "Polity Fresh");
    const dave = privateKeyToAccount(KEYS.dave).address;
    // "Community grant #2" (Fresh #2) succeeded: it sends 2,500 PFR from the treasury to dave.
    await openApp(page, stack.urls.web, `/dao/${fresh.address}/proposals/2`);
    const action = page.getByTestId("decoded-action").first();
    await action.waitFor({ timeout: 30_000 });
    const text = (await action.textContent()) ?? "";
    assert.match(text, /Action 1: PFR token/);
    assert.match(text, /Function: transfer/);
    assert.match(text, /2,500 PFR/);
    assert.doesNotMatch(text, /0xa9059cbb/, "no raw call data");
    assert.doesNotMatch(text, /2500000000000000000000/, "no raw amount");
    const outflow = page.getByTestId("treasury-outflow");
    await outflow.waitFor({ timeout: 30_000 });
    assert.equal(
      await outflow.textContent(),
      `If executed, the treasury sends 2,500 PFR to ${dave.slice(0, 6)}…${dave.slice(-4)}.`,
    );
    assert.equal(await page.getByTestId("balance-change").count(), 2, "the treasury and dave");
  });

  it("names the token beside each amount: the DAO's figures, its members, My balance and its validators", async () => {
    const { page, stack, wallet } = session;
    // Grouped digits (or M/B/T) and the token's symbol: "15,000 BGT", "1.25M BGT".
    const withSymbol = /^\d[\d,.]*[MBT]? [A-Za-z][\w.-]*$/;
    const cells = (selector: string) =>
      page.locator(selector).evaluateAll((els) => els.map((el) => (el.textContent ?? "").trim()));
    await page.setViewportSize({ width: 1440, height: 900 });
    await openApp(page, stack.urls.web);
    await connectAndLogin(page, wallet);

    const guild = `/dao/${(await seededDao(stack, "Guild of Builders")).address}`;
    await visit(page, guild);
    await page.getByTestId("stat-power").locator("dd").filter({ hasText: /\d/ }).waitFor();
    const figures = await cells("[data-testid=stat-power] dd");
    await visit(page, `${guild}/members/all`);
    await page.getByTestId("member-row").first().waitFor();
    const members = await cells(
      "[data-testid=member-row] td:nth-child(2), [data-testid=member-row] td:nth-child(3)",
    );
    await visit(page, `${guild}/my-balance`);
    await page.getByTestId("power-personal").waitFor();
    const power = await cells("tr[data-testid^=power-] td");

    const merit = `/dao/${(await seededDao(stack, "Validated Meritocracy")).address}`;
    await visit(page, `${merit}/validators`);
    await page.getByTestId("validator-row").first().waitFor();
    const validators = await cells("[data-testid=validator-row] td:nth-child(2)");

    const bare = [...figures, ...members, ...power, ...validators].filter((text) => !withSymbol.test(text));
    assert.ok(members.length > 0 && power.length > 0 && validators.length > 0, "the tables have rows");
    assert.deepEqual(bare, [], "amounts without their token's symbol");
    assert.match(figures.join(), /BGT$/);
  });

  /**
   * Visits `routes` in order and says what is wrong on each: a raw 'undefined' or 'NaN' anywhere, and
   * on a page under the DAO at `daoPath` (its tabs, terminals, proposals, creation and off-chain pages)
   * other than one `h1` or no link back to the DAO (its profile or one of its tabs), and each serious or
   * critical accessibility violation axe-core finds on the settled page.
   */
  async function pageFailures(routes: readonly string[], daoPath: string): Promise<string[]> {
    const { page } = session;
    const isUnderDao = (path: string) => path === daoPath || path.startsWith(`${daoPath}/`);
    const failures: string[] = [];
    for (const path of routes) {
      await visit(page, path);
      const checked = isUnderDao(path);
      // A page's heading and its way back show from its link while its data loads (a loading state
      // beside them), and a lazily loaded part hides the page for a moment while its code loads: on a
      // busy machine, read the page again until it has settled (no loading state left, one shown
      // heading and a way back), for up to 30 s, so the checks read the loaded page.
      const read = () =>
        page.evaluate((daoHref) => {
          const main = document.querySelector("main");
          const tabs = ["", "/proposals", "/token-sales"].map((tab) => `${daoHref}${tab}`);
          const backToDao = Array.from(document.querySelectorAll("main a[href]")).some((a) =>
            tabs.includes((a.getAttribute("href") ?? "").toLowerCase()),
          );
          const raw = /\bundefined\b|\bNaN\b/.exec(main?.textContent ?? "")?.[0] ?? null;
          // A page Suspense keeps hidden (display: none) under its fallback is not shown and not read out.
          const headings = Array.from(main?.querySelectorAll("h1") ?? []).filter((h) =>
            h.checkVisibility(),
          ).length;
          // The app's loading state: a status with its spinner (buttons' spinners are not statuses).
          const loading = Array.from(main?.querySelectorAll('[role="status"] > svg') ?? []).some((svg) =>
            svg.checkVisibility(),
          );
          return { headings, backToDao, raw, loading };
        }, daoPath.toLowerCase());
      const settleBy = Date.now() + 30_000;
      let found = await read().catch(() => ({ headings: 0, backToDao: false, raw: null, loading: true }));
      const settled = () => !found.loading && (!checked || (found.headings === 1 && found.backToDao));
      while (!settled() && Date.now() < settleBy) {
        await page.waitForTimeout(250);
        found = await read().catch(() => found);
      }
      if (found.raw) failures.push(`${path}: shows '${found.raw}'`);
      for (const v of await seriousViolations(page)) {
        failures.push(`${path}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(", ")}`);
      }
      if (!checked) continue;
      if (found.headings !== 1) failures.push(`${path}: ${found.headings} h1 headings`);
      if (!found.backToDao) failures.push(`${path}: no link back to the DAO`);
    }
    return failures;
  }

  /** The app's routes for the Guild, with the staking tab and a token sale's purchase page. */
  async function guildRoutes() {
    const { stack } = session;
    const dao = await seededDao(stack, "Guild of Builders");
    const daoPath = `/dao/${dao.address}`;
    const routes = [
      ...appRoutes(dao.address, 1, stack.devAccount.address),
      `${daoPath}/staking`,
      `${daoPath}/dao-token-sales/1/token-purchase`,
    ];
    return { daoPath, routes };
  }

  // One sweep per state checks everything a page must be: each route is opened once.
  for (const state of ["disconnected", "signed in"] as const) {
    it(`at 1440 px ${state}, never shows a raw undefined or NaN, every page under a DAO has one heading and a way back to it, and no route has a serious or critical accessibility violation (axe-core)`, async () => {
      const { page, stack, wallet } = session;
      const { daoPath, routes } = await guildRoutes();
      await page.setViewportSize({ width: 1440, height: 900 });
      await openApp(page, stack.urls.web);
      if (state === "signed in") await connectAndLogin(page, wallet);
      const failures = await pageFailures(routes, daoPath);
      assert.deepEqual(failures, [], `pages failing ${state}`);
    });
  }

  /** Opens the app at 375 px in one of the three states a newcomer meets. */
  async function phoneIn(state: "disconnected" | "connected" | "signed in") {
    const { page, stack, wallet } = session;
    await page.setViewportSize({ width: 375, height: 800 });
    // The browser profile is shared by the file's tests: start without an earlier test's session.
    await page.addInitScript('localStorage.removeItem("polity.auth")');
    await openApp(page, stack.urls.web);
    if (state === "disconnected") return;
    if (state === "connected") {
      // Connected, the signature refused: the header shows both Sign in and the account.
      wallet.setRejectSignatures(true);
      await connectWallet(page);
      const rejected = page.getByText("Account ownership confirmation rejected");
      const terms = page.getByTestId("terms-checkbox");
      // The terms are asked once per browser profile.
      await Promise.race([
        terms.waitFor({ state: "visible" }).then(async () => {
          await terms.check();
          await page.getByRole("button", { name: "Accept" }).click();
        }),
        rejected.waitFor(),
      ]);
      await rejected.waitFor();
      return;
    }
    await connectAndLogin(page, wallet);
  }

  for (const state of ["disconnected", "connected", "signed in"] as const) {
    it(`fits every route in 375 px, ${state}`, async () => {
      const { page, stack } = session;
      const dao = await seededDao(stack, "Guild of Builders");
      await phoneIn(state);
      const failures: string[] = [];
      for (const path of appRoutes(dao.address, 1, stack.devAccount.address)) {
        await visit(page, path);
        const { overflow, culprits } = await horizontalOverflow(page);
        if (overflow > 0) failures.push(`${path}: ${overflow} px wider (${culprits.join(" | ")})`);
      }
      assert.deepEqual(failures, [], `pages wider than 375 px ${state}`);
    });
  }

  it("at 375 px keeps the unfinished-draft notice inside its card, whatever the DAO's name", async () => {
    const { page } = session;
    await phoneIn("signed in");
    await visit(page, "/create-pool");
    await page.getByRole("button", { name: "Start" }).click();
    // One unbroken 120-character word: the name a newcomer pasted by mistake.
    await page.getByLabel("DAO name").fill("Supercalifragilisticexpialidocious".repeat(4).slice(0, 120));
    await page.waitForTimeout(500);
    await visit(page, "/create-pool");
    const notice = page.getByText(/You have an unfinished draft for/);
    await notice.waitFor();
    const box = await notice.evaluate((el) => {
      const card = (el.closest("section, article, form") ?? el.parentElement) as HTMLElement;
      return { notice: el.getBoundingClientRect().right, card: card.getBoundingClientRect().right };
    });
    assert.ok(
      box.notice <= box.card + 0.5,
      `the notice ends at ${box.notice} px, its card at ${box.card} px`,
    );
    assert.equal((await horizontalOverflow(page)).overflow, 0, "the page fits 375 px");
  });

  it("at 375 px fits the header on one row with one network selector and one Create DAO, and tab bars scroll with a cue", async () => {
    const { page, stack } = session;
    await phoneIn("connected");
    const visibleCount = (locator: ReturnType<typeof page.locator>) =>
      locator.evaluateAll((els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).length);
    assert.equal(await visibleCount(page.getByTestId("chain-selector")), 1, "one network selector");
    assert.equal(await visibleCount(page.getByRole("link", { name: "Create DAO" })), 1, "one Create DAO");
    // One row: every visible part of the header overlaps the first one vertically.
    const rows = await page.getByRole("banner").evaluate((header) => {
      const parts = Array.from((header.firstElementChild as HTMLElement).children)
        .map((child) => child.getBoundingClientRect())
        .filter((rect) => rect.height > 0);
      const first = parts[0] as DOMRect;
      return parts.every((rect) => rect.top < first.bottom && rect.bottom > first.top) ? 1 : 2;
    });
    assert.equal(rows, 1, "the header's parts sit on one row");

    const dao = await seededDao(stack, "Guild of Builders");
    await visit(page, `/dao/${dao.address}`);
    const tabs = page.getByRole("navigation", { name: "DAO sections" });
    const bar = await tabs.evaluate((nav) => {
      const style = getComputedStyle(nav);
      return {
        scrolls: nav.scrollWidth > nav.clientWidth && ["auto", "scroll"].includes(style.overflowX),
        cue: style.backgroundImage.includes("gradient"),
        cut: Array.from(nav.querySelectorAll("a"))
          .filter((a) => a.scrollWidth > a.clientWidth + 1)
          .map((a) => a.textContent),
      };
    });
    assert.deepEqual(bar, { scrolls: true, cue: true, cut: [] });
  });
});
