import { useEffect } from "react";
import { useConnection } from "wagmi";
import { setActiveAccount } from "../../shared/auth/activeAccount.ts";
import { authStore } from "../../shared/auth/authStore.ts";
import { rememberChain } from "../../shared/wallet/selectedChain.ts";

/** Mirrors the wallet's account and chain out of React and remembers every supported chain used. */
export function AccountWatcher() {
  const { address, chainId } = useConnection();
  setActiveAccount(address, chainId);
  useEffect(() => {
    authStore.dispatch({ type: "accountChanged", address: address ?? null, chainId: chainId ?? null });
  }, [address, chainId]);
  useEffect(() => {
    if (chainId !== undefined) rememberChain(chainId);
  }, [chainId]);
  return null;
}
