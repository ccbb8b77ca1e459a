import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { DaoAssets } from "../../shared/chain/daoAssets.ts";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import DepositRoute, { DepositTerminal } from "./DepositRoute.tsx";
import { TreasuryDepositTerminal } from "./DepositTreasuryRoute.tsx";
import { WithdrawTerminal } from "./WithdrawRoute.tsx";

const E = (n: number) => BigInt(n) * 10n ** 18n;

function assets(user: Partial<NonNullable<DaoAssets["user"]>> = {}): DaoAssets {
  return {
    dao: "0x1000000000000000000000000000000000000001",
    daoName: "Acme DAO",
    userKeeper: "0x5000000000000000000000000000000000000005",
    token: { address: "0x3000000000000000000000000000000000000003", symbol: "ACME", decimals: 18 },
    nft: { address: "0x6000000000000000000000000000000000000006", symbol: "GLD" },
    user: {
      address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      walletBalance: E(200),
      nativeBalance: E(3),
      allowance: 0n,
      deposited: E(100),
      withdrawable: E(40),
      depositedNfts: [1n, 2n],
      withdrawableNfts: [2n],
      walletNfts: [5n],
      isNftApproved: false,
      ...user,
    },
  };
}

describe("DepositTerminal", () => {
  it("validates the amount and lists the approval before the deposit", () => {
    renderWithProviders(<DepositTerminal assets={assets()} />);
    const submit = screen.getByTestId("deposit-submit");
    expect(submit).toHaveTextContent("Select amount");
    fireEvent.click(screen.getByRole("button", { name: "50%" }));
    expect(screen.getByLabelText("Amount (ACME)")).toHaveValue("100");
    expect(submit).toHaveTextContent("Deposit");
    expect(screen.getByRole("list", { name: "Transactions to sign" })).toHaveTextContent(
      "Approve the tokens",
    );
    fireEvent.change(screen.getByLabelText("Amount (ACME)"), { target: { value: "250" } });
    expect(submit).toHaveTextContent("Insufficient balance");
    fireEvent.click(screen.getByLabelText("#5"));
    expect(screen.getByRole("list", { name: "Transactions to sign" })).toHaveTextContent("Approve the NFTs");
  });

  it("skips the approval when the allowance covers the amount", () => {
    renderWithProviders(<DepositTerminal assets={assets({ allowance: E(1000) })} />);
    fireEvent.change(screen.getByLabelText("Amount (ACME)"), { target: { value: "10" } });
    expect(screen.getByRole("list", { name: "Transactions to sign" })).not.toHaveTextContent(
      "Approve the tokens",
    );
  });
});

describe("an assets page without a wallet", () => {
  it("keeps its heading and leads back to the DAO", () => {
    const dao = "0x1000000000000000000000000000000000000001";
    renderWithProviders(<DepositRoute />, {
      path: `/dao/${dao}/deposit`,
      routePath: "/dao/:daoAddress/deposit",
    });
    expect(screen.getByText("Connect a wallet to manage your assets in this DAO.")).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["Deposit"]);
    expect(screen.getByRole("link", { name: "← Back to the DAO" })).toHaveAttribute("href", `/dao/${dao}`);
  });
});

describe("WithdrawTerminal", () => {
  it("marks locked tokens as over the limit and explains the lock", () => {
    renderWithProviders(<WithdrawTerminal assets={assets()} />);
    const submit = screen.getByTestId("withdraw-submit");
    expect(screen.getByTestId("locked-explanation")).toHaveTextContent(
      "Tokens are locked during voting: 60 ACME and 1 NFT stay locked",
    );
    fireEvent.change(screen.getByLabelText("Amount (ACME)"), { target: { value: "50" } });
    expect(submit).toHaveTextContent("Overlimit: at most 40 ACME now");
    fireEvent.change(screen.getByLabelText("Amount (ACME)"), { target: { value: "150" } });
    expect(submit).toHaveTextContent("Insufficient balance");
    fireEvent.click(screen.getByRole("button", { name: "Max" }));
    expect(screen.getByLabelText("Amount (ACME)")).toHaveValue("40");
    expect(submit).toHaveTextContent("Withdraw");
    expect(screen.queryByLabelText("#1")).toBeNull();
    expect(screen.getByLabelText("#2")).toBeInTheDocument();
  });

  it("shows no lock explanation when nothing is locked", () => {
    renderWithProviders(
      <WithdrawTerminal assets={assets({ withdrawable: E(100), withdrawableNfts: [1n, 2n] })} />,
    );
    expect(screen.queryByTestId("locked-explanation")).toBeNull();
  });
});

describe("TreasuryDepositTerminal", () => {
  it("switches between the governance token and the native coin balances", () => {
    renderWithProviders(<TreasuryDepositTerminal assets={assets()} />);
    const submit = screen.getByTestId("treasury-submit");
    fireEvent.change(screen.getByLabelText("Amount (ACME)"), { target: { value: "150" } });
    expect(submit).toHaveTextContent("Send to the treasury");
    fireEvent.click(screen.getByLabelText("Native coin"));
    fireEvent.change(screen.getByLabelText("Amount (Native coin)"), { target: { value: "4" } });
    expect(submit).toHaveTextContent("Insufficient balance");
  });
});
