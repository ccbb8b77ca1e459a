import {
  UI_PROPOSAL_FILTER_LABEL_KEYS,
  UI_PROPOSAL_FILTERS,
  type UiProposalFilter,
} from "@polity/core/proposalStates";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Pagination } from "../../../shared/ui/Pagination.tsx";
import { EmptyState, ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import type { DaoProfile } from "../api/fetchDaoProfile.ts";
import { type ProposalListItem, proposalsQuery } from "../api/fetchProposals.ts";
import { ProposalRow } from "../components/ProposalRow.tsx";
import styles from "../DaoProfile.module.css";

function isFilter(value: string | null): value is UiProposalFilter {
  return value !== null && (UI_PROPOSAL_FILTERS as readonly string[]).includes(value);
}

function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export function ProposalList({
  profile,
  proposals,
}: {
  profile: DaoProfile;
  proposals: readonly ProposalListItem[];
}) {
  return (
    <ul className={styles.list} aria-label="Proposals">
      {proposals.map((proposal) => (
        <ProposalRow
          key={proposal.id.toString()}
          daoAddress={profile.address}
          proposal={proposal}
          decimals={profile.token?.decimals ?? 18}
          totalPower={profile.totalPower}
        />
      ))}
    </ul>
  );
}

/** Says that the indexer had not reached the user's latest transaction when the list was read. */
export function IndexerLagNotice({ isBehind }: { isBehind: boolean }) {
  const { t } = useTranslation("daoProfile");
  return isBehind ? (
    <p className="muted" role="status" data-testid="indexer-lag">
      {t("indexerLag")}
    </p>
  ) : null;
}

/** The DAO's proposals a page at a time, filtered by the api with the spec's UI filters. */
export function ProposalsPage({ profile }: { profile: DaoProfile }) {
  const { t } = useTranslation("daoProfile");
  const [params, setParams] = useSearchParams();
  const raw = params.get("filter");
  const filter: UiProposalFilter = isFilter(raw) ? raw : "all";
  const page = pageOf(params.get("page"));
  const query = useQuery(
    proposalsQuery({ chainId: profile.chainId, dao: profile.address, status: filter, page }),
  );
  const show = (next: { filter: UiProposalFilter; page: number }) => {
    const search: Record<string, string> = {};
    if (next.filter !== "all") search.filter = next.filter;
    if (next.page > 1) search.page = String(next.page);
    setParams(search, { replace: true });
  };
  return (
    <section className={styles.section}>
      <h2>{t("proposals.title")}</h2>
      <fieldset className={styles.filters} aria-label={t("proposals.filterLabel")}>
        {UI_PROPOSAL_FILTERS.map((key) => (
          <button
            key={key}
            type="button"
            className={`${styles.filter} ${key === filter ? styles.activeFilter : ""}`}
            aria-pressed={key === filter}
            onClick={() => show({ filter: key, page: 1 })}
          >
            {t(UI_PROPOSAL_FILTER_LABEL_KEYS[key], { ns: "core" })}
          </button>
        ))}
      </fieldset>
      {query.isPending ? (
        <LoadingState label={t("proposals.loading")} />
      ) : query.isError ? (
        <ErrorState
          message={t("proposals.loadError", { detail: query.error.message })}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <IndexerLagNotice isBehind={query.data.isBehind} />
          {query.data.items.length === 0 ? (
            <EmptyState title={filter === "all" ? t("proposals.none") : t("proposals.noneForFilter")} />
          ) : (
            <ProposalList profile={profile} proposals={query.data.items} />
          )}
          <Pagination
            page={query.data.page}
            pageCount={query.data.pageCount}
            onChange={(next) => show({ filter, page: next })}
          />
        </>
      )}
    </section>
  );
}
