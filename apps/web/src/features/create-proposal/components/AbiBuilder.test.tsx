import { fireEvent, screen, waitFor } from "@testing-library/react";
import { encodeFunctionData, parseAbi } from "viem";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../test/renderWithProviders.tsx";
import { AbiBuilder, ManualActionBuilder } from "./AbiBuilder.tsx";

const TARGET = "0x000000000000000000000000000000000000bEEF";
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const ABI = JSON.stringify(
  parseAbi([
    "function name() view returns (string)",
    "function setFee(uint16 fee)",
    "function airdrop(address[] to, uint256 amount)",
  ]),
);

describe("AbiBuilder", () => {
  it("says 'No methods found from provided ABI' when the ABI has no write method", () => {
    renderWithProviders(<AbiBuilder onAdd={vi.fn()} />);
    type(
      "Contract ABI",
      JSON.stringify([{ type: "function", name: "name", stateMutability: "view", inputs: [], outputs: [] }]),
    );
    expect(screen.getByText("No methods found from provided ABI")).toBeInTheDocument();
    type("Contract ABI", "[oops");
    expect(screen.getByText("The ABI is not valid JSON")).toBeInTheDocument();
  });

  it("lists write methods, validates arguments and adds the encoded call", async () => {
    const onAdd = vi.fn();
    renderWithProviders(<AbiBuilder onAdd={onAdd} />);
    type("Contract address", TARGET);
    type("Contract ABI", ABI);
    const method = screen.getByLabelText("Method") as HTMLSelectElement;
    expect([...method.options].map((o) => o.text)).toEqual([
      "setFee(uint16 fee)",
      "airdrop(address[] to, uint256 amount)",
    ]);
    fireEvent.change(method, { target: { value: "1" } });
    type("to (address[])", '["0x12"]');
    type("amount (uint256)", "5");
    fireEvent.click(screen.getByRole("button", { name: "Add action" }));
    expect(await screen.findByText("Please enter a valid address")).toBeInTheDocument();
    expect(onAdd).not.toHaveBeenCalled();
    type("to (address[])", `["${TARGET}"]`);
    fireEvent.click(screen.getByRole("button", { name: "Add action" }));
    await waitFor(() => expect(onAdd).toHaveBeenCalled());
    expect(onAdd).toHaveBeenCalledWith({
      executor: TARGET,
      value: 0n,
      data: encodeFunctionData({
        abi: parseAbi(["function airdrop(address[] to, uint256 amount)"]),
        args: [[TARGET], 5n],
      }),
    });
  });
});

describe("ManualActionBuilder", () => {
  it("checks the target and the calldata", async () => {
    const onAdd = vi.fn();
    renderWithProviders(<ManualActionBuilder onAdd={onAdd} />);
    type("Contract address", "bad");
    type("Calldata", "0x123");
    fireEvent.click(screen.getByRole("button", { name: "Add action" }));
    expect(await screen.findByText("Please enter a valid address")).toBeInTheDocument();
    expect(screen.getByText("Enter hex data starting with 0x")).toBeInTheDocument();
    type("Contract address", TARGET);
    type("Calldata", "0x12345678");
    type("Value (native coin)", "0.5");
    fireEvent.click(screen.getByRole("button", { name: "Add action" }));
    await waitFor(() =>
      expect(onAdd).toHaveBeenCalledWith({ executor: TARGET, value: 5n * 10n ** 17n, data: "0x12345678" }),
    );
  });
});

describe("the DAO's user keeper as a target", () => {
  const KEEPER = "0x4444444444444444444444444444444444444444";
  const checkTarget = (target: string) =>
    target.toLowerCase() === KEEPER ? { key: "errors.userKeeperTarget" } : null;
  const MESSAGE = /This is the DAO's user keeper, which holds the members' deposits/;

  it("is refused at the contract field of the ABI builder", async () => {
    const onAdd = vi.fn();
    renderWithProviders(<AbiBuilder onAdd={onAdd} checkTarget={checkTarget} />);
    type("Contract address", KEEPER);
    type("Contract ABI", ABI);
    type("fee (uint16)", "5");
    fireEvent.click(screen.getByRole("button", { name: "Add action" }));
    expect(await screen.findByText(MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText("Contract address")).toHaveAttribute("aria-invalid", "true");
    expect(onAdd).not.toHaveBeenCalled();
    type("Contract address", TARGET);
    fireEvent.click(screen.getByRole("button", { name: "Add action" }));
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(MESSAGE)).toBeNull();
  });

  it("is refused by the manual builder", async () => {
    const onAdd = vi.fn();
    renderWithProviders(<ManualActionBuilder onAdd={onAdd} checkTarget={checkTarget} />);
    type("Contract address", KEEPER);
    type("Calldata", "0x12345678");
    fireEvent.click(screen.getByRole("button", { name: "Add action" }));
    expect(await screen.findByText(MESSAGE)).toBeInTheDocument();
    expect(onAdd).not.toHaveBeenCalled();
  });
});
