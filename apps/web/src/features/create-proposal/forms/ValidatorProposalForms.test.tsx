import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { clientAnsweringEach, testReadClient } from "../../../test/fakeReadClient.ts";
import { renderWithProviders } from "../../../test/renderWithProviders.tsx";
import { poolContextFixture } from "../test/poolContextFixture.ts";

const E18 = 10n ** 18n;
const CREDITED = "0x00000000000000000000000000000000000000e0";
vi.mock("../../../shared/chain/readClient.ts", () => import("../../../test/fakeReadClient.ts"));
testReadClient.current = clientAnsweringEach((call) => {
  if (call.functionName === "getCreditInfo") return [[CREDITED], [100n * E18], [40n * E18]];
  if (call.functionName === "symbol") return "GOV";
  if (call.functionName === "decimals") return 18;
  throw new Error(`unexpected read ${call.functionName}`);
}).client;

const { ValidatorProposalPage, validateValidatorVotingSettings } = await import(
  "./ValidatorProposalForms.tsx"
);

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

  it("monthly withdraw validates token, amount and destination, within the allocation, then shows the review", async () => {
    renderWithProviders(<ValidatorProposalPage ctx={ctx} chainId={31337} type="monthly-withdraw" />);
    await screen.findByLabelText("Proposal name"); // the form loads when chosen
    type("Proposal name", "Ops budget");
    type("Token", CREDITED);
    expect(
      await screen.findByText("Allocated to the validators and left this month: 40 GOV"),
    ).toBeInTheDocument();
    type("Amount", "");
    type("Destination", "0x1");
    review();
    expect(screen.getByText("Please fill out this field")).toBeInTheDocument();
    expect(screen.getByText("Please enter a valid address")).toBeInTheDocument();
    type("Amount", "41");
    type("Destination", "0x000000000000000000000000000000000000dEaD");
    review();
    expect(
      screen.getByText("Monthly validator withdrawal is limited to allocated tokens"),
    ).toBeInTheDocument();
    type("Amount", "25");
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
