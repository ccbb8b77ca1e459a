import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { loadDraft } from "../draft/draftStorage.ts";
import { renderStep } from "../test/renderStep.tsx";
import { ValidatorsStep } from "./ValidatorsStep.tsx";

const ALICE = "0x70997970C51812dc3A010C7d01b50e20d35Dc4C8";
const PATH = "/create-pool/validators";
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Next" }));
const change = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("Validators (step 4)", () => {
  it("is optional", async () => {
    renderStep(PATH, <ValidatorsStep />);
    submit();
    await waitFor(() => expect(screen.getByTestId("current-path").textContent).toBe("/create-pool/summary"));
  });

  it("needs the validator token and validators, each with 10 tokens by default", async () => {
    renderStep(PATH, <ValidatorsStep />);
    fireEvent.click(screen.getByLabelText("Add validators to this DAO"));
    expect((screen.getByLabelText("Validator 1 balance") as HTMLInputElement).value).toBe("10");
    submit();
    // token name, symbol and the first validator's address
    expect((await screen.findAllByText("Please fill out this field")).length).toBe(3);
  });

  it("previews the -VT suffix and rejects duplicate validators", async () => {
    renderStep(PATH, <ValidatorsStep />, { isValidator: true });
    change("Validator token name", "Lisbon Council");
    change("Validator token symbol", "LSC");
    expect(screen.getByText("Will be Lisbon Council-VT")).toBeTruthy();
    expect(screen.getByText("Will be LSC-VT")).toBeTruthy();
    change("Validator 1 address", ALICE);
    fireEvent.click(screen.getByRole("button", { name: "Add a validator" }));
    change("Validator 2 address", ALICE.toLowerCase());
    change("Validator 2 balance", "0");
    submit();
    expect(await screen.findByText("This address is already in the list")).toBeTruthy();
    expect(screen.getByText("Must be greater than 0")).toBeTruthy();
  });

  it("checks the validators' quorum, duration and execution delay", async () => {
    renderStep(PATH, <ValidatorsStep />, { isValidator: true });
    change("Validator token name", "Council");
    change("Validator token symbol", "ELEVENCHARS");
    change("Validators quorum (%)", "101");
    change("Validators voting duration", "3 days");
    change("Validators execution delay", "soon");
    submit();
    expect(await screen.findByText("Must be at most 10 characters")).toBeTruthy();
    expect(screen.getByText("Percentage cannot exceed 100")).toBeTruthy();
    expect(screen.getAllByText("Please enter a valid duration, e.g. 1Y 6Mon 2w 1d").length).toBe(2);
  });

  it("saves the validators to the draft", async () => {
    renderStep(PATH, <ValidatorsStep />, { isValidator: true });
    change("Validator token name", "Lisbon Council");
    change("Validator token symbol", "LSC");
    change("Validator 1 address", ALICE);
    submit();
    await waitFor(() => expect(screen.getByTestId("current-path").textContent).toBe("/create-pool/summary"));
    expect(loadDraft().validatorsParams).toMatchObject({
      name: "Lisbon Council",
      symbol: "LSC",
      validators: [{ address: ALICE, balance: "10" }],
    });
  });
});
