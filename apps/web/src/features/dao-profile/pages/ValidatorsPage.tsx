import { useState } from "react";
import { useTranslation } from "react-i18next";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import { DataTable } from "../../../shared/ui/DataTable.tsx";
import { EmptyState } from "../../../shared/ui/StateViews.tsx";
import type { DaoProfile } from "../api/fetchDaoProfile.ts";
import { AddressLink } from "../components/DaoHeader.tsx";
import { duration, percent, validatorUnit } from "../components/format.ts";
import { InternalProposals } from "../components/InternalProposals.tsx";
import { PagedList } from "../components/PagedList.tsx";
import styles from "../DaoProfile.module.css";
import { useValidators } from "../useValidators.ts";

export function ValidatorsPage({ profile }: { profile: DaoProfile }) {
  const { t } = useTranslation("daoProfile");
  const token = profile.validators.token;
  const [page, setPage] = useState(1);
  const list = useValidators(profile, page);
  if (!profile.validators.hasValidators) {
    return (
      <section className={styles.section}>
        <h2>{t("validators.title")}</h2>
        <EmptyState title={t("validators.none")} />
      </section>
    );
  }
  const settings = profile.validators.settings;
  return (
    <section className={styles.section}>
      <h2>{t("validators.title")}</h2>
      <dl className={styles.grid}>
        {token ? (
          <div className={styles.card}>
            <dt>{t("validators.token")}</dt>
            <dd>
              {token.name} ({token.symbol})
            </dd>
          </div>
        ) : null}
        {settings ? (
          <>
            <div className={styles.card}>
              <dt>{t("rules.duration")}</dt>
              <dd>{duration(settings.duration)}</dd>
            </div>
            <div className={styles.card}>
              <dt>{t("rules.quorum")}</dt>
              <dd>{percent(settings.quorum)}</dd>
            </div>
            <div className={styles.card}>
              <dt>{t("rules.executionDelay")}</dt>
              <dd>{duration(settings.executionDelay)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      <PagedList
        query={list}
        loadError={(detail) => t("validators.loadError", { detail })}
        empty={t("validators.none")}
        onPage={setPage}
      >
        {(data) => (
          <DataTable columns={[t("validators.address"), t("validators.balance"), t("validators.share")]}>
            {data.items.map((row) => (
              <tr key={row.address} data-testid="validator-row">
                <td>
                  <AddressLink chainId={profile.chainId} address={row.address} />
                </td>
                <td>{tokenAmount(row.balance, validatorUnit(profile))}</td>
                <td>
                  {token && token.totalSupply > 0n
                    ? `${(Number((row.balance * 10_000n) / token.totalSupply) / 100).toString()}%`
                    : "—"}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </PagedList>
      <InternalProposals profile={profile} />
    </section>
  );
}
