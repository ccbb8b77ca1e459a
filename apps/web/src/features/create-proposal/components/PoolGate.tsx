import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
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
  // Every creation page leads back to its DAO, whatever state the gate is in.
  const back = (
    <Link to={`/dao/${daoAddress}`} data-testid="back-to-dao">
      {query.data?.name ? t("gate.backToDao", { name: query.data.name }) : t("gate.backToTheDao")}
    </Link>
  );
  // Until the form is there (it has its own), the page keeps a heading.
  const stop = (state: ReactNode) => (
    <div className={styles.page}>
      {back}
      <h1>{t("gate.title")}</h1>
      {state}
    </div>
  );
  if (!query.address)
    return stop(
      <EmptyState title={t("gate.connectTitle")}>
        <Button onClick={openConnectModal}>{t("gate.connect")}</Button>
      </EmptyState>,
    );
  if (query.isPending) return stop(<LoadingState label={t("gate.loading")} />);
  if (query.isError)
    return stop(<ErrorState message={t("gate.notFound")} onRetry={() => void query.refetch()} />);
  return (
    <div className={styles.page}>
      {back}
      {children(query.data, query.chainId)}
    </div>
  );
}
