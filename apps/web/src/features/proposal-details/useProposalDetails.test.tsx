import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import type { Address } from "viem";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../app/AppProviders.tsx";
import { ProposalNotFoundError } from "./api/fetchProposalDetails.ts";
import { useProposalDetails } from "./useProposalDetails.ts";

const DAO: Address = "0x00000000000000000000000000000000000000d1";
const USER: Address = "0x00000000000000000000000000000000000000a1";
const wallet = vi.hoisted(() => ({
  connection: { status: "disconnected", address: undefined } as { status: string; address?: string },
  reads: [] as (string | undefined)[],
}));

vi.mock("wagmi", async (importOriginal) => ({
  ...(await importOriginal<typeof import("wagmi")>()),
  useConnection: () => wallet.connection,
}));
vi.mock("../../shared/chain/readClient.ts", () => ({ useReadClient: () => ({ chain: { id: 31337 } }) }));
vi.mock("../../shared/wallet/selectedChain.ts", () => ({ useSelectedChainId: () => 31337 }));
vi.mock("./api/fetchProposalDetails.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./api/fetchProposalDetails.ts")>();
  return {
    ...actual,
    fetchProposalDetails: async (_client: unknown, _dao: Address, id: bigint, user?: Address) => {
      wallet.reads.push(user);
      throw new actual.ProposalNotFoundError(`Proposal ${id} not found`);
    },
  };
});

function renderDetails() {
  const queryClient = createQueryClient(); // the app's: a missing proposal is never retried
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useProposalDetails(DAO, 9999n), { wrapper });
}

describe("useProposalDetails", () => {
  beforeEach(() => {
    wallet.reads = [];
  });

  it("reads a missing proposal once when wagmi restores the session after the read has failed", async () => {
    wallet.connection = { status: "disconnected" };
    const { result, rerender } = renderDetails();
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ProposalNotFoundError));
    // wagmi's restore at start-up: connecting, then disconnected again (no wallet to restore)
    wallet.connection = { status: "connecting" };
    rerender();
    wallet.connection = { status: "disconnected" };
    rerender();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current.error).toBeInstanceOf(ProposalNotFoundError);
    expect(wallet.reads).toEqual([undefined]);
  });

  it("waits for a session being restored before its first read, then reads once for the account", async () => {
    wallet.connection = { status: "reconnecting" };
    const { result, rerender } = renderDetails();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(wallet.reads).toEqual([]);
    wallet.connection = { status: "connected", address: USER };
    rerender();
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ProposalNotFoundError));
    expect(wallet.reads).toEqual([USER]);
  });
});
