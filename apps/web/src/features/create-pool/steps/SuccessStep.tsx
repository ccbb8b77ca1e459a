import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { type Hash, isHash } from "viem";
import { useWaitForTransactionReceipt } from "wagmi";
import { fieldStyles } from "../../../shared/ui/Field.tsx";
import styles from "../createPool.module.css";
import { useDraft } from "../draft/DraftProvider.tsx";
import { readDeployedPool } from "../hooks/useDeployPool.ts";
import { CREATE_POOL_BASE } from "../wizardSteps.ts";

/** Step 6: the DAO the deployment transaction created, read from its DaoPoolDeployed event. */
export function SuccessStep() {
  const { t } = useTranslation("createPool");
  const { txHash } = useParams();
  const { resetDraft } = useDraft();
  const location = useLocation();
  const navigate = useNavigate();
  const clearDraft = (location.state as { clearDraft?: boolean } | null)?.clearDraft === true;
  // Arriving from the deployment: the draft is now a DAO. Drop the flag so a reload keeps any
  // draft started since.
  useEffect(() => {
    if (!clearDraft) return;
    resetDraft();
    navigate(location.pathname, { replace: true, state: null });
  }, [clearDraft, resetDraft, navigate, location.pathname]);
  const hash = txHash && isHash(txHash) ? (txHash as Hash) : undefined;
  const receipt = useWaitForTransactionReceipt({ hash, query: { enabled: Boolean(hash) } });
  const deployed =
    receipt.data && receipt.data.status === "success" ? readDeployedPool(receipt.data.logs) : undefined;

  let body: React.ReactNode;
  if (receipt.isPending && hash) {
    body = (
      <p className={styles.status} role="status">
        {t("success.loading")}
      </p>
    );
  } else if (!hash || receipt.isError || receipt.data?.status === "reverted") {
    body = (
      <p className={styles.alert} role="alert">
        {t("success.failed")}
      </p>
    );
  } else if (!deployed) {
    body = (
      <p className={styles.alert} role="alert">
        {t("success.notFound")}
      </p>
    );
  } else {
    body = (
      <>
        <p className={styles.muted}>{t("success.intro", { name: deployed.name })}</p>
        <dl className={styles.summaryList}>
          <dt>{t("success.govPool")}</dt>
          <dd className={fieldStyles.mono}>{deployed.govPool}</dd>
          <dt>{t("success.transaction")}</dt>
          <dd className={fieldStyles.mono}>{hash}</dd>
        </dl>
        <div className={styles.actions}>
          <Link className={styles.buttonSecondary} to={CREATE_POOL_BASE}>
            {t("success.createAnother")}
          </Link>
          <Link className={styles.button} to={`/dao/${deployed.govPool}`}>
            {t("success.openDao")}
          </Link>
        </div>
      </>
    );
  }

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="create-pool-success-title">
        <p className={styles.muted}>{t("wizard.stepOf", { number: "6" })}</p>
        <h1 id="create-pool-success-title" className={styles.title}>
          {t("success.title")}
        </h1>
        {body}
      </section>
    </div>
  );
}
