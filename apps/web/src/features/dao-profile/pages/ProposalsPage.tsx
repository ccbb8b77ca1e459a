import {
  UI_PROPOSAL_FILTER_LABEL_KEYS,
  UI_PROPOSAL_FILTERS,
  type UiProposalFilter,
} from "@polity/core/proposalStates";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { DaoProfile } from "../api/fetchDaoProfile.ts";
import { offchainProposalsQuery } from "../api/fetchOffchainProposals.ts";
import { type ProposalListItem, proposalsQuery } from "../api/fetchProposals.ts";
import { OffchainProposalRow } from "../components/OffchainProposalRow.tsx";
import { PagedList } from "../components/PagedList.tsx";
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
          symbol={profile.token?.symbol}
          totalPower={profile.totalPower}
        />
      ))}
    </ul>
  );
}

/** Proposal types the tab lists (spec: on-chain beside off-chain proposals). */
export const PROPOSAL_TYPES = ["all", "onchain", "offchain"] as const;
export type ProposalTypeFilter = (typeof PROPOSAL_TYPES)[number];

function isType(value: string | null): value is ProposalTypeFilter {
  return value !== null && (PROPOSAL_TYPES as readonly string[]).includes(value);
}

/**
 * The DAO's proposals a page at a time, filtered by the api with the spec's UI filters and by type:
 * on-chain ones from the indexer, off-chain ones from the voting service, or both one above the other.
 */
export function ProposalsPage({ profile }: { profile: DaoProfile }) {
  const { t } = useTranslation("daoProfile");
  const [params, setParams] = useSearchParams();
  const raw = params.get("filter");
  const filter: UiProposalFilter = isFilter(raw) ? raw : "all";
  const rawType = params.get("type");
  const type: ProposalTypeFilter = isType(rawType) ? rawType : "all";
  const page = pageOf(params.get("page"));
  const show = (next: { filter: UiProposalFilter; type: ProposalTypeFilter; page: number }) => {
    const search: Record<string, string> = {};
    if (next.filter !== "all") search.filter = next.filter;
    if (next.type !== "all") search.type = next.type;
    if (next.page > 1) search.page = String(next.page);
    setParams(search, { replace: true });
  };
  return (
    <section className={styles.section}>
      <h2>{t("proposals.title")}</h2>
      <fieldset className={styles.filters} aria-label={t("proposals.typeLabel")}>
        {PROPOSAL_TYPES.map((key) => (
          <button
            key={key}
            type="button"
            className={`${styles.filter} ${key === type ? styles.activeFilter : ""}`}
            aria-pressed={key === type}
            onClick={() => show({ filter, type: key, page: 1 })}
          >
            {t(`proposals.types.${key}`)}
          </button>
        ))}
      </fieldset>
      <fieldset className={styles.filters} aria-label={t("proposals.filterLabel")}>
        {UI_PROPOSAL_FILTERS.map((key) => (
          <button
            key={key}
            type="button"
            className={`${styles.filter} ${key === filter ? styles.activeFilter : ""}`}
            aria-pressed={key === filter}
            onClick={() => show({ filter: key, type, page: 1 })}
          >
            {t(UI_PROPOSAL_FILTER_LABEL_KEYS[key], { ns: "core" })}
          </button>
        ))}
      </fieldset>
      {type !== "offchain" ? (
        <OnchainProposals
          profile={profile}
          filter={filter}
          page={page}
          onPage={(next) => show({ filter, type, page: next })}
        />
      ) : null}
      {type === "all" ? <h3>{t("proposals.offchainTitle")}</h3> : null}
      {type !== "onchain" ? (
        <OffchainProposals
          profile={profile}
          filter={filter}
          page={type === "offchain" ? page : 1}
          onPage={type === "offchain" ? (next) => show({ filter, type, page: next }) : undefined}
        />
      ) : null}
    </section>
  );
}

interface ListProps {
  profile: DaoProfile;
  filter: UiProposalFilter;
  page: number;
  onPage: ((page: number) => void) | undefined;
}

function OnchainProposals({ profile, filter, page, onPage }: ListProps) {
  const { t } = useTranslation("daoProfile");
  const query = useQuery(
    proposalsQuery({ chainId: profile.chainId, dao: profile.address, status: filter, page }),
  );
  return (
    <PagedList
      query={query}
      loading={t("proposals.loading")}
      loadError={(detail) => t("proposals.loadError", { detail })}
      empty={filter === "all" ? t("proposals.none") : t("proposals.noneForFilter")}
      onPage={onPage}
    >
      {(data) => <ProposalList profile={profile} proposals={data.items} />}
    </PagedList>
  );
}

function OffchainProposals({ profile, filter, page, onPage }: ListProps) {
  const { t } = useTranslation("daoProfile");
  const query = useQuery(
    offchainProposalsQuery({ chainId: profile.chainId, dao: profile.address, status: filter, page }),
  );
  return (
    <PagedList
      query={query}
      loading={t("proposals.loading")}
      loadError={(detail) => t("proposals.loadError", { detail })}
      empty={filter === "all" ? t("proposals.noneOffchain") : t("proposals.noneOffchainForFilter")}
      onPage={onPage}
    >
      {(data) => (
        <ul className={styles.list} aria-label={t("proposals.offchainTitle")}>
          {data.items.map((proposal) => (
            <OffchainProposalRow key={proposal.id} daoAddress={profile.address} proposal={proposal} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}
