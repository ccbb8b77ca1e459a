import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createDefaultDraft } from "../draft/createPoolDraft.ts";
import { loadDraft } from "../draft/draftStorage.ts";
import { renderStep } from "../test/renderStep.tsx";
import { ALICE, validDraft } from "../test/validDraft.ts";
import { SummaryStep } from "./SummaryStep.tsx";

const state = vi.hoisted(() => ({
  account: { isConnected: false, address: undefined as string | undefined, chainId: 31337 },
  prediction: { isPending: false, data: undefined as unknown },
  deploy: async (_draft: unknown): Promise<unknown> => undefined,
}));

vi.mock("wagmi", async (importOriginal) => ({
  ...(await importOriginal<typeof import("wagmi")>()),
  useAccount: () => state.account,
}));
vi.mock("../hooks/usePoolPrediction.ts", () => ({ usePoolPrediction: () => state.prediction }));
vi.mock("../hooks/useDeployPool.ts", () => ({
  useDeployPool: () => ({
    submitState: "IDLE",
    isUploading: false,
    error: null,
    deploy: (draft: unknown) => state.deploy(draft),
  }),
}));

const PATH = "/create-pool/summary";
const GOV_POOL = "0x1111111111111111111111111111111111111111";
const HASH = `0x${"ab".repeat(32)}`;

function predicted(isNameTaken: boolean) {
  return {
    isPending: false,
    data: {
      govPool: GOV_POOL,
      isNameTaken,
      addresses: {
        govPool: GOV_POOL,
        settings: "0x2222222222222222222222222222222222222222",
        govToken: "0x3333333333333333333333333333333333333333",
        polynomialPower: "0x4444444444444444444444444444444444444444",
      },
    },
  };
}

describe("Summary (step 5)", () => {
  beforeEach(() => {
    state.account = { isConnected: true, address: ALICE, chainId: 31337 };
    state.prediction = predicted(false);
    state.deploy = vi.fn(async () => ({ submitState: "SUCCESS", isUploading: false, hash: HASH }));
  });

  it("asks for a wallet before predicting or deploying", () => {
    state.account = { isConnected: false, address: undefined, chainId: 31337 };
    renderStep(PATH, <SummaryStep />, validDraft());
    expect(screen.getByText("Connect a wallet to see the addresses the DAO will have.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Connect a wallet to create the DAO" })).toBeTruthy();
  });

  it("lists every step with an error and refuses to deploy", () => {
    renderStep(PATH, <SummaryStep />, createDefaultDraft());
    expect(
      screen.getByText("“Basic DAO settings” has errors. Please fix them before creating the DAO."),
    ).toBeTruthy();
    expect(
      screen.getByText("“Token creation” has errors. Please fix them before creating the DAO."),
    ).toBeTruthy();
    expect((screen.getByRole("button", { name: "Create DAO" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("refuses a name this deployer already used", () => {
    state.prediction = predicted(true);
    renderStep(PATH, <SummaryStep />, validDraft());
    expect(screen.getByText("A pool with this name already exists.")).toBeTruthy();
    expect(screen.getByTestId("name-taken-hint").textContent).toBe(
      "Choose another DAO name: “Lisbon Builders” is taken on Polity Local.",
    );
    expect((screen.getByRole("button", { name: "Create DAO" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("reviews the draft with the predicted addresses of this DAO's contracts", () => {
    renderStep(PATH, <SummaryStep />, validDraft());
    expect(screen.getByText("Lisbon Builders")).toBeTruthy();
    expect(screen.getByText("Lisbon Token (LSB), created with the DAO")).toBeTruthy();
    expect(screen.getByText("40%")).toBeTruthy();
    expect(screen.getByText(GOV_POOL)).toBeTruthy();
    expect(screen.getByText("Governance token")).toBeTruthy();
    // Linear voting: no polynomial vote-power contract.
    expect(screen.queryByText("0x4444444444444444444444444444444444444444")).toBeNull();
    expect(screen.getByRole("link", { name: "Edit: Token" }).getAttribute("href")).toBe("/create-pool/token");
  });

  it("deploys the draft and opens the success step, which is told to clear the draft", async () => {
    const draft = validDraft();
    const { router } = renderStep(PATH, <SummaryStep />, draft);
    fireEvent.click(screen.getByRole("button", { name: "Create DAO" }));
    await waitFor(() =>
      expect(screen.getByTestId("current-path").textContent).toBe(`/create-pool/success/${HASH}`),
    );
    expect(state.deploy).toHaveBeenCalledWith(draft);
    expect(router.state.location.state).toEqual({ clearDraft: true });
    // The summary never showed an emptied draft: the draft is still whole until the success step.
    expect(loadDraft().daoName).toBe(draft.daoName);
  });
});
