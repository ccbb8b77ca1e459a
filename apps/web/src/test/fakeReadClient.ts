import { vi } from "vitest";
import type { ReadClient } from "../shared/chain/readClient.ts";

/** A contract read as a test's multicall receives it. */
export type FakeCall = { address: string; functionName: string; args?: readonly unknown[] };

/** A settled multicall entry: the read's result. */
export const ok = (result: unknown) => ({ status: "success" as const, result });
/** A settled multicall entry: the read reverted. */
export const fail = (error: Error = new Error("reverted")) => ({ status: "failure" as const, error });

type Entry = ReturnType<typeof ok> | ReturnType<typeof fail>;

/**
 * A read client of chain 31337 whose `multicall` answers each batch with `answer(contracts)`; its
 * JSON-RPC `request` is a mock, there to assert that nothing else was read.
 */
export function fakeReadClient(answer: (contracts: FakeCall[]) => Entry[]) {
  const multicall = vi.fn(async ({ contracts }: { contracts: FakeCall[] }) => answer(contracts));
  const request = vi.fn();
  // viem types `multicall` per call list through generics, which a recorded answer cannot meet.
  const client = { chain: { id: 31337 }, multicall, request } as unknown as ReadClient;
  return { client, multicall, request };
}

/**
 * Holds back the answer of `multicall`'s next batch (a `fakeReadClient`'s) until the returned release
 * is called: what a page meets while the chain is slow to answer.
 */
export function holdNextBatch(multicall: ReturnType<typeof fakeReadClient>["multicall"]): () => void {
  const answer = multicall.getMockImplementation();
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  multicall.mockImplementationOnce(async (arg) => {
    await released;
    return (await answer?.(arg)) ?? [];
  });
  return () => release();
}

/** A read client answering every read of every batch with `answer(call)`, failing it when that throws. */
export function clientAnsweringEach(answer: (call: FakeCall) => unknown) {
  return fakeReadClient((contracts) =>
    contracts.map((call) => {
      try {
        return ok(answer(call));
      } catch (err) {
        return fail(err instanceof Error ? err : new Error(String(err)));
      }
    }),
  );
}

/**
 * What the app's `useReadClient` answers in a test that stands this module in for it:
 * `vi.mock("…/shared/chain/readClient.ts", () => import("…/test/fakeReadClient.ts"))`, then set
 * `testReadClient.current` (a `fakeReadClient`'s or `clientAnsweringEach`'s client).
 */
export const testReadClient: { current: ReadClient | undefined } = { current: undefined };

export function useReadClient(_parameters?: { chainId?: number | undefined }): ReadClient | undefined {
  return testReadClient.current;
}
