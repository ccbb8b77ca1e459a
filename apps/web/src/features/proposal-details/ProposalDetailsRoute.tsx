import { toProposalState } from "@polity/core/proposalStates";
import { parseProposalId } from "@polity/core/validation/ids";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, Route, Routes, useParams } from "react-router";
import { type Address, isAddress } from "viem";
import { proposalMetadataQuery } from "../../shared/ipfs/daoMetadata.ts";
import { lazyNamed } from "../../shared/ui/lazyNamed.ts";
import { EmptyState, ErrorState, LoadingState } from "../../shared/ui/StateViews.tsx";
import tabStyles from "../../shared/ui/Tabs.module.css";
import { ProposalNotFoundError } from "./api/fetchProposalDetails.ts";
import { AboutProposal } from "./components/AboutProposal.tsx";
import { ActionsPanel } from "./components/ActionsPanel.tsx";
import { fundsDistribution } from "./components/fundsDistribution.ts";
import { ProposalTimeline } from "./components/ProposalTimeline.tsx";
import { QuorumProgress } from "./components/QuorumProgress.tsx";
import { StateBadge } from "./components/StateBadge.tsx";
import { VotingHistory } from "./components/VotingHistory.tsx";
import styles from "./ProposalDetails.module.css";
import { useProposalDetails } from "./useProposalDetails.ts";

/**
 * The comments (editor, list, session) load with the Comments tab, not with the page: most visits
 * read the proposal and vote. Pointing at the tab starts the download.
 */
const loadComments = () => import("../../shared/comments/CommentsSection.tsx");
/** A distribution proposal's claim panel: only proposals that fund a distribution load it. */
const DistributionClaim = lazyNamed(() => import("./components/DistributionClaim.tsx"), "DistributionClaim");
const CommentsSection = lazyNamed(loadComments, "CommentsSection");

/** Wall-clock seconds, ticking with the page's refresh so time-based notices stay right. */
export function useNowSeconds(intervalMs = 15_000): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function ProposalPage({ dao, id }: { dao: Address; id: bigint }) {
  const { t } = useTranslation("proposalDetails");
  const details = useProposalDetails(dao, id);
  const metadata = useQuery(proposalMetadataQuery(details.data?.descriptionUrl || undefined));
  const now = useNowSeconds();
  const shown = details.data;
  const title = metadata.data?.proposalName || t("untitled", { id: id.toString() });
  // The heading and the way back come from the link: they show at once, and the proposal fills
  // them in place (its name replaces "Proposal #N", the DAO's name the generic way back).
  const frame = (body: ReactNode) => (
    <div className={styles.page}>
      <Link to={`/dao/${dao}/proposals`}>
        {shown ? t("backToDao", { name: shown.daoName }) : t("backToProposals")}
      </Link>
      <header className={styles.head}>
        <div>
          <span className="muted">#{id.toString()}</span>
          <h1 className={styles.title} data-testid="proposal-title">
            {title}
          </h1>
        </div>
        {shown && !details.isError ? <StateBadge state={toProposalState(shown.proposal.state)} /> : null}
      </header>
      {body}
    </div>
  );
  if (details.isPending) return frame(<LoadingState label={t("loading")} />);
  if (details.isError) {
    if (details.error instanceof ProposalNotFoundError) return frame(<EmptyState title={t("notFound")} />);
    return frame(<ErrorState message={details.error.message} onRetry={() => void details.refetch()} />);
  }
  const data = details.data;
  const base = `/dao/${dao}/proposals/${id}`;
  const tabs = [
    { to: base, key: "about", end: true },
    { to: `${base}/comments`, key: "comments", end: false },
    { to: `${base}/history`, key: "history", end: false },
  ];
  return frame(
    <>
      {data.indexed !== "ok" ? (
        <p className="muted" role="status" data-testid="indexer-lag">
          {t(data.indexed === "behind" ? "indexerLag" : "indexedUnavailable")}
        </p>
      ) : null}
      <div className={styles.layout}>
        <div className={styles.page}>
          <nav className={tabStyles.tabs} aria-label={t("tabs.label")}>
            {tabs.map((tab) => (
              <NavLink
                key={tab.key}
                to={tab.to}
                end={tab.end}
                className={({ isActive }) => `${tabStyles.compactTab} ${isActive ? tabStyles.activeTab : ""}`}
                {...(tab.key === "comments"
                  ? { onPointerEnter: () => void loadComments(), onFocus: () => void loadComments() }
                  : {})}
              >
                {t(`tabs.${tab.key}`)}
              </NavLink>
            ))}
          </nav>
          <Routes>
            <Route index element={<AboutProposal details={data} />} />
            <Route path="details" element={<AboutProposal details={data} />} />
            <Route
              path="comments"
              element={
                <div className={styles.commentsSlot}>
                  <Suspense fallback={<LoadingState label={t("commentsLoading")} />}>
                    <CommentsSection
                      chainId={data.chainId}
                      dao={dao}
                      pageId={`dao/${dao.toLowerCase()}/proposals/${id}`}
                      access={{
                        power: data.user?.power ?? 0n,
                        isMember:
                          (data.user?.power ?? 0n) > 0n ||
                          (data.user?.walletBalance ?? 0n) > 0n ||
                          (data.user?.depositedNfts.length ?? 0) > 0,
                        ...data.commentSettings,
                      }}
                    />
                  </Suspense>
                </div>
              }
            />
            <Route path="history" element={<VotingHistory details={data} />} />
            <Route path="*" element={<EmptyState title={t("common:notFound.title")} />} />
          </Routes>
        </div>
        <aside className={styles.page}>
          <ActionsPanel details={data} nowSeconds={now} />
          {fundsDistribution(data) ? (
            <Suspense fallback={null}>
              <DistributionClaim details={data} id={id} />
            </Suspense>
          ) : null}
          <QuorumProgress details={data} />
          <ProposalTimeline details={data} />
        </aside>
      </div>
    </>,
  );
}

/** `/dao/:daoAddress/proposals/:proposalId/*`: About, Comments and voting history of one proposal. */
export default function ProposalDetailsRoute() {
  const { t } = useTranslation("proposalDetails");
  const { daoAddress, proposalId } = useParams();
  const id = parseProposalId(proposalId);
  if (!daoAddress || !isAddress(daoAddress) || id === null) {
    return (
      <EmptyState title={t("invalidLink")}>
        <Link to="/">{t("common:nav.backHome")}</Link>
      </EmptyState>
    );
  }
  return <ProposalPage key={`${daoAddress.toLowerCase()}-${id}`} dao={daoAddress} id={id} />;
}
