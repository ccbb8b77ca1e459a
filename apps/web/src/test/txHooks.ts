import { vi } from "vitest";

/**
 * The app's transaction hooks as component tests stand them in, one module for them all. A test
 * mocks each hook module it needs with this one, and reads or sets `txHooks` (imported as usual):
 *
 *   vi.mock("…/shared/tx/useContractWriter.ts", () => import("…/test/txHooks.ts"));
 *   vi.mock("…/shared/tx/useSubmitTransaction.ts", () => import("…/test/txHooks.ts"));
 *   vi.mock("…/shared/tx/useDaoTransaction.ts", () => import("…/test/txHooks.ts"));
 */
export const txHooks = {
  /** What the wallet is asked to write (each call's parameters); the test says what it answers. */
  writeContractAsync: vi.fn(),
  /** `useSubmitTransaction`'s submit: the test gives it what it does (run `send`, answer a receipt, fail). */
  submit: vi.fn(),
  /** The summaries `useDaoTransaction`'s `run` was given, in order; it sends at once. */
  summaries: [] as string[],
  /** The chain `useDaoTransaction` answers. */
  chainId: 31337,
};

const IDLE = { state: "IDLE", hash: null, error: null } as const;

export function useContractWriter() {
  return { writeContractAsync: txHooks.writeContractAsync };
}

export function writeContractOnDemand(_config: unknown, call: unknown) {
  return txHooks.writeContractAsync(call);
}

export function useSubmitTransaction() {
  return { status: IDLE, submit: txHooks.submit, reset: vi.fn() };
}

export function useDaoTransaction() {
  return {
    run: (summary: string, _kind: string, send: () => Promise<unknown>) => {
      txHooks.summaries.push(summary);
      return send();
    },
    status: IDLE,
    reset: vi.fn(),
    chainId: txHooks.chainId,
    isBusy: false,
  };
}
