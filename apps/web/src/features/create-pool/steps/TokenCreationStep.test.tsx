import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createDefaultDraft, type TokenCreation } from "../draft/createPoolDraft.ts";
import { loadDraft } from "../draft/draftStorage.ts";
import { renderStep } from "../test/renderStep.tsx";
import { ALICE, validDraft } from "../test/validDraft.ts";
import { TokenCreationStep } from "./TokenCreationStep.tsx";

const PATH = "/create-pool/token";
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Next" }));

const token = validDraft().tokenCreation;

function render(overrides: Partial<TokenCreation> = {}) {
  return renderStep(PATH, <TokenCreationStep />, { tokenCreation: { ...token, ...overrides } });
}

describe("Token creation (step 2.5)", () => {
  it("requires every field", async () => {
    renderStep(PATH, <TokenCreationStep />, { tokenCreation: createDefaultDraft().tokenCreation });
    submit();
    // name, symbol, cap, total supply, treasury, recipient address and amount
    expect((await screen.findAllByText("Please fill out this field")).length).toBe(7);
  });

  it("limits the name to 30 and the symbol to 10 characters", async () => {
    render({ name: "N".repeat(31), symbol: "S".repeat(11) });
    submit();
    expect(await screen.findByText("Must be at most 30 characters")).toBeTruthy();
    expect(screen.getByText("Must be at most 10 characters")).toBeTruthy();
  });

  it("keeps the total supply within the cap and the uint64 maximum", async () => {
    render({ cap: "999" });
    submit();
    expect(await screen.findByText("Total supply cannot exceed the cap")).toBeTruthy();
    const huge = (2n ** 64n).toString();
    fireEvent.change(screen.getByLabelText("Cap"), { target: { value: huge } });
    fireEvent.change(screen.getByLabelText("Total supply"), { target: { value: huge } });
    submit();
    expect(await screen.findByText("Total supply cannot exceed 18446744073709551615")).toBeTruthy();
  });

  it("rejects 100% in the treasury: participants have nothing to vote", async () => {
    render({ treasury: "100" });
    submit();
    expect(
      await screen.findByText("With 100% in the treasury, participants have nothing to vote"),
    ).toBeTruthy();
  });

  it("shows the initial distribution and checks the recipients add up to it", async () => {
    render({ treasury: "50" });
    expect(screen.getByText("50% (500 tokens)")).toBeTruthy();
    submit();
    expect(await screen.findByText("The recipients' total must equal the initial distribution")).toBeTruthy();
  });

  it("rejects invalid and duplicate recipients and all-zero amounts", async () => {
    render({
      recipients: [
        { address: ALICE, amount: "300" },
        { address: ALICE.toLowerCase(), amount: "300" },
        { address: "0xabc", amount: "0" },
      ],
    });
    submit();
    expect(await screen.findByText("This address is already in the list")).toBeTruthy();
    expect(screen.getByText("Please enter a valid address")).toBeTruthy();
    render({ recipients: [{ address: ALICE, amount: "0" }] });
    fireEvent.click(screen.getAllByRole("button", { name: "Next" })[1] as HTMLElement);
    expect(
      await screen.findByText("At least one recipient must receive an amount greater than 0"),
    ).toBeTruthy();
  });

  it("saves a valid token and continues to the voting parameters", async () => {
    render();
    submit();
    await waitFor(() => expect(screen.getByTestId("current-path").textContent).toBe("/create-pool/voting"));
    expect(loadDraft().tokenCreation).toMatchObject({ name: "Lisbon Token", initialDistribution: "600" });
  });
});
