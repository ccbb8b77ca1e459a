import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { poolFactoryAbi } from "@polity/core/generated/contracts";
import { deployments } from "@polity/core/generated/deployments";
import { connectAndLogin, openApp, screenshot } from "./harness/app.ts";
import { readClient } from "./harness/chain.ts";
import { browserSession } from "./harness/session.ts";

/** Hardhat's account #2: a funded, publicly-known key of the local chain (not the demo seed's deployer). */
const CREATOR_KEY = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a" as const;

/** A 1×1 PNG, uploaded as the DAO's avatar. */
const AVATAR_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe("DAO creation wizard flows", () => {
  const session = browserSession({ privateKey: CREATOR_KEY });
  const { fill, next, expectStep } = session;

  /** Waits for the success step, or fails with the summary's error when the deployment fails. */
  async function waitForDeployment(daoName: string) {
    const success = session.page.getByText(`“${daoName}” has been created.`, { exact: false });
    const failure = session.page.locator("main p[role='alert']").first();
    const failed = failure.waitFor({ timeout: 60_000 }).then(
      async () => `the deployment failed: ${await failure.textContent()}`,
      () => null,
    );
    const succeeded = success.waitFor({ timeout: 60_000 }).then(() => null);
    const error = await Promise.race([succeeded, failed.then((message) => message ?? succeeded)]);
    if (error) throw new Error(error);
  }

  describe("DAO creation wizard", () => {
    it("creates a DAO with a new token through every step and opens its profile", async () => {
      const daoName = `E2E Builders ${Date.now().toString(36)}`;
      // 0. Before you start, then 1. Basic DAO settings: a validation message, then valid settings with an
      // avatar on IPFS.
      await session.startWizard();
      await next();
      await session.page.getByText("Please fill out this field").waitFor();
      await fill("DAO name", daoName);
      await fill("Website", "lisbon.example.org");
      await next();
      await session.page.getByText("Please enter a valid URL starting with http:// or https://").waitFor();
      await fill("Website", "https://lisbon.example.org");
      await session.page.getByRole("textbox", { name: "Description" }).click();
      await session.page.keyboard.type("Builders of Lisbon govern their treasury together.");
      await session.page.getByRole("button", { name: "Add a social link" }).click();
      await fill("Social link 1 URL", "https://github.com/lisbon-builders");
      await session.page.getByLabel("Social link 1 network").selectOption("github");
      await session.page
        .getByLabel("Avatar")
        .setInputFiles({ name: "avatar.png", mimeType: "image/png", buffer: AVATAR_PNG });
      await session.page.getByRole("img", { name: "DAO avatar preview" }).waitFor();
      await screenshot(session.page, "create-pool-basic", 375);
      await next();

      // 2. Governance: a new token.
      await session.chooseNewToken();

      // 2.5. Token creation: 100% in the treasury is refused, then 40% with one recipient.
      await session.fillToken({ treasuryShare: "100" });
      await next();
      await session.page.getByText("With 100% in the treasury, participants have nothing to vote").waitFor();
      await fill("Treasury share (%)", "40");
      await session.page.getByText("60% (600 tokens)").waitFor();
      await next();

      // 3. Voting parameters: the quorum cannot exceed the initial distribution (60%).
      await expectStep("Voting parameters");
      await fill("Quorum (%)", "75");
      await next();
      await session.page.getByText("Quorum cannot exceed the initial distribution").waitFor();
      await fill("Quorum (%)", "50");
      await fill("Voting duration", "1w 2d");
      await next();

      // 4. Validators: the creator validates with the default 10 tokens.
      await expectStep("Validators");
      await session.page.getByLabel("Add validators to this DAO").check();
      await fill("Validator token name", "Lisbon Council");
      await fill("Validator token symbol", "LSC");
      await session.page.getByText("Will be LSC-VT").waitFor();
      await fill("Validator 1 address", session.wallet.address);
      await next();

      // 5. Summary with the predicted addresses, then one deployment transaction.
      await expectStep("Summary");
      const predictedPool = session.page
        .getByRole("definition")
        .filter({ hasText: /^0x[0-9a-fA-F]{40}$/ })
        .first();
      await session.page.getByText("DAO (GovPool)").waitFor({ timeout: 30_000 });
      const predicted = (await predictedPool.textContent())?.trim() ?? "";
      assert.match(predicted, /^0x[0-9a-fA-F]{40}$/);
      await screenshot(session.page, "create-pool-summary", 1440);
      await session.page.getByRole("button", { name: "Create DAO" }).click();

      // 6. Success: the DAO from the DaoPoolDeployed event.
      await expectStep("Your DAO is live");
      await waitForDeployment(daoName);
      assert.ok(
        session.wallet.calls.includes("eth_sendTransaction"),
        "the deployment was signed by the wallet",
      );
      assert.equal(
        session.wallet.calls.filter((call) => call === "eth_sendTransaction").length,
        1,
        "the DAO is deployed in one transaction",
      );
      const link = session.page.getByRole("link", { name: "Open the DAO" });
      const href = (await link.getAttribute("href")) ?? "";
      assert.equal(
        href.toLowerCase(),
        `/dao/${predicted.toLowerCase()}`,
        "the DAO is at its predicted address",
      );
      await screenshot(session.page, "create-pool-success", 375);
      await screenshot(session.page, "create-pool-success", 1440);

      // Its profile shows the metadata uploaded to IPFS.
      await link.click();
      await session.page.waitForURL(`**${href}`);
      await session.page.getByRole("heading", { name: daoName }).first().waitFor({ timeout: 60_000 });

      // The same creator cannot take the same name twice.
      await openApp(session.page, session.stack.urls.web, "/create-pool/basic");
      await fill("DAO name", daoName);
      await next();
      await session.page.getByText("A pool with this name already exists.").waitFor({ timeout: 15_000 });
    });

    it("refuses an NFT where a token is expected and a token that does not exist", async () => {
      await openApp(session.page, session.stack.urls.web, "/create-pool/governance");
      await connectAndLogin(session.page, session.wallet);
      await session.page.getByLabel("Use an existing token").check();
      await fill("Token address", "0x000000000000000000000000000000000000dEaD");
      await next();
      await session.page.getByText("Token not found").waitFor();
      await screenshot(session.page, "create-pool-token-not-found", 375);
      // The protocol's global expert badge is an ERC-721 collection.
      const nft = deployments[31337]?.GlobalExpertNft;
      assert.ok(nft, "the local deployment has the global expert NFT");
      await fill("Token address", nft);
      await next();
      await session.page.getByText("This address is an NFT, not a token").waitFor();
    });

    it("creates a DAO governed by an existing token of another DAO", async () => {
      // A governance token the demo seed created with one of its DAOs.
      const client = readClient(session.stack.urls.rpc);
      const factory = deployments[31337]?.PoolFactory;
      assert.ok(factory, "the local deployment has the pool factory");
      const events = await client.getContractEvents({
        address: factory,
        abi: poolFactoryAbi,
        eventName: "DaoPoolDeployed",
        fromBlock: 0n,
      });
      const token = events
        .map((event) => event.args.token)
        .find((address) => address && !/^0x0+$/.test(address));
      assert.ok(token, "the demo seed created a DAO with a token");

      const daoName = `E2E Importers ${Date.now().toString(36)}`;
      await openApp(session.page, session.stack.urls.web, "/create-pool/basic");
      await connectAndLogin(session.page, session.wallet);
      await expectStep("Basic DAO settings");
      await fill("DAO name", daoName);
      await next();
      await expectStep("Governance");
      await session.page.getByLabel("Use an existing token").check();
      await fill("Token address", token);
      await next();
      // No token creation step for an imported token.
      await expectStep("Voting parameters");
      await next();
      await expectStep("Validators");
      await next();
      await expectStep("Summary");
      await session.page.getByText(token).first().waitFor();
      await session.page.getByText("DAO (GovPool)").waitFor({ timeout: 30_000 });
      await session.page.getByRole("button", { name: "Create DAO" }).click();
      await waitForDeployment(daoName);
      await session.page.getByRole("link", { name: "Open the DAO" }).click();
      await session.page.getByRole("heading", { name: daoName }).first().waitFor({ timeout: 60_000 });
    });
  });
});
