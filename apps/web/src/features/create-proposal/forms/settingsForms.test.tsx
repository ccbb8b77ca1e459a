import { deployments } from "@polity/core/generated/deployments";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../test/renderWithProviders.tsx";
import { POOL, poolContextFixture } from "../test/poolContextFixture.ts";
import { BlacklistForm, ValidatorBalancesForm } from "./AddressListForm.tsx";
import { ChangeVotingSettingsForm } from "./ChangeVotingSettingsForm.tsx";
import { CustomTypeForm } from "./CustomTypeForm.tsx";
import { DaoSettingsForm } from "./DaoSettingsForm.tsx";
import { MathModelForm, WithdrawForm } from "./MathModelForm.tsx";
import { TokenDistributionForm } from "./TokenDistributionForm.tsx";

const NOTHING_CHANGED = "Nothing has been changed. Please change something before submitting.";
const ctx = poolContextFixture();
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const review = () => fireEvent.click(screen.getByRole("button", { name: "Review" }));
const named = () => type("Proposal name", "A proposal");

/** The local chain's LinearPower contract: the model a linear DAO has now. */
const LOCAL_LINEAR_POWER = deployments[31337]?.LinearPower ?? "0x";

describe("change voting settings", () => {
  it("refuses an unchanged form", async () => {
    renderWithProviders(<ChangeVotingSettingsForm ctx={ctx} chainId={31337} settingId={0} />);
    named();
    review();
    expect(await screen.findByText(NOTHING_CHANGED)).toBeInTheDocument();
  });

  it("validates the edited values with core's rules", async () => {
    renderWithProviders(<ChangeVotingSettingsForm ctx={ctx} chainId={31337} settingId={0} />);
    named();
    type("Quorum, %", "150");
    type("Voting duration (e.g. 1w 2d)", "two days");
    review();
    expect(await screen.findByText("Percentage cannot exceed 100")).toBeInTheDocument();
    expect(screen.getByText("Please enter a valid duration, e.g. 1Y 6Mon 2w 1d")).toBeInTheDocument();
    type("Quorum, %", "60");
    type("Voting duration (e.g. 1w 2d)", "2d");
    review();
    expect(await screen.findByText("What will run")).toBeInTheDocument();
  });

  it("says when the slot does not exist", () => {
    renderWithProviders(<ChangeVotingSettingsForm ctx={ctx} chainId={31337} settingId={9} />);
    expect(screen.getByText("Voting settings #9 do not exist")).toBeInTheDocument();
  });
});

describe("address lists", () => {
  it("blacklist refuses duplicates and empty rows", async () => {
    renderWithProviders(<BlacklistForm ctx={ctx} chainId={31337} />);
    named();
    review();
    expect(await screen.findByText("Please fill out this field")).toBeInTheDocument();
    type("Address 1", POOL);
    fireEvent.click(screen.getByRole("button", { name: "Add address" }));
    type("Address 2", POOL.toUpperCase().replace("0X", "0x"));
    review();
    expect(await screen.findByText("This address is already in the list")).toBeInTheDocument();
  });

  it("validator balances need valid addresses and amounts", async () => {
    renderWithProviders(<ValidatorBalancesForm ctx={ctx} chainId={31337} />);
    named();
    type("Validator 1", "nope");
    type("Balance 1", "-3");
    review();
    expect(await screen.findByText("Please enter a valid address")).toBeInTheDocument();
    expect(screen.getByText("Please enter a valid non-negative number")).toBeInTheDocument();
  });

  it("token distribution needs an amount above zero within the treasury", async () => {
    renderWithProviders(<TokenDistributionForm ctx={ctx} chainId={31337} />);
    named();
    type("Amount to distribute", "0");
    review();
    // The review loads the rules first.
    expect(await screen.findByText("Must be greater than 0")).toBeInTheDocument();
    type("Amount to distribute", "1100");
    review();
    expect(await screen.findByText("Overlimit: at most 1,000 ACME now")).toBeInTheDocument();
  });
});

describe("other forms", () => {
  it("math model: choosing the current model changes nothing; custom needs the agreement", async () => {
    renderWithProviders(<MathModelForm ctx={{ ...ctx, votePower: LOCAL_LINEAR_POWER }} chainId={31337} />);
    named();
    review();
    expect(await screen.findByText(NOTHING_CHANGED)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Vote power model"), { target: { value: "2" } });
    type("Vote power contract", "0x000000000000000000000000000000000000bEEF");
    review();
    expect(await screen.findByText("Please confirm the custom vote-power contract")).toBeInTheDocument();
  });

  it("withdraw needs another DAO and a positive amount", async () => {
    renderWithProviders(<WithdrawForm ctx={ctx} chainId={31337} />);
    named();
    type("DAO to withdraw from", POOL);
    type("Amount", "0");
    review();
    expect(await screen.findByText("Choose another DAO than this one")).toBeInTheDocument();
    expect(screen.getByText("Must be greater than 0")).toBeInTheDocument();
  });

  it("DAO settings: unchanged is refused, URLs are checked", async () => {
    renderWithProviders(<DaoSettingsForm ctx={ctx} chainId={31337} />);
    await screen.findByLabelText("Website");
    named();
    review();
    expect(await screen.findByText(NOTHING_CHANGED)).toBeInTheDocument();
    type("Website", "ftp://acme");
    review();
    expect(
      await screen.findByText("Please enter a valid URL starting with http:// or https://"),
    ).toBeInTheDocument();
  });

  it("custom type needs a name and valid executors", async () => {
    renderWithProviders(<CustomTypeForm ctx={ctx} chainId={31337} />);
    named();
    type("Contract governed by this type 1", "0x12");
    review();
    expect(await screen.findByText("Please enter a valid address")).toBeInTheDocument();
    expect(screen.getAllByText("Please fill out this field").length).toBeGreaterThan(0);
  });
});
