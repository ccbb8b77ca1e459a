import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { NavLink, useParams } from "react-router";
import { useReadClient } from "../../../shared/chain/readClient.ts";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import { api } from "../../../shared/http/api.ts";
import { DataTable } from "../../../shared/ui/DataTable.tsx";
import { EmptyState, ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import type { DaoProfile } from "../api/fetchDaoProfile.ts";
import { applyMemberFilter, MEMBER_FILTERS, type MemberFilter } from "../api/fetchMembers.ts";
import { membersQuery } from "../api/membersQuery.ts";
import { AddressLink } from "../components/DaoHeader.tsx";
import { daoUnit } from "../components/format.ts";
import styles from "../DaoProfile.module.css";
import { ExpertsTable } from "./DelegationsPage.tsx";

/**
 * The DAO's members with their balance, power and roles; the Experts filter lists the DAO's experts
 * from the tracker instead, each with a Delegate link.
 */
export function MembersPage({ profile }: { profile: DaoProfile }) {
  const { t } = useTranslation("daoProfile");
  const { filter: raw } = useParams();
  const filter: MemberFilter = (MEMBER_FILTERS as readonly string[]).includes(raw ?? "")
    ? (raw as MemberFilter)
    : "all";
  const client = useReadClient({ chainId: profile.chainId });
  const members = useQuery({ ...membersQuery(api, client, profile), enabled: filter !== "experts" });
  const unit = daoUnit(profile);
  // A DAO voting with NFTs only: the wallet holds a number of its NFTs.
  const walletUnit = profile.token ? unit : { decimals: 0, symbol: profile.nft?.symbol };
  return (
    <section className={styles.section}>
      <h2>{t("members.title")}</h2>
      <nav className={styles.filters} aria-label={t("members.filterLabel")}>
        {MEMBER_FILTERS.map((key) => (
          <NavLink
            key={key}
            to={`../${key}`}
            relative="path"
            className={`${styles.filter} ${key === filter ? styles.activeFilter : ""}`}
            aria-current={key === filter ? "page" : undefined}
          >
            {t(`members.filters.${key}`)}
          </NavLink>
        ))}
      </nav>
      {filter === "experts" ? (
        <ExpertsTable profile={profile} />
      ) : members.isPending ? (
        <LoadingState />
      ) : members.isError ? (
        <ErrorState message={members.error.message} onRetry={() => void members.refetch()} />
      ) : (
        (() => {
          const rows = applyMemberFilter(members.data, filter);
          if (rows.length === 0) return <EmptyState title={t(`members.empty.${filter}`)} />;
          return (
            <DataTable
              columns={[
                t("members.address"),
                t("members.walletBalance"),
                t("members.power"),
                t("members.roles"),
              ]}
            >
              {rows.map((row) => (
                <tr key={row.address} data-testid="member-row">
                  <td>
                    <AddressLink chainId={profile.chainId} address={row.address} />
                  </td>
                  <td>{tokenAmount(row.walletBalance, walletUnit)}</td>
                  <td>{tokenAmount(row.power, unit)}</td>
                  <td>
                    {[
                      row.isExpert ? t("members.expert") : null,
                      row.isValidator ? t("members.validator") : null,
                    ]
                      .filter(Boolean)
                      .join(", ") || "—"}
                  </td>
                </tr>
              ))}
            </DataTable>
          );
        })()
      )}
    </section>
  );
}
