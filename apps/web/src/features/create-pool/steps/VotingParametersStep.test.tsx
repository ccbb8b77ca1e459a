import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type CreatePoolDraft, createDefaultDraft } from "../draft/createPoolDraft.ts";
import { loadDraft } from "../draft/draftStorage.ts";
import { renderStep } from "../test/renderStep.tsx";
import { VotingParametersStep } from "./VotingParametersStep.tsx";

const PATH = "/create-pool/voting";
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Next" }));
const defaults = createDefaultDraft();

/** A DAO creating a 1000-token supply with 40% in the treasury: 60% (600 tokens) can vote. */
const withToken: Partial<CreatePoolDraft> = {
  tokenCreation: {
    ...defaults.tokenCreation,
    name: "Lisbon Token",
    symbol: "LSB",
    cap: "1000",
    totalSupply: "1000",
    treasury: "40",
    initialDistribution: "600",
    recipients: [{ address: "0x70997970C51812dc3A010C7d01b50e20d35Dc4C8", amount: "600" }],
  },
};

function change(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe("Voting parameters (step 3)", () => {
  it("shows the spec's vote-model defaults", () => {
    renderStep(PATH, <VotingParametersStep />, withToken);
    fireEvent.click(screen.getByLabelText(/Meritocratic \(polynomial\)/));
    expect((screen.getByLabelText("Holders coefficient") as HTMLInputElement).value).toBe("0.97");
    expect((screen.getByLabelText("Experts coefficient") as HTMLInputElement).value).toBe("0.92");
    expect((screen.getByLabelText("Experts delegation coefficient") as HTMLInputElement).value).toBe("1.08");
    expect(
      (screen.getByLabelText("Minimum votes to read proposal discussions") as HTMLInputElement).value,
    ).toBe("0");
    expect((screen.getByLabelText("Minimum votes to comment") as HTMLInputElement).value).toBe("1");
  });

  it("checks durations in the duration format", async () => {
    renderStep(PATH, <VotingParametersStep />, withToken);
    change("Voting duration", "2 weeks");
    submit();
    expect(await screen.findByText("Please enter a valid duration, e.g. 1Y 6Mon 2w 1d")).toBeTruthy();
    change("Voting duration", "0s");
    submit();
    expect(await screen.findByText("Please enter a valid duration, e.g. 1Y 6Mon 2w 1d")).toBeTruthy();
    change("Voting duration", "200Y");
    submit();
    expect(await screen.findByText("Duration must be less than 49710 days")).toBeTruthy();
  });

  it("keeps the quorum within the initial distribution", async () => {
    renderStep(PATH, <VotingParametersStep />, withToken);
    change("Quorum (%)", "60.5");
    submit();
    expect(await screen.findByText("Quorum cannot exceed the initial distribution")).toBeTruthy();
    change("Quorum (%)", "0.00000001");
    submit();
    expect(await screen.findByText("The smallest percentage is 0.0000001")).toBeTruthy();
  });

  it("keeps the minimum votes within the supply that can vote", async () => {
    renderStep(PATH, <VotingParametersStep />, withToken);
    change("Minimum votes to create a proposal", "600.000000000000000001");
    submit();
    expect(
      await screen.findByText(
        "Minimum voting power cannot exceed the total supply minus the treasury balance of the token",
      ),
    ).toBeTruthy();
  });

  it("does not let reading the discussion need more votes than commenting", async () => {
    renderStep(PATH, <VotingParametersStep />, withToken);
    change("Minimum votes to read proposal discussions", "5");
    change("Minimum votes to comment", "2");
    submit();
    expect(
      await screen.findByText(
        "Minimum votes to read the discussion cannot exceed the minimum votes to create a comment",
      ),
    ).toBeTruthy();
  });

  it("needs positive polynomial coefficients", async () => {
    renderStep(PATH, <VotingParametersStep />, withToken);
    fireEvent.click(screen.getByLabelText(/Meritocratic \(polynomial\)/));
    change("Holders coefficient", "0");
    change("Experts coefficient", "-1");
    submit();
    expect(await screen.findByText("Must be greater than 0")).toBeTruthy();
    expect(screen.getByText("Please enter a valid non-negative number")).toBeTruthy();
  });

  it("needs a custom contract address and the agreement", async () => {
    renderStep(PATH, <VotingParametersStep />, withToken);
    fireEvent.click(screen.getByLabelText(/Custom contract/));
    submit();
    expect(await screen.findByText("Please fill out this field")).toBeTruthy();
    expect(screen.getByText("Please confirm the custom vote-power contract")).toBeTruthy();
    change("Vote-power contract address", "0x5FbDB2315678afecb367f032d93F642f64180aa3");
    fireEvent.click(screen.getByLabelText(/I understand that this contract/));
    submit();
    await waitFor(() =>
      expect(screen.getByTestId("current-path").textContent).toBe("/create-pool/validators"),
    );
    expect(loadDraft().votingModel).toMatchObject({
      votePowerType: "custom",
      isCustomPowerContractAgreement: true,
    });
  });

  it("rejects an invalid reward token address", async () => {
    renderStep(PATH, <VotingParametersStep />, withToken);
    change("Reward token address", "0xnot-a-token");
    submit();
    expect(await screen.findByText("Invalid contract address")).toBeTruthy();
  });
});
