import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { WagmiProvider } from "wagmi";
import { i18n } from "../shared/i18n/i18n.ts";
import { retryQuery } from "../shared/query/retryPolicy.ts";
import { wagmiConfig } from "../shared/wallet/wagmiConfig.ts";

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: retryQuery } },
  });
}

const queryClient = createQueryClient();

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
      </QueryClientProvider>
    </WagmiProvider>
  );
}
