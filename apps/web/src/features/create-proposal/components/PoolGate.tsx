import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { type Address, isAddress } from "viem";
import { Button } from "../../../shared/ui/Button.tsx";
import { EmptyState, ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import { openConnectModal } from "../../../shared/wallet/connectModal.ts";
import type { PoolContext } from "../api/poolContext.ts";
import styles from "../createProposal.module.css";
import { usePoolContext } from "../usePoolContext.ts";

/** Loads the DAO named in the URL and asks for a wallet before any creation form is shown. */
export function PoolGate({ children }: { children: (ctx: PoolContext, chainId: number) => ReactNode }) {
  const { t } = useTranslation("createProposal");
  const { daoAddress = "" } = useParams();
  const valid = isAddress(daoAddress, { strict: false });
  const query = usePoolContext(
    (valid ? daoAddress : "0x0000000000000000000000000000000000000000") as Address,
  );
  if (!valid) return <EmptyState title={t("gate.invalidAddress")} />;
  if (!query.address) {
    return (
      <div className={styles.page}>
        <EmptyState title={t("gate.connectTitle")}>
          <Button onClick={openConnectModal}>{t("gate.connect")}</Button>
        </EmptyState>
      </div>
    );
  }
  if (query.isPending) return <LoadingState label={t("gate.loading")} />;
  if (query.isError) return <ErrorState message={t("gate.notFound")} onRetry={() => void query.refetch()} />;
  return <div className={styles.page}>{children(query.data, query.chainId)}</div>;
}
