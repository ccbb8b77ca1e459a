import { poolFactoryAbi } from "@polity/core/generated/contracts";
import { screen, waitFor } from "@testing-library/react";
import { encodeAbiParameters, encodeEventTopics, type Hex } from "viem";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createDefaultDraft } from "../draft/createPoolDraft.ts";
import { loadDraft } from "../draft/draftStorage.ts";
import { renderStep } from "../test/renderStep.tsx";
import { validDraft } from "../test/validDraft.ts";
import { SuccessStep } from "./SuccessStep.tsx";

const receipt = vi.hoisted(() => ({ current: {} as Record<string, unknown> }));
vi.mock("wagmi", async (importOriginal) => ({
  ...(await importOriginal<typeof import("wagmi")>()),
  useWaitForTransactionReceipt: () => receipt.current,
}));

const HASH = `0x${"cd".repeat(32)}`;
const GOV_POOL = "0x1111111111111111111111111111111111111111";
const SENDER = "0x5555555555555555555555555555555555555555";
const FACTORY = "0x9A9f2CCfdE556A7E9Ff0848998Aa4a0CFD8863AE";

/** A DaoPoolDeployed log as the factory emits it. */
function deployedLog(name: string) {
  const event = poolFactoryAbi.find((item) => item.type === "event" && item.name === "DaoPoolDeployed");
  if (event?.type !== "event") throw new Error("DaoPoolDeployed missing from the ABI");
  const nonIndexed = event.inputs.filter((input) => !input.indexed);
  const values: Record<string, unknown> = { name, descriptionURL: "ipfs://meta" };
  const data = encodeAbiParameters(
    nonIndexed,
    nonIndexed.map((input) => values[input.name ?? ""] ?? `0x${"0".repeat(39)}${nonIndexed.indexOf(input)}`),
  );
  const topics = encodeEventTopics({
    abi: poolFactoryAbi,
    eventName: "DaoPoolDeployed",
    args: { govPool: GOV_POOL, sender: SENDER },
  });
  return {
    address: FACTORY,
    topics: topics as [Hex, ...Hex[]],
    data,
    blockNumber: 1n,
    logIndex: 0,
    transactionHash: HASH,
  };
}

const PATH = `/create-pool/success/${HASH}`;

describe("Success (step 6)", () => {
  beforeEach(() => {
    receipt.current = {
      isPending: false,
      isError: false,
      data: { status: "success", logs: [deployedLog("Lisbon Builders")] },
    };
  });

  it("shows the DAO from the DaoPoolDeployed event and links to its profile", () => {
    renderStep("/create-pool/success/:txHash", <SuccessStep />, {}, { path: PATH });
    expect(screen.getByText(/“Lisbon Builders” has been created/)).toBeTruthy();
    expect(screen.getByText(GOV_POOL)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open the DAO" }).getAttribute("href")).toBe(`/dao/${GOV_POOL}`);
  });

  it("waits for the receipt", () => {
    receipt.current = { isPending: true, isError: false, data: undefined };
    renderStep("/create-pool/success/:txHash", <SuccessStep />, {}, { path: PATH });
    expect(screen.getByRole("status").textContent).toBe("Reading the deployment…");
  });

  it("tells when the transaction failed or created no DAO", () => {
    receipt.current = { isPending: false, isError: false, data: { status: "reverted", logs: [] } };
    const first = renderStep("/create-pool/success/:txHash", <SuccessStep />, {}, { path: PATH });
    expect(screen.getByRole("alert").textContent).toBe("The deployment transaction failed.");
    first.unmount();
    receipt.current = { isPending: false, isError: false, data: { status: "success", logs: [] } };
    renderStep("/create-pool/success/:txHash", <SuccessStep />, {}, { path: PATH });
    expect(screen.getByRole("alert").textContent).toBe("This transaction did not create a DAO.");
  });

  it("clears the deployed draft when it comes from the deployment, and only then", async () => {
    const draft = validDraft();
    const kept = renderStep("/create-pool/success/:txHash", <SuccessStep />, draft, { path: PATH });
    expect(loadDraft().daoName).toBe(draft.daoName);
    kept.unmount();

    const cleared = renderStep("/create-pool/success/:txHash", <SuccessStep />, draft, {
      path: PATH,
      state: { clearDraft: true },
    });
    await waitFor(() => expect(loadDraft()).toEqual(createDefaultDraft()));
    // The flag is dropped, so reloading this page later keeps a draft started since.
    expect(cleared.router.state.location.state).toBeNull();
    expect(screen.getByText(/“Lisbon Builders” has been created/)).toBeTruthy();
  });
});
