import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createDefaultDraft } from "../draft/createPoolDraft.ts";
import { loadDraft } from "../draft/draftStorage.ts";
import { renderStep } from "../test/renderStep.tsx";
import { StartStep } from "./StartStep.tsx";

describe("Before you start (step 0)", () => {
  it("starts the wizard", async () => {
    renderStep("/create-pool", <StartStep />);
    expect(screen.getByText("The DAO name cannot be changed once the DAO is created.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Start" }));
    await waitFor(() => expect(screen.getByTestId("current-path").textContent).toBe("/create-pool/basic"));
  });

  it("offers to continue or discard a saved draft", async () => {
    renderStep("/create-pool", <StartStep />, { daoName: "Lisbon Builders" });
    expect(screen.getByRole("status").textContent).toContain("“Lisbon Builders”");
    fireEvent.click(screen.getByRole("button", { name: "Start over" }));
    await waitFor(() => expect(loadDraft()).toEqual(createDefaultDraft()));
    expect(screen.getByRole("button", { name: "Start" })).toBeTruthy();
  });
});
