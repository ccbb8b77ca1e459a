import { NATIVE_COIN_ADDRESS as NATIVE_COIN } from "@polity/core/constants";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../test/renderWithProviders.tsx";
import { poolContextFixture } from "../test/poolContextFixture.ts";
import { TokenTransferForm } from "./TokenTransferForm.tsx";

const RECIPIENT = "0x000000000000000000000000000000000000dEaD";

function setup(ctx = poolContextFixture()) {
  renderWithProviders(<TokenTransferForm ctx={ctx} chainId={31337} />);
  const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
  const type = (label: string | RegExp, value: string) =>
    fireEvent.change(field(label), { target: { value } });
  const review = () => fireEvent.click(screen.getByRole("button", { name: "Review" }));
  /** Fills the transfer: its name, `recipient` and `amount`. */
  const fill = (amount: string, recipient = RECIPIENT) => {
    type("Proposal name", "Pay the auditors");
    type("Recipient", recipient);
    type("Amount", amount);
  };
  return { field, type, review, fill };
}

/** The signing steps the review lists. */
const reviewSteps = () =>
  within(screen.getByRole("list", { name: "Steps" }))
    .getAllByRole("listitem")
    .map((li) => li.textContent);

describe("TokenTransferForm", () => {
  it("gives the treasury's and the member's amounts in the app's number format, with the symbol", async () => {
    const base = poolContextFixture();
    setup(
      poolContextFixture({
        treasuryBalance: 12_500_000_000n,
        user: { ...base.user!, deposited: 1_500_000_000n, walletBalance: 2_000_000_000n },
      }),
    );
    expect(await screen.findByText(/^The DAO treasury holds 12,500 ACME\./)).toBeInTheDocument();
    expect(screen.getByText(/^Deposited 1,500 ACME, 3,500 ACME with your wallet\./)).toBeInTheDocument();
  });

  it("requires a name, a recipient and an amount", async () => {
    const { review } = setup();
    review();
    expect(await screen.findAllByText("Please fill out this field")).toHaveLength(3);
    expect(screen.queryByText("What will run")).toBeNull();
  });

  it("checks the address, the token's decimals and the treasury balance", async () => {
    const { type, review, fill } = setup();
    fill("1.0000001", "0x1234");
    review();
    expect(await screen.findByText("Please enter a valid address")).toBeInTheDocument();
    expect(screen.getByText("At most 6 decimal places are allowed")).toBeInTheDocument();
    type("Recipient", RECIPIENT);
    type("Amount", "1000.000001");
    review();
    expect(await screen.findByText("Overlimit: at most 1,000 ACME now")).toBeInTheDocument();
  });

  it("refuses to vote with more than the user holds", async () => {
    const { type, review, fill } = setup();
    fill("10");
    type(/Vote with/, "140.5");
    review();
    expect(await screen.findByText("Insufficient balance")).toBeInTheDocument();
  });

  it("shows the review with Unlock, then Deposit + Create and Vote as one signature, for a vote above the deposit", async () => {
    const { review, field, fill, type } = setup();
    expect(field(/Vote with/).value).toBe("40"); // the deposit, not the wallet's 100 as well
    expect(screen.queryByTestId("deposit-more")).toBeNull();
    type(/Vote with/, "140");
    expect(screen.getByTestId("deposit-more")).toHaveTextContent(
      "100 ACME will be deposited from your wallet before the vote.",
    );
    fill("12.5");
    review();
    expect(await screen.findByText("What will run")).toBeInTheDocument();
    expect(reviewSteps()).toEqual(["Unlock", "Deposit + Create and Vote · one signature"]);
    expect(screen.getByRole("button", { name: "Create and vote" })).toBeEnabled();
  });

  it("shows a single Create and Vote step when the deposit covers the vote", async () => {
    const { type, review, fill } = setup();
    fill("12.5");
    type(/Vote with/, "40");
    review();
    expect(await screen.findByText("What will run")).toBeInTheDocument();
    expect(reviewSteps()).toEqual(["Create and Vote"]);
  });

  it("prefills the applicant for 'Apply to DAO'", () => {
    const ctx = poolContextFixture();
    renderWithProviders(<TokenTransferForm ctx={ctx} chainId={31337} variant="applyToDao" />);
    expect((screen.getByLabelText("Your address (receives the tokens)") as HTMLInputElement).value).toBe(
      ctx.user?.address,
    );
  });
});

describe("native coin transfers", () => {
  it("reads the pool's native balance for the placeholder address and sends the coin as value", async () => {
    const { validateTransfer } = await import("./TokenTransferForm.tsx");
    const ctx = poolContextFixture();
    const client = {
      chain: undefined,
      multicall: async () => {
        throw new Error("not an ERC-20");
      },
      getBalance: async ({ address }: { address: string }) => (address === ctx.pool ? 2n * 10n ** 18n : 0n),
    };
    const native = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";
    const over = await validateTransfer(client, ctx, {
      token: native,
      recipient: RECIPIENT,
      amount: "2.5",
    });
    expect(over).toEqual({
      ok: false,
      errors: { amount: { key: "terminal.overlimitOf", params: { limit: "2 ETH" } } },
    });
    const ok = await validateTransfer(client, ctx, {
      token: native,
      recipient: RECIPIENT,
      amount: "1.5",
    });
    expect(ok).toMatchObject({ ok: true, amount: 15n * 10n ** 17n, symbol: "ETH", decimals: 18 });
  });
});

describe("voting with NFTs at creation", () => {
  it("offers the deposited NFTs and creates with a vote even without tokens", async () => {
    const base = poolContextFixture();
    const ctx = poolContextFixture({
      user: { ...base.user!, walletBalance: 0n, deposited: 0n, depositedNfts: [3n, 4n] },
    });
    renderWithProviders(<TokenTransferForm ctx={ctx} chainId={31337} />);
    const box = screen.getByLabelText("Also vote with my 2 deposited NFTs") as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.change(screen.getByLabelText("Proposal name"), { target: { value: "NFT holders decide" } });
    fireEvent.change(screen.getByLabelText("Recipient"), { target: { value: RECIPIENT } });
    fireEvent.change(screen.getByLabelText("Amount"), { target: { value: "1" } });
    fireEvent.click(screen.getByRole("button", { name: "Review" }));
    expect(await screen.findByRole("button", { name: "Create and vote" })).toBeInTheDocument();
    expect(reviewSteps()).toEqual(["Create and Vote"]);
  });

  it("refuses the DAO's user keeper as the token, and as the recipient of the native coin", async () => {
    const ctx = poolContextFixture();
    const { type, review } = setup(ctx);
    type("Proposal name", "Pay the keeper");
    type("Token address", ctx.userKeeper);
    type("Recipient", RECIPIENT);
    type("Amount", "1");
    review();
    expect(await screen.findByText(/This is the DAO's user keeper/)).toBeInTheDocument();
    expect(screen.getByLabelText("Token address")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByText("What will run")).toBeNull();

    type("Token address", NATIVE_COIN);
    type("Recipient", ctx.userKeeper.toUpperCase().replace("0X", "0x"));
    review();
    await waitFor(() => expect(screen.getByLabelText("Recipient")).toHaveAttribute("aria-invalid", "true"));
    expect(screen.getByLabelText("Token address")).not.toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText(/This is the DAO's user keeper/)).toBeInTheDocument();
    expect(screen.queryByText("What will run")).toBeNull();
  });
});
