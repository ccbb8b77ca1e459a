import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { userRegistryAbi } from "@polity/core/generated/contracts";
import { deployments } from "@polity/core/generated/deployments";
import type { Page } from "playwright-core";
import { type Address, type Hex, keccak256, stringToHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { RunningStack } from "../scripts/stack.ts";
import { connectAndLogin, connectWallet, openApp, screenshot } from "./harness/app.ts";
import type { LaunchedBrowser } from "./harness/browser.ts";
import { chainClients, KEYS, readClient, seededDao, sendAs } from "./harness/chain.ts";
import { seededDaos } from "./harness/daos.ts";
import { horizontalOverflow, visit } from "./harness/routes.ts";
import { freshBrowserPerTest } from "./harness/session.ts";
import { useStack } from "./harness/stack.ts";
import { injectWallet } from "./harness/wallet.ts";

let stack: RunningStack;
let browser: LaunchedBrowser;
let page: Page;
let guild: Address;
const alice = privateKeyToAccount(KEYS.alice).address.toLowerCase() as Address;

/** Signs `key` in through the api's own routes (nonce, signature, login): its access token. */
async function apiSession(key: Hex): Promise<string> {
  const account = privateKeyToAccount(key);
  const headers = { "content-type": "application/json", origin: new URL(stack.urls.web).origin };
  const post = async (path: string, attributes: unknown, type: string) => {
    const res = await fetch(`${stack.urls.api}/integrations/nonce-auth-svc/${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify({ data: { type, attributes } }),
    });
    assert.equal(res.status, 200, await res.clone().text());
    return (await res.json()) as { data: { attributes: Record<string, unknown> } };
  };
  const nonce = await post("nonce", { address: account.address, chain_id: 31337 }, "auth_nonce");
  const message = nonce.data.attributes.message as string;
  const login = await post(
    "login",
    {
      auth_pair: { address: account.address, signed_message: await account.signMessage({ message }) },
      message,
    },
    "login_request",
  );
  return (login.data.attributes.access_token as { id: string }).id;
}

/** Saves alice's profile through the api with `token`'s session (answered as it is). */
function putProfile(token: string, attributes: Record<string, unknown>): Promise<Response> {
  return fetch(`${stack.urls.api}/integrations/profile/${alice}`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ data: { type: "profiles", attributes } }),
  });
}

/** Counts, from the next page load on, how often the terms dialog opens (its checkbox appears). */
async function countTermsDialogs(page: Page): Promise<void> {
  await page.addInitScript(`(() => {
    window.__termsShown = 0;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof Element && (node.matches("[data-testid=terms-checkbox]") || node.querySelector("[data-testid=terms-checkbox]")))
            window.__termsShown += 1;
    }).observe(document, { childList: true, subtree: true });
  })()`);
}

const termsDialogsShown = (page: Page) => page.evaluate("window.__termsShown") as Promise<number>;

describe("profile", () => {
  before(async () => {
    stack = await useStack();
    guild = (await seededDao(stack.urls.rpc, "Guild of Builders")).govPool.toLowerCase() as Address;
  });

  freshBrowserPerTest(
    () => stack,
    (launched) => ({ browser, page } = launched),
  );

  it("shows a member's DAOs with the voting power in each, and the wallet's balances with USD values", async () => {
    await openApp(page, stack.urls.web, `/profile/${alice}`);
    const guildRow = page.getByTestId("profile-dao").filter({ hasText: "Guild of Builders" });
    await guildRow.waitFor({ timeout: 30_000 });
    // alice deposited 40,000 BGT in the Guild: her personal power there
    await guildRow.getByTestId("profile-dao-power").filter({ hasText: "40,000 BGT" }).waitFor();
    assert.ok((await page.getByTestId("profile-dao").count()) >= 3, "Fresh, Guild and Merit");
    assert.ok(Number(await page.getByTestId("stat-daos").textContent()) >= 3);
    await screenshot(page, "profile-overview", 1440);
    await screenshot(page, "profile-overview", 375);

    await page.getByRole("button", { name: /DAOs/ }).first().click();
    await page.getByTestId("modal-dao-pools").getByText("Guild of Builders").waitFor();
    await page.keyboard.press("Escape");

    await page.getByRole("link", { name: "User balance" }).click();
    const rows = page.getByTestId("portfolio-row");
    await rows.first().waitFor({ timeout: 30_000 });
    // the native coin is priced by the seed's PriceFeed: a dollar value, never a zero balance
    const texts = await rows.allTextContents();
    assert.ok(
      texts.some((text) => /\$[\d,.]+/.test(text)),
      texts.join(" | "),
    );
    assert.match((await page.getByTestId("portfolio-total").textContent()) ?? "", /^\$/);
    await screenshot(page, "profile-portfolio", 1440);
    await screenshot(page, "profile-portfolio", 375);
  });

  it("lets the owner edit the profile, keeps it after a reload, and refuses another account", async () => {
    const wallet = await injectWallet(page, { privateKey: KEYS.alice, rpcUrl: stack.urls.rpc });
    await openApp(page, stack.urls.web, "/profile/edit");
    await connectAndLogin(page, wallet);
    const name = page.getByLabel("Name");
    await name.waitFor();
    await name.fill("Alice of the Guild");
    await page.getByLabel("Bio").fill("Builds things, votes on them.");
    await page.getByRole("button", { name: "Add link" }).click();
    await page.getByLabel("Link 1", { exact: true }).fill("https://github.com/alice");
    await page.getByLabel("Kind of link 1").selectOption("github");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.getByText("Profile saved.").waitFor();
    // then the owner writes the link of the profile's IPFS document in the UserRegistry: one transaction
    const steps = page.getByRole("list", { name: "What saving does" });
    await steps.getByText(/Write its link in the UserRegistry.*— done/).waitFor({ timeout: 30_000 });
    const registry = deployments[31337]?.UserRegistry;
    assert.ok(registry, "the local deployment has a UserRegistry");
    const { profileURL } = await readClient(stack.urls.rpc).readContract({
      address: registry,
      abi: userRegistryAbi,
      functionName: "userInfo",
      args: [alice],
    });
    assert.match(profileURL, /^ipfs:\/\/\w+$/);
    await page.getByTestId("edit-chain-link").filter({ hasText: profileURL }).waitFor();
    await screenshot(page, "profile-edit", 1440);
    await screenshot(page, "profile-edit", 375);
    // another front end needs only the chain and IPFS: the link names the profile's document
    const document = (await (
      await fetch(`${stack.urls.api}/integrations/ipfs-cache-svc/ipfs/${profileURL.slice("ipfs://".length)}`)
    ).json()) as { name: string; bio: string; social_links: { url: string }[] };
    assert.equal(document.name, "Alice of the Guild");
    assert.equal(document.bio, "Builds things, votes on them.");
    assert.deepEqual(
      document.social_links.map((link) => link.url),
      ["https://github.com/alice"],
    );

    await page.goto(new URL(`/profile/${alice}`, stack.urls.web).href);
    await page.reload();
    await page.getByTestId("profile-name").filter({ hasText: "Alice of the Guild" }).waitFor();
    await page.getByText("Builds things, votes on them.").waitFor();
    await page.getByRole("link", { name: "GitHub" }).waitFor();
    await page.getByRole("link", { name: "Edit profile" }).waitFor();
    // the profile page reads the link back from the chain
    await page.getByTestId("profile-chain-link").filter({ hasText: profileURL }).waitFor();

    // another signed-in account is refused by the api and offered no edit button
    const bob = await apiSession(KEYS.bob);
    const res = await putProfile(bob, { name: "Mallory", avatar_url: "", bio: "", social_links: [] });
    assert.equal(res.status, 403);
    const after = (await (await fetch(`${stack.urls.api}/integrations/profile/${alice}`)).json()) as {
      data: { attributes: { name: string } };
    };
    assert.equal(after.data.attributes.name, "Alice of the Guild");
    const other = await browser.context.newPage();
    const bobWallet = await injectWallet(other, { privateKey: KEYS.bob, rpcUrl: stack.urls.rpc });
    await openApp(other, stack.urls.web, `/profile/${alice}`);
    await connectAndLogin(other, bobWallet);
    await other.getByTestId("profile-name").filter({ hasText: "Alice of the Guild" }).waitFor();
    assert.equal(await other.getByRole("link", { name: "Edit profile" }).count(), 0);
  });

  it("asks for the terms once, at sign-in; the first transaction records that agreement in the UserRegistry as a step", async () => {
    // The owner publishes a new policy: every account, carol too, has to agree again.
    const registry = deployments[31337]?.UserRegistry;
    assert.ok(registry, "the local deployment has a UserRegistry");
    const owner = chainClients(stack.urls.rpc, KEYS.deployer);
    await owner.publicClient.waitForTransactionReceipt({
      hash: await owner.walletClient.writeContract({
        address: registry,
        abi: userRegistryAbi,
        functionName: "setDocumentHash",
        args: [keccak256(stringToHex(`Polity privacy policy, e2e ${Date.now()}`))],
        chain: owner.walletClient.chain,
        account: owner.walletClient.account,
      }),
    });
    const carol = privateKeyToAccount(KEYS.carol).address;
    const agreed = () =>
      owner.publicClient.readContract({
        address: registry,
        abi: userRegistryAbi,
        functionName: "agreed",
        args: [carol],
      });
    assert.equal(await agreed(), false);

    const wallet = await injectWallet(page, { privateKey: KEYS.carol, rpcUrl: stack.urls.rpc });
    await countTermsDialogs(page);
    await openApp(page, stack.urls.web, `/dao/${guild}/deposit`);
    await connectWallet(page);
    // The terms at sign-in: accepting signs the policy's hash for this network's registry, then signs in.
    const dialog = page.getByRole("dialog").filter({ hasText: "Before you continue" });
    await dialog.getByText("Your first transaction on a network records that agreement there").waitFor();
    await screenshot(page, "terms-dialog", 1440);
    await screenshot(page, "terms-dialog", 375);
    await dialog.getByTestId("terms-checkbox").check();
    await dialog.getByRole("button", { name: "Accept" }).click();
    await page.getByRole("button", { name: "Account menu" }).waitFor();
    await page.waitForFunction(
      `(() => { const raw = localStorage.getItem("polity.auth"); return raw !== null && ${JSON.stringify(
        carol.toLowerCase(),
      )} in (JSON.parse(raw).byAddress ?? {}); })()`,
      undefined,
      { timeout: 45_000 },
    );
    assert.equal(wallet.calls.filter((c) => c === "eth_signTypedData_v4").length, 1);
    // the api keeps that signature for the account's first transaction (the app sends it once
    // signed in, a moment after the session is stored)
    const token = await apiSession(KEYS.carol);
    const keptBy = Date.now() + 15_000;
    let kept: Response;
    for (;;) {
      kept = await fetch(`${stack.urls.api}/integrations/nonce-auth-svc/agreements/31337`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (kept.status === 200 || Date.now() > keptBy) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.equal(kept.status, 200, await kept.clone().text());
    assert.equal(await agreed(), false, "nothing on chain before a transaction");

    const amount = page.getByLabel("Amount (BGT)");
    await amount.fill("10");
    await page.getByTestId("deposit-submit").filter({ hasText: "Deposit" }).click();
    // the deposit that asked goes on once the agreement is mined: no dialog, no new signature
    await page.waitForFunction(
      () => (document.querySelector("#deposit-amount") as HTMLInputElement | null)?.value === "",
      undefined,
      { timeout: 30_000 },
    );
    assert.equal(await agreed(), true);
    assert.equal(wallet.calls.filter((c) => c === "eth_signTypedData_v4").length, 1);
    assert.equal(await termsDialogsShown(page), 1, "the terms were shown once, at sign-in");

    // remembered: the next transaction asks nothing, also after a reload
    await page.reload();
    await amount.fill("5");
    await page.getByTestId("deposit-submit").filter({ hasText: "Deposit" }).click();
    await page.waitForFunction(
      () => (document.querySelector("#deposit-amount") as HTMLInputElement | null)?.value === "",
      undefined,
      { timeout: 30_000 },
    );
    assert.equal(await termsDialogsShown(page), 0, "none since the reload");
    assert.equal(wallet.calls.filter((c) => c === "eth_signTypedData_v4").length, 1);
  });

  it("shows the comment texts per DAO in a profile's comments modal", async () => {
    const fresh = (await seededDaos(stack)).find((dao) => dao.name === "Polity Fresh");
    assert.ok(fresh, "the seed has Polity Fresh");
    const stamp = Date.now().toString(36);
    const texts = new Map<Address, string>([
      [guild, `Guild: ship the builder grants first (${stamp})`],
      [fresh.address.toLowerCase() as Address, `Fresh: the sale tier needs a cliff (${stamp})`],
    ]);
    const token = await apiSession(KEYS.alice);
    for (const [pool, content] of texts) {
      const res = await fetch(`${stack.urls.api}/integrations/comments-svc/comments`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          data: {
            type: "comments",
            attributes: { chain_id: 31337, pool_address: pool, page_id: `dao/${pool}/proposals/1`, content },
          },
        }),
      });
      assert.equal(res.status, 201, await res.clone().text());
    }

    // bob, a signed-in reader, opens alice's profile and its comments
    const wallet = await injectWallet(page, { privateKey: KEYS.bob, rpcUrl: stack.urls.rpc });
    await openApp(page, stack.urls.web, `/profile/${alice}`);
    await connectAndLogin(page, wallet);
    await page.getByTestId("stat-comments").filter({ hasText: /[1-9]/ }).click({ timeout: 30_000 });
    const modal = page.getByRole("dialog").getByTestId("modal-comments");
    const [guildText, freshText] = [...texts.values()] as [string, string];
    // newest first: the DAO commented in last is shown first
    await modal.getByText(freshText).waitFor({ timeout: 30_000 });
    assert.equal(await modal.getByText(guildText).count(), 0);
    await screenshot(page, "profile-comments", 1440);
    await screenshot(page, "profile-comments", 375);
    await modal.getByLabel("DAO").selectOption(guild);
    await modal.getByText(guildText).waitFor({ timeout: 30_000 });
    assert.equal(await modal.getByText(freshText).count(), 0);
    await modal.getByRole("link", { name: "Guild of Builders" }).waitFor();
  });

  it("fits every profile route and modal in 375 and 1440 px, with a long name, bio and chain link", async () => {
    const token = await apiSession(KEYS.alice);
    const longWord = "Supercalifragilisticexpialidocious".repeat(2).slice(0, 50);
    const saved = await putProfile(token, {
      name: longWord,
      avatar_url: "",
      bio: `${longWord} https://example.org/${"a".repeat(120)}`,
      social_links: [{ kind: "other", url: `https://example.org/${"b".repeat(120)}` }],
    });
    assert.equal(saved.status, 200, await saved.clone().text());
    const registry = deployments[31337]?.UserRegistry;
    assert.ok(registry);
    await sendAs(stack.urls.rpc, KEYS.alice, {
      address: registry,
      abi: userRegistryAbi,
      functionName: "changeProfile",
      args: [`ipfs://bafkrei${"q".repeat(52)}`],
      chain: null,
    });

    const wallet = await injectWallet(page, { privateKey: KEYS.alice, rpcUrl: stack.urls.rpc });
    await openApp(page, stack.urls.web, `/profile/${alice}`);
    await connectAndLogin(page, wallet);
    await page.getByTestId("profile-chain-link").waitFor({ timeout: 30_000 });
    const bob = privateKeyToAccount(KEYS.bob).address.toLowerCase();
    const paths = [
      `/profile/${alice}`,
      `/profile/${alice}/overview`,
      `/profile/${alice}/portfolio`,
      ...(["dao-pools", "dao-proposals", "following", "comments"] as const).map(
        (modal) => `/profile/${alice}?modal=${modal}`,
      ),
      `/profile/${bob}`,
      `/profile/${bob}/portfolio`,
      "/profile/edit",
    ];
    const failures: string[] = [];
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of paths) {
        await visit(page, path);
        const { overflow, culprits } = await horizontalOverflow(page);
        if (overflow > 0)
          failures.push(`${width} px ${path}: ${overflow} px wider (${culprits.join(" | ")})`);
      }
    }
    assert.deepEqual(failures, [], "profile pages wider than their viewport");
    await visit(page, `/profile/${alice}`);
    await screenshot(page, "profile-long-texts", 375);
  });

  it("shows the DAO list's Voting power and My activity tabs from the profile's figures", async () => {
    const wallet = await injectWallet(page, { privateKey: KEYS.alice, rpcUrl: stack.urls.rpc });
    await openApp(page, stack.urls.web, "/voting-power");
    await connectAndLogin(page, wallet);
    const guildRow = page.getByTestId("dao-row").filter({ hasText: "Guild of Builders" });
    await guildRow.waitFor({ timeout: 30_000 });
    // the power the profile reads on chain: alice's 40,000 BGT deposited in the Guild
    await guildRow.getByText("Your voting power").waitFor();
    await guildRow.getByText("40,000 BGT").waitFor();
    await screenshot(page, "dao-list-voting-power", 1440);
    await screenshot(page, "dao-list-voting-power", 375);

    await page.getByRole("link", { name: "My activity" }).click();
    await guildRow.getByText(/\d+ votes? · \d+ proposals? · \d+ comments?/).waitFor({ timeout: 30_000 });
    await screenshot(page, "dao-list-my-activity", 375);
  });

  it("pins a followed DAO at the top of the DAO list", async () => {
    const wallet = await injectWallet(page, { privateKey: KEYS.carol, rpcUrl: stack.urls.rpc });
    await openApp(page, stack.urls.web, "/");
    await connectAndLogin(page, wallet);
    const rows = page.getByTestId("dao-row");
    await rows.first().waitFor({ timeout: 30_000 });
    const follows = page.getByRole("button", { name: /^Follow / });
    await follows.first().waitFor();
    const daoName = (await follows.last().getAttribute("aria-label"))?.replace(/^Follow /, "") ?? "";
    assert.ok(daoName);
    await follows.last().click();
    await page.getByRole("button", { name: `Unfollow ${daoName}` }).waitFor();
    await rows.first().filter({ hasText: daoName }).waitFor();
    await screenshot(page, "dao-list-following", 375);
  });

  it("lists an off-chain proposal in the DAO's Proposals tab, beside the on-chain ones", async () => {
    const wallet = await injectWallet(page, { privateKey: KEYS.alice, rpcUrl: stack.urls.rpc });
    const title = `Adopt a template ${Date.now().toString(36)}`;
    await openApp(page, stack.urls.web, `/dao/${guild}/create-offchain`);
    await connectAndLogin(page, wallet);
    await page.getByRole("link", { name: /New template/ }).click();
    await page.getByLabel("Proposal title").fill(title);
    await page.getByLabel("Template name").fill(`T${Date.now().toString(36)}`);
    await page.getByLabel("One of several options").check();
    await page.getByRole("button", { name: "Create proposal" }).click();
    await page.getByRole("heading", { name: title }).waitFor({ timeout: 30_000 });

    await page.goto(new URL(`/dao/${guild}/proposals`, stack.urls.web).href);
    const row = page.getByTestId("offchain-proposal-row").filter({ hasText: title });
    await row.waitFor({ timeout: 15_000 });
    await row.getByText("Members voting").waitFor();
    await page.getByTestId("proposal-row").first().waitFor();
    await page.getByRole("button", { name: "Off-chain", exact: true }).click();
    await page.getByTestId("proposal-row").first().waitFor({ state: "detached" });
    await row.waitFor();
    await screenshot(page, "dao-proposals-offchain", 1440);
    await screenshot(page, "dao-proposals-offchain", 375);
  });

  it("draws the DAO's and the DAO list's statistics from the seeded chain", async () => {
    await openApp(page, stack.urls.web, `/dao/${guild}`);
    const charts = page.getByTestId("stats-charts");
    await charts.locator("canvas").first().waitFor({ timeout: 30_000 });
    await charts.getByRole("button", { name: "Members" }).click();
    await charts.getByRole("button", { name: "M", exact: true }).click();
    await charts.locator("canvas").first().waitFor();
    await screenshot(page, "dao-charts", 1440);
    await screenshot(page, "dao-charts", 375);

    await page.goto(new URL(`/dao/${guild}/treasury`, stack.urls.web).href);
    await page.getByTestId("pie-chart").waitFor({ timeout: 30_000 });

    await page.goto(new URL("/", stack.urls.web).href);
    await page.getByTestId("summary-daos").filter({ hasText: /[1-9]/ }).waitFor({ timeout: 30_000 });
    await page.getByTestId("stats-charts").locator("canvas").first().waitFor({ timeout: 30_000 });
    await screenshot(page, "dao-list-summary", 1440);
    await screenshot(page, "dao-list-summary", 375);
  });
});
