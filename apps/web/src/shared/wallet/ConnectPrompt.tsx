import { useTranslation } from "react-i18next";
import { Button } from "../ui/Button.tsx";
import { EmptyState } from "../ui/StateViews.tsx";
import { openConnectModal } from "./connectModal.ts";

/** What a page that needs a wallet shows before one is connected: why, and the Connect button. */
export function ConnectPrompt({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState title={title}>
      <Button onClick={openConnectModal}>{t("wallet.connect")}</Button>
    </EmptyState>
  );
}
