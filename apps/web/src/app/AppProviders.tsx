import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { WagmiProvider } from "wagmi";
import { ApiError } from "../shared/http/apiError.ts";
import { i18n } from "../shared/i18n/i18n.ts";
import { wagmiConfig } from "../shared/wallet/wagmiConfig.ts";

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors will not heal by retrying; network and server errors might.
        retry: (failureCount, err) =>
          failureCount < 2 &&
          !(err instanceof ApiError && err.status !== null && err.status >= 400 && err.status < 500),
      },
    },
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
