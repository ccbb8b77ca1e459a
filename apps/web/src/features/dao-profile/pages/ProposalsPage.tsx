import {
  onchainStatesForUiFilter,
  toProposalState,
  UI_PROPOSAL_FILTER_LABEL_KEYS,
  UI_PROPOSAL_FILTERS,
  type UiProposalFilter,
} from "@polity/core/proposalStates";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { EmptyState } from "../../../shared/ui/StateViews.tsx";
import type { DaoProfile, ProposalView } from "../api/fetchDaoProfile.ts";
import { ProposalRow } from "../components/ProposalRow.tsx";
import styles from "../DaoProfile.module.css";

function isFilter(value: string | null): value is UiProposalFilter {
  return value !== null && (UI_PROPOSAL_FILTERS as readonly string[]).includes(value);
}

export function filterProposals(
  proposals: readonly ProposalView[],
  filter: UiProposalFilter,
): ProposalView[] {
  const states = onchainStatesForUiFilter(filter);
  return proposals.filter((p) => states.includes(toProposalState(p.state)));
}

export function ProposalList({
  profile,
  proposals,
}: {
  profile: DaoProfile;
  proposals: readonly ProposalView[];
}) {
  return (
    <ul className={styles.list} aria-label="Proposals">
      {proposals.map((proposal) => (
        <ProposalRow
          key={proposal.id.toString()}
          daoAddress={profile.address}
          proposal={proposal}
          descriptionUrl={profile.proposalDescriptions[proposal.id.toString()]}
          decimals={profile.token?.decimals ?? 18}
          totalPower={profile.totalPower}
        />
      ))}
    </ul>
  );
}

export function ProposalsPage({ profile }: { profile: DaoProfile }) {
  const { t } = useTranslation("daoProfile");
  const [params, setParams] = useSearchParams();
  const raw = params.get("filter");
  const filter: UiProposalFilter = isFilter(raw) ? raw : "all";
  const visible = filterProposals(profile.proposals, filter);
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
            onClick={() => setParams(key === "all" ? {} : { filter: key }, { replace: true })}
          >
            {t(UI_PROPOSAL_FILTER_LABEL_KEYS[key], { ns: "core" })}
          </button>
        ))}
      </fieldset>
      {visible.length === 0 ? (
        <EmptyState
          title={profile.proposals.length === 0 ? t("proposals.none") : t("proposals.noneForFilter")}
        />
      ) : (
        <ProposalList profile={profile} proposals={visible} />
      )}
      {profile.latestProposalId > BigInt(profile.proposals.length) ? (
        <p className="muted">{t("proposals.window", { count: profile.proposals.length })}</p>
      ) : null}
    </section>
  );
}
