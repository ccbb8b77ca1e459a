import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../test/renderWithProviders.tsx";
import { poolContextFixture } from "../test/poolContextFixture.ts";
import { ValidatorProposalPage, validateValidatorVotingSettings } from "./ValidatorProposalForms.tsx";

const ctx = poolContextFixture();
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const review = () => fireEvent.click(screen.getByRole("button", { name: "Review" }));

describe("validator voting settings", () => {
  const current = { duration: 3600n, executionDelay: 0n, quorum: 50n * 10n ** 25n };
  it("converts durations and quorum, and refuses unchanged values", () => {
    expect(
      validateValidatorVotingSettings({ duration: "2h", executionDelay: "0s", quorum: "51" }, current),
    ).toEqual({
      ok: true,
      data: { duration: 7200n, executionDelay: 0n, quorum: 51n * 10n ** 25n },
    });
    expect(
      validateValidatorVotingSettings({ duration: "1h", executionDelay: "0s", quorum: "50" }, current),
    ).toEqual({
      ok: false,
      errors: { form: { key: "validation.nothingChanged" } },
    });
    const bad = validateValidatorVotingSettings(
      { duration: "later", executionDelay: "0s", quorum: "0" },
      current,
    );
    expect(bad.ok === false && bad.errors.duration?.key).toBe("validation.invalidDuration");
    expect(bad.ok === false && bad.errors.quorum?.key).toBe("validation.percentTooSmall");
  });
});

describe("validator proposal pages", () => {
  it("lists the four validator proposal types", () => {
    renderWithProviders(<ValidatorProposalPage ctx={ctx} chainId={31337} type={undefined} />);
    for (const name of ["Validator settings", "Voting settings", "Monthly withdraw", "Empty transaction"]) {
      expect(screen.getByRole("link", { name })).toBeInTheDocument();
    }
  });

  it("is for validators only", () => {
    renderWithProviders(
      <ValidatorProposalPage
        ctx={poolContextFixture({ user: { ...ctx.user!, isValidator: false } })}
        chainId={31337}
        type="empty-tx"
      />,
    );
    expect(screen.getByText("Only validators can create validator proposals")).toBeInTheDocument();
  });

  it("voting settings: unchanged is refused", () => {
    renderWithProviders(<ValidatorProposalPage ctx={ctx} chainId={31337} type="voting-settings" />);
    type("Proposal name", "Faster validators");
    review();
    expect(
      screen.getByText("Nothing has been changed. Please change something before submitting."),
    ).toBeInTheDocument();
  });

  it("monthly withdraw validates token, amount and destination, then shows the review", () => {
    renderWithProviders(<ValidatorProposalPage ctx={ctx} chainId={31337} type="monthly-withdraw" />);
    type("Proposal name", "Ops budget");
    type("Amount", "");
    type("Destination", "0x1");
    review();
    expect(screen.getByText("Please fill out this field")).toBeInTheDocument();
    expect(screen.getByText("Please enter a valid address")).toBeInTheDocument();
    type("Amount", "25");
    type("Destination", "0x000000000000000000000000000000000000dEaD");
    review();
    expect(screen.getByText("What will run")).toBeInTheDocument();
    expect(screen.getByText("0x000000000000000000000000000000000000dEaD")).toBeInTheDocument();
  });

  it("validator settings need valid balances", () => {
    renderWithProviders(<ValidatorProposalPage ctx={ctx} chainId={31337} type="validator-settings" />);
    type("Proposal name", "New validator");
    type("Validator 1", "0x000000000000000000000000000000000000dEaD");
    type("Balance 1", "1..2");
    review();
    expect(screen.getByText("Please enter a valid non-negative number")).toBeInTheDocument();
  });
});
