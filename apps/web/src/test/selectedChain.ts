import type * as SelectedChain from "../shared/wallet/selectedChain.ts";

/** The chain a test's page reads instead of the app's choice (undefined: the app's own). */
export const testChain: { chainId: number | undefined } = { chainId: undefined };

/**
 * `shared/wallet/selectedChain.ts` with `useSelectedChainId` answering `testChain.chainId` when set: the
 * tests' wallet cannot connect to the local chain, whose protocol (a UserRegistry) some pages read.
 * Use: `vi.mock("…/selectedChain.ts", async (original) => (await import("…/test/selectedChain.ts")).selectedChainModule(original))`.
 */
export async function selectedChainModule(importOriginal: () => Promise<typeof SelectedChain>) {
  const original = await importOriginal();
  return {
    ...original,
    useSelectedChainId: () => {
      const chainId = original.useSelectedChainId();
      return testChain.chainId ?? chainId;
    },
  };
}
