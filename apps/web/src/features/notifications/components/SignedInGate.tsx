import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { useConnection } from "wagmi";
import { useSignedInAccount } from "../../../shared/notifications/subscriptions.ts";
import { EmptyState } from "../../../shared/ui/StateViews.tsx";
import { ConnectPrompt } from "../../../shared/wallet/ConnectPrompt.tsx";

/** The notification pages are the signed-in account's own: connect, then sign in, first. */
export function SignedInGate({ children }: { children: (account: Address) => ReactNode }) {
  const { t } = useTranslation("notifications");
  const { address } = useConnection();
  const account = useSignedInAccount();
  if (!address) return <ConnectPrompt title={t("connectTitle")} />;
  if (!account) return <EmptyState title={t("signInTitle")} />;
  return <>{children(account)}</>;
}
