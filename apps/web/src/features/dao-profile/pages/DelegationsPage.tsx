import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useConnection } from "wagmi";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import {
  delegatePath,
  treasuryDelegationProposalPath,
  undelegatePath,
} from "../../../shared/routes/delegationPaths.ts";
import type { IndexedPage } from "../../../shared/tracker/governanceApi.ts";
import { buttonClassName } from "../../../shared/ui/Button.tsx";
import { DataTable } from "../../../shared/ui/DataTable.tsx";
import { ConnectPrompt } from "../../../shared/wallet/ConnectPrompt.tsx";
import type { DaoProfile } from "../api/fetchDaoProfile.ts";
import { AddressLink } from "../components/DaoHeader.tsx";
import { daoUnit } from "../components/format.ts";
import { PagedList } from "../components/PagedList.tsx";
import styles from "../DaoProfile.module.css";
import { useExperts, useMemberDelegations } from "../useDelegations.ts";

/** A paged indexed list: loading, its error with a retry, its empty state, or its table and pages. */
function PagedTable<A>({
  query,
  empty,
  columns,
  row,
  onPage,
}: {
  query: UseQueryResult<IndexedPage<A>>;
  empty: string;
  columns: readonly ReactNode[];
  row: (item: A) => ReactNode;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation("daoProfile");
  return (
    <PagedList
      query={query}
      loadError={(detail) => t("delegations.loadError", { detail })}
      empty={empty}
      onPage={onPage}
    >
      {(data) => <DataTable columns={columns}>{data.items.map(row)}</DataTable>}
    </PagedList>
  );
}

/**
 * The DAO's delegations tab: what the connected member delegates (with Undelegate links), what is
 * delegated to it, and the DAO's experts with their power and delegators (with a Delegate link).
 */
export function DelegationsPage({ profile }: { profile: DaoProfile }) {
  const { t } = useTranslation("daoProfile");
  const { address } = useConnection();
  const [outPage, setOutPage] = useState(1);
  const [inPage, setInPage] = useState(1);
  const outgoing = useMemberDelegations(profile, "out", outPage);
  const incoming = useMemberDelegations(profile, "in", inPage);
  const amount = (value: string) => tokenAmount(BigInt(value), daoUnit(profile));
  const nfts = (ids: readonly string[]) => (ids.length > 0 ? ids.map((id) => `#${id}`).join(", ") : "—");
  const delegationColumns = (party: string) => [
    party,
    t("delegations.amount"),
    t("delegations.nfts"),
    t("delegations.power"),
    <span key="actions" className="visually-hidden">
      {t("delegations.actions")}
    </span>,
  ];

  return (
    <section className={styles.section}>
      <h2>{t("delegations.title")}</h2>
      <h3>{t("delegations.outgoing")}</h3>
      {address ? (
        <PagedTable
          query={outgoing}
          empty={t("delegations.noOutgoing")}
          onPage={setOutPage}
          columns={delegationColumns(t("delegations.delegatee"))}
          row={(d) => (
            <tr key={d.delegatee} data-testid="outgoing-row">
              <td>
                <AddressLink chainId={profile.chainId} address={d.delegatee} />
              </td>
              <td>{amount(d.amount)}</td>
              <td>{nfts(d.nft_ids)}</td>
              <td>{amount(d.power)}</td>
              <td>
                <Link
                  className={buttonClassName("secondary")}
                  to={undelegatePath(profile.address, d.delegatee)}
                >
                  {t("delegations.undelegate")}
                </Link>
              </td>
            </tr>
          )}
        />
      ) : (
        <ConnectPrompt title={t("delegations.connect")} />
      )}
      <h3>{t("delegations.incoming")}</h3>
      {address ? (
        <PagedTable
          query={incoming}
          empty={t("delegations.noIncoming")}
          onPage={setInPage}
          columns={delegationColumns(t("delegations.delegator"))}
          row={(d) => (
            <tr key={d.delegator} data-testid="incoming-row">
              <td>
                <AddressLink chainId={profile.chainId} address={d.delegator} />
              </td>
              <td>{amount(d.amount)}</td>
              <td>{nfts(d.nft_ids)}</td>
              <td>{amount(d.power)}</td>
              <td />
            </tr>
          )}
        />
      ) : null}
      <h3>{t("delegations.experts")}</h3>
      <ExpertsTable profile={profile} />
    </section>
  );
}

/**
 * Whether the connected member may create a proposal of the DAO's internal settings (a treasury delegation
 * calls the pool itself): deposited power above zero and at least the slot's `minVotesForCreating`.
 */
export function canCreateInternalProposal(profile: DaoProfile): boolean {
  const user = profile.user;
  if (!user) return false;
  const power = user.deposited + BigInt(user.depositedNfts.length) * (profile.nft?.individualPower ?? 0n);
  return power > 0n && power >= (profile.settings.internal?.minVotesForCreating ?? 0n);
}

/**
 * The DAO's experts (tracker) with their kind, delegated power and delegators, paged; a Delegate link
 * on every row but the connected member's own, and for members who can create proposals, links to the
 * treasury delegation proposal (`tokens/delegate/{expert}`, and `tokens/revoke/{expert}` when it holds some).
 */
export function ExpertsTable({ profile }: { profile: DaoProfile }) {
  const { t } = useTranslation("daoProfile");
  const { address } = useConnection();
  const [page, setPage] = useState(1);
  const experts = useExperts(profile, page);
  const canPropose = address !== undefined && canCreateInternalProposal(profile);
  return (
    <PagedTable
      query={experts}
      empty={t("delegations.noExperts")}
      onPage={setPage}
      columns={[
        t("delegations.expert"),
        t("delegations.kind"),
        t("delegations.delegatedPower"),
        t("delegations.delegators"),
        <span key="actions" className="visually-hidden">
          {t("delegations.actions")}
        </span>,
      ]}
      row={(expert) => (
        <tr key={expert.account} data-testid="expert-row">
          <td>
            <AddressLink chainId={profile.chainId} address={expert.account} />
          </td>
          <td>{t(`delegations.userType.${expert.user_type}`)}</td>
          <td>{tokenAmount(BigInt(expert.micropool_power), daoUnit(profile))}</td>
          <td>{expert.delegators_count}</td>
          <td>
            <div className={styles.rowActions}>
              {address?.toLowerCase() === expert.account.toLowerCase() ? null : (
                <Link
                  className={buttonClassName("primary")}
                  to={delegatePath(profile.address, expert.account)}
                >
                  {t("delegations.delegate")}
                </Link>
              )}
              {(["delegate", "revoke"] as const)
                .filter((type) => canPropose && (type === "delegate" || BigInt(expert.treasury_power) > 0n))
                .map((type) => (
                  <Link
                    key={type}
                    className={buttonClassName("secondary")}
                    to={treasuryDelegationProposalPath(profile.address, type, expert.account)}
                  >
                    {t(`delegations.${type}Treasury`)}
                  </Link>
                ))}
            </div>
          </td>
        </tr>
      )}
    />
  );
}
