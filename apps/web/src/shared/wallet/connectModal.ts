import { createStore, useStore } from "../state/createStore.ts";

const store = createStore((_s: { isOpen: boolean }, a: { isOpen: boolean }) => a, { isOpen: false });

/** Opens the wallet modal from anywhere ("Connect wallet" buttons in every feature). */
export function openConnectModal() {
  store.dispatch({ isOpen: true });
}

export function closeConnectModal() {
  store.dispatch({ isOpen: false });
}

export function useIsConnectModalOpen(): boolean {
  return useStore(store, (s) => s.isOpen);
}
