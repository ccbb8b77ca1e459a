import { useConnection } from "wagmi";
import { createStore, useStore } from "../state/createStore.ts";
import { defaultChainId, isSupportedChainId } from "./chains.ts";

type SelectedChainState = { chainId: number };

/** The last chain the user chose, remembered in local storage (spec section 1). */
export const selectedChainStore = createStore(
  (_state: SelectedChainState, action: { chainId: number }) => ({ chainId: action.chainId }),
  { chainId: defaultChainId },
  {
    persistKey: "polity.selectedChain",
    revive: (stored) => {
      const chainId = (stored as Partial<SelectedChainState>)?.chainId;
      return { chainId: isSupportedChainId(chainId) ? chainId : defaultChainId };
    },
  },
);

export function rememberChain(chainId: number) {
  if (isSupportedChainId(chainId)) selectedChainStore.dispatch({ chainId });
}

/** The chain the app reads: the wallet's when it is on a supported one, else the remembered one. */
export function useSelectedChainId(): number {
  const { chainId, isConnected } = useConnection();
  const remembered = useStore(selectedChainStore, (state) => state.chainId);
  return isConnected && isSupportedChainId(chainId) ? chainId : remembered;
}
