import { useTranslation } from "react-i18next";
import { Button } from "../../../shared/ui/Button.tsx";
import { openConnectModal } from "../../../shared/wallet/connectModal.ts";
import styles from "../offchain.module.css";

/** Off-chain voting needs a signed session (SIWE); the wallet button signs in after connecting. */
export function SignInNotice({ isConnected }: { isConnected: boolean }) {
  const { t } = useTranslation("offchain");
  return (
    <div className={styles.card} role="status">
      {/* The page it stands in for keeps a heading. */}
      <h1>{t("home.title")}</h1>
      <p>{isConnected ? t("auth.signIn") : t("auth.connect")}</p>
      {isConnected ? null : <Button onClick={openConnectModal}>{t("auth.connectButton")}</Button>}
    </div>
  );
}
