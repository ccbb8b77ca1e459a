import { describe, it } from "node:test";
import { screenshot } from "./harness/app.ts";
import { KEYS } from "./harness/chain.ts";
import { browserSession } from "./harness/session.ts";

/**
 * Hardhat's account #0: the demo seed's deployer. A DAO name is taken per deployer (the pool's
 * address is predicted from the deployer and the name), so this account sees the seed's names as taken.
 */
const SEED_DEPLOYER_KEY = KEYS.deployer;
/** A DAO the demo seed created with that deployer. */
const SEEDED_DAO_NAME = "Polity Fresh";
/** Hardhat's account #1, a second distinct address. */
const OTHER_ADDRESS = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as const;

describe("DAO creation wizard validation messages", () => {
  const session = browserSession({ privateKey: SEED_DEPLOYER_KEY });
  const { fill, next, expectStep } = session;

  /** Waits until the exact message is shown. */
  async function expectMessage(text: string) {
    await session.page.getByText(text, { exact: true }).first().waitFor({ timeout: 15_000 });
  }

  /** The step stays put while it shows errors. */
  async function expectStillOn(title: string) {
    await expectStep(title);
  }

  describe("DAO creation wizard validation", () => {
    it("shows each section 5 message for a bad input, step by step", async () => {
      // 1. Basic DAO settings: required name, name too long, website not a URL, name taken.
      await session.startWizard();
      await next();
      await expectMessage("Please fill out this field");
      await fill("DAO name", "L".repeat(51));
      await fill("Website", "lisbon.example.org");
      await next();
      await expectMessage("Must be at most 50 characters");
      await expectMessage("Please enter a valid URL starting with http:// or https://");
      await expectStillOn("Basic DAO settings");
      await screenshot(session.page, "create-pool-validation-basic", 375);

      await fill("Website", "https://lisbon.example.org");
      await fill("DAO name", SEEDED_DAO_NAME);
      // Next checks the submitted name on the chain itself, whatever the as-you-type check is doing.
      await next();
      await expectMessage("A pool with this name already exists.");
      await expectStillOn("Basic DAO settings");

      await fill("DAO name", `E2E Validation ${Date.now().toString(36)}`);
      await next();

      // 2. Governance: a new token.
      await session.chooseNewToken();

      // 2.5. Token creation: symbol too long, supply above the cap, 100% in the treasury,
      // recipients not matching the initial distribution, the same recipient twice.
      await session.fillToken({
        symbol: "LISBONTOKEN",
        cap: "1000",
        totalSupply: "2000",
        treasuryShare: "100",
      });
      await session.page.getByRole("button", { name: "Add a recipient" }).click();
      await fill("Recipient 2 address", session.wallet.address);
      await fill("Recipient 2 amount", "0");
      await next();
      await expectMessage("Must be at most 10 characters");
      await expectMessage("Total supply cannot exceed the cap");
      await expectMessage("With 100% in the treasury, participants have nothing to vote");
      await expectMessage("The recipients' total must equal the initial distribution");
      await expectMessage("This address is already in the list");
      await expectStillOn("Token creation");

      await fill("Token symbol", "LSB");
      await fill("Total supply", "1000");
      await fill("Treasury share (%)", "40");
      await fill("Recipient 2 address", OTHER_ADDRESS);
      await session.page.getByText("60% (600 tokens)").waitFor();
      await next();

      // 3. Voting parameters: quorum above the initial distribution (60%), a malformed duration,
      // discussion readers needing more votes than commenters.
      await expectStep("Voting parameters");
      await fill("Quorum (%)", "75");
      await fill("Voting duration", "soon");
      await fill("Minimum votes to read proposal discussions", "10");
      await fill("Minimum votes to comment", "5");
      await next();
      await expectMessage("Quorum cannot exceed the initial distribution");
      await expectMessage("Please enter a valid duration, e.g. 1Y 6Mon 2w 1d");
      await expectMessage(
        "Minimum votes to read the discussion cannot exceed the minimum votes to create a comment",
      );
      await expectStillOn("Voting parameters");

      await fill("Quorum (%)", "50");
      await fill("Voting duration", "1w 2d");
      await fill("Minimum votes to read proposal discussions", "5");
      await fill("Minimum votes to comment", "10");
      await next();

      // 4. Validators: the same validator twice.
      await expectStep("Validators");
      await session.page.getByLabel("Add validators to this DAO").check();
      await fill("Validator token name", "Lisbon Council");
      await fill("Validator token symbol", "LSC");
      await fill("Validator 1 address", session.wallet.address);
      await session.page.getByRole("button", { name: "Add a validator" }).click();
      await fill("Validator 2 address", session.wallet.address);
      await fill("Validator 2 balance", "10");
      await next();
      await expectMessage("This address is already in the list");
      await expectStillOn("Validators");

      // Fixed, the wizard reaches the summary.
      await fill("Validator 2 address", OTHER_ADDRESS);
      await next();
      await expectStep("Summary");
    });
  });
});
