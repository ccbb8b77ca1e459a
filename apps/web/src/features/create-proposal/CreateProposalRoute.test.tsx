import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import CreateCustomProposalRoute from "./CreateCustomProposalRoute.tsx";
import CreateProposalRoute from "./CreateProposalRoute.tsx";
import CreateValidatorProposalRoute from "./CreateValidatorProposalRoute.tsx";
import { DEFAULT_SETTINGS, POOL, poolContextFixture } from "./test/poolContextFixture.ts";

const ctx = poolContextFixture({
  proposalSettings: [
    DEFAULT_SETTINGS,
    DEFAULT_SETTINGS,
    DEFAULT_SETTINGS,
    DEFAULT_SETTINGS,
    DEFAULT_SETTINGS,
    { ...DEFAULT_SETTINGS, executorDescription: "Grants desk" },
  ],
});

vi.mock("./usePoolContext.ts", () => ({
  usePoolContext: () => ({
    data: ctx,
    isPending: false,
    isError: false,
    chainId: 31337,
    address: ctx.user?.address,
  }),
}));

function open(path: string, element = <CreateProposalRoute />, prefix = "create-proposal") {
  return renderWithProviders(element, {
    path: `/dao/${POOL}/${prefix}${path}`,
    routePath: `/dao/:daoAddress/${prefix}/*`,
  });
}

describe("create-proposal routes", () => {
  it("lists every proposal type on the selector", () => {
    open("");
    for (const name of [
      "Token transfer",
      "Change DAO settings",
      "Change voting settings",
      "Token distribution",
      "Validator settings",
      "Blacklist management",
      "Apply to DAO",
      "Math model",
      "Withdraw",
      "Local expert",
      "Remove local expert",
      "Global expert",
      "Custom",
      "Any other proposal",
    ]) {
      expect(screen.getByRole("link", { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    }
    expect(screen.getByRole("link", { name: "Create a validator proposal" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create an off-chain proposal" })).toBeInTheDocument();
  });

  it.each([
    ["/token-transfer", "Token transfer"],
    ["/apply-to-dao", "Apply to DAO"],
    ["/change-dao-settings", "Change DAO settings"],
    ["/token-distribution", "Token distribution"],
    ["/validator-settings", "Validator settings"],
    ["/blacklist-management", "Blacklist management"],
    ["/math-model", "Math model"],
    ["/withdraw", "Withdraw"],
    ["/custom", "Custom"],
    ["/change-voting-settings", "Change voting settings"],
    ["/change-voting-settings/default", "Change voting settings #0"],
    ["/change-voting-settings/internal", "Change voting settings #1"],
    ["/change-voting-settings/validators", "Change voting settings #2"],
    ["/change-voting-settings/token-distribution", "Change voting settings #3"],
    ["/change-voting-settings/token-sale", "Change voting settings #4"],
    ["/change-voting-settings/custom/5", "Change voting settings #5"],
    ["/any-other", "Any other proposal"],
    ["/any-other/abi", "Any other proposal"],
    ["/any-other/manual", "Any other proposal"],
    ["/expert/local", "Local expert"],
    ["/remove-expert/local", "Remove local expert"],
    ["/expert/global", "Global expert"],
    ["/remove-expert/global", "Remove global expert"],
    ["/tokens/delegate/0x000000000000000000000000000000000000dEaD", "Delegate treasury tokens to an expert"],
    ["/tokens/revoke/0x000000000000000000000000000000000000dEaD", "Revoke treasury tokens from an expert"],
  ])("%s shows %s", async (path, heading) => {
    open(path);
    expect(await screen.findByRole("heading", { name: heading })).toBeInTheDocument();
  });

  // The spec's create-proposal routes each open their own page.
  it.each([
    "/reward-multiplier",
    "/token-sale",
    "/token-sale-recover/1",
    "/enable-staking",
    "/create-staking-tier",
    "/staking-recover/1",
    "/validators-allocation",
  ])("%s opens its page, not 'Unknown proposal type'", async (path) => {
    vi.stubGlobal("fetch", () => new Promise<Response>(() => undefined));
    open(path);
    await vi.dynamicImportSettled();
    expect(screen.queryByText("Unknown proposal type")).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it("refuses unknown types and slots", async () => {
    open("/nope");
    expect(screen.getByText("Unknown proposal type")).toBeInTheDocument();
  });

  it.each(["/expert/nope", "/remove-expert/nope", "/tokens/lend/0x000000000000000000000000000000000000dEaD"])(
    "refuses the unknown kind %s",
    async (path) => {
      open(path);
      expect(await screen.findByText("Unknown proposal type")).toBeInTheDocument();
    },
  );

  it("opens custom-type proposals in both URL shapes", async () => {
    open("/5", <CreateCustomProposalRoute />, "create-custom-proposal");
    expect(
      await screen.findByRole("heading", { name: "Custom proposal #5: Grants desk" }),
    ).toBeInTheDocument();
  });

  it("opens validator proposals", async () => {
    open("/voting-settings", <CreateValidatorProposalRoute />, "create-validator-proposal");
    expect(await screen.findByRole("heading", { name: "Voting settings" })).toBeInTheDocument();
  });
});

describe("no dead ends", () => {
  it("lists the DAO's custom proposal types at /create-custom-proposal, with a heading and a way back to the DAO", () => {
    open("", <CreateCustomProposalRoute />, "create-custom-proposal");
    expect(screen.getByRole("heading", { level: 1, name: "Custom proposal types of Acme" })).toBeVisible();
    expect(screen.getByRole("link", { name: "#5 Grants desk" })).toHaveAttribute(
      "href",
      `/dao/${POOL}/create-custom-proposal/5`,
    );
    expect(screen.getByTestId("back-to-dao")).toHaveAttribute("href", `/dao/${POOL}`);
    expect(screen.getByTestId("back-to-dao")).toHaveTextContent("Back to Acme");
  });

  it("gives each creation form one heading and a way back", () => {
    open("/token-transfer");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByTestId("back-to-dao")).toHaveAttribute("href", `/dao/${POOL}`);
  });
});
