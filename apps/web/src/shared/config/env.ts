/** Build-time configuration read once; every `VITE_*` variable the app uses is listed here. */
export const env = {
  apiUrl: (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/$/, "") ?? "",
  walletConnectProjectId: (import.meta.env.VITE_WALLETCONNECT_PROJECT_ID as string | undefined) ?? "",
  isLocalChainEnabled: __POLITY_LOCAL_CHAIN__,
  localRpcUrl: (import.meta.env.VITE_RPC_URL_31337 as string | undefined) ?? "http://127.0.0.1:8545",
  /** A release build: production mode without the local development chain. */
  isProduction:
    import.meta.env.PROD &&
    import.meta.env.MODE === "production" &&
    import.meta.env.VITE_ENABLE_LOCAL_CHAIN !== "true",
} as const;

/** Per-chain RPC override, e.g. `VITE_RPC_URL_56`. */
export function rpcUrlOverride(chainId: number): string | undefined {
  const value = (import.meta.env as Record<string, string | undefined>)[`VITE_RPC_URL_${chainId}`];
  return value && value.length > 0 ? value : undefined;
}
