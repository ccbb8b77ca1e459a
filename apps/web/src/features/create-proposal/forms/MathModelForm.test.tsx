import { VotePowerType } from "@polity/core/enums";
import { govPoolAbi, polynomialPowerAbi } from "@polity/core/generated/contracts";
import { translate } from "@polity/core/i18n/en";
import { fireEvent, screen } from "@testing-library/react";
import { decodeFunctionData } from "viem";
import { describe, expect, it, vi } from "vitest";
import { clientAnsweringEach, testReadClient } from "../../../test/fakeReadClient.ts";
import { renderWithProviders } from "../../../test/renderWithProviders.tsx";
import { POOL, poolContextFixture } from "../test/poolContextFixture.ts";

vi.mock("../../../shared/chain/readClient.ts", () => import("../../../test/fakeReadClient.ts"));

const { DEFAULT_COEFFICIENTS, MathModelForm, validateMathModel } = await import("./MathModelForm.tsx");

const E16 = 10n ** 16n;
const LINEAR = "0x000000000000000000000000000000000000a11e";
const POLYNOMIAL = "0x7777777777777777777777777777777777777777";
const OTHER = "0x000000000000000000000000000000000000bEEF";
/** What the DAO creation wizard sent: 0.97, 0.92 and 1.08 with 18 decimals. */
const DEPLOYED = { holders: 97n * E16, experts: 92n * E16, expertsDelegation: 108n * E16 };
const polynomialDao = { pool: POOL, votePower: POLYNOMIAL, isLinearPower: false } as const;
const polynomial = (coefficients = DEFAULT_COEFFICIENTS, address: string = POLYNOMIAL) => ({
  type: VotePowerType.Polynomial,
  address,
  agreed: false,
  coefficients,
});
const decoded = (abi: typeof govPoolAbi | typeof polynomialPowerAbi, data: `0x${string}`) =>
  decodeFunctionData({ abi, data });

describe("math-model", () => {
  it("edits a polynomial DAO's coefficients on its PolynomialPower contract", () => {
    const result = validateMathModel(
      polynomialDao,
      LINEAR,
      polynomial({ ...DEFAULT_COEFFICIENTS, holders: "1.1" }),
      DEPLOYED,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [action, ...rest] = result.proposal.actions;
    expect(rest).toEqual([]);
    expect(action?.executor).toBe(POLYNOMIAL);
    const call = decoded(polynomialPowerAbi, action!.data);
    expect(call.functionName).toBe("changeCoefficients");
    expect(call.args).toEqual([110n * E16, 92n * E16, 108n * E16]);
    expect(result.proposal.currentChanges).toMatchObject({ coefficients: { holders: "0.97" } });
  });

  it("refuses the current model with its current coefficients", () => {
    const result = validateMathModel(polynomialDao, LINEAR, polynomial(), DEPLOYED);
    expect(result).toEqual({ ok: false, errors: { form: { key: "validation.nothingChanged" } } });
  });

  it("switches a linear DAO to a polynomial contract, and sets its coefficients only when they differ", () => {
    const linearDao = { pool: POOL, votePower: LINEAR, isLinearPower: true } as const;
    const same = validateMathModel(linearDao, LINEAR, polynomial(DEFAULT_COEFFICIENTS, OTHER), DEPLOYED);
    expect(same.ok && same.proposal.actions.map((a) => decoded(govPoolAbi, a.data).args)).toEqual([
      [OTHER, false],
    ]);
    const edited = validateMathModel(
      linearDao,
      LINEAR,
      polynomial({ ...DEFAULT_COEFFICIENTS, expertsDelegation: "1.2" }, OTHER),
      DEPLOYED,
    );
    expect(edited.ok && edited.proposal.actions.map((a) => a.executor)).toEqual([POOL, OTHER]);
  });

  it("checks each coefficient and that the address is a polynomial contract", () => {
    const result = validateMathModel(
      polynomialDao,
      LINEAR,
      polynomial({ holders: "0", experts: "abc", expertsDelegation: "1.0000000000000000001" }, OTHER),
      null,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      holders: { key: "validation.greaterThanZero" },
      experts: { key: "validation.invalidNumber" },
      expertsDelegation: { key: "validation.tooManyDecimals" },
      address: { key: "mathModel.notPolynomial" },
    });
  });

  it("refuses a coefficient above 10, which PolynomialPower would revert, before any transaction", () => {
    const result = validateMathModel(
      polynomialDao,
      LINEAR,
      polynomial({ holders: "10.000000000000000001", experts: "10", expertsDelegation: "11" }),
      DEPLOYED,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      holders: { key: "validation.multiplierTooHigh", params: { value: "10" } },
      expertsDelegation: { key: "validation.multiplierTooHigh", params: { value: "10" } },
    });
    expect(translate("validation.multiplierTooHigh", { value: "10" })).toBe("Must be at most 10");
  });

  it("shows a polynomial DAO's coefficients and reviews a change", async () => {
    testReadClient.current = clientAnsweringEach((call) => {
      if (call.address.toLowerCase() !== POLYNOMIAL) throw new Error("not a polynomial contract");
      if (call.functionName === "holdersCoefficient") return DEPLOYED.holders;
      if (call.functionName === "expertsCoefficient") return DEPLOYED.experts;
      if (call.functionName === "expertsDelegationCoefficient") return DEPLOYED.expertsDelegation;
      throw new Error(`unexpected read ${call.functionName}`);
    }).client;
    renderWithProviders(<MathModelForm ctx={poolContextFixture(polynomialDao)} chainId={31337} />);
    expect(await screen.findByLabelText("Holders coefficient")).toHaveValue("0.97");
    expect(screen.getByLabelText("Vote power model")).toHaveValue(String(VotePowerType.Polynomial));
    expect(screen.getByLabelText("Experts delegation coefficient")).toHaveValue("1.08");
    fireEvent.change(screen.getByLabelText("Proposal name"), { target: { value: "Flatter curve" } });
    fireEvent.change(screen.getByLabelText("Experts coefficient"), { target: { value: "-1" } });
    fireEvent.click(screen.getByRole("button", { name: "Review" }));
    expect(await screen.findByText("Please enter a valid non-negative number")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Experts coefficient"), { target: { value: "0.9" } });
    fireEvent.click(screen.getByRole("button", { name: "Review" }));
    expect(await screen.findByText("What will run")).toBeInTheDocument();
  });
});
