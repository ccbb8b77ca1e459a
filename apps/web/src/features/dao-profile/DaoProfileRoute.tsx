import { getChain } from "@polity/core/chains";
import { deployments } from "@polity/core/generated/deployments";
import { type ComponentType, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, NavLink, Route, Routes, useParams } from "react-router";
import { type Address, isAddress } from "viem";
import { buttonClassName } from "../../shared/ui/Button.tsx";
import { lazyNamed } from "../../shared/ui/lazyNamed.ts";
import { EmptyState, ErrorState, LoadingState } from "../../shared/ui/StateViews.tsx";
import tabStyles from "../../shared/ui/Tabs.module.css";
import { useSelectedChainId } from "../../shared/wallet/selectedChain.ts";
import { DaoNotFoundError, type DaoProfile } from "./api/fetchDaoProfile.ts";
import { DaoHeader, DaoHeaderPlaceholder } from "./components/DaoHeader.tsx";
import styles from "./DaoProfile.module.css";
import { OverviewPage } from "./pages/OverviewPage.tsx";
import { useDaoProfile } from "./useDaoProfile.ts";

// The overview comes with the page; every other tab downloads when it is opened.
const DelegationsPage = lazyNamed(() => import("./pages/DelegationsPage.tsx"), "DelegationsPage");
const MembersPage = lazyNamed(() => import("./pages/MembersPage.tsx"), "MembersPage");
const MyBalancePage = lazyNamed(() => import("./pages/MyBalancePage.tsx"), "MyBalancePage");
const ProposalsPage = lazyNamed(() => import("./pages/ProposalsPage.tsx"), "ProposalsPage");
const TokenSalesPage = lazyNamed(() => import("./pages/TokenSalesPage.tsx"), "TokenSalesPage");
const TreasuryPage = lazyNamed(() => import("./pages/TreasuryPage.tsx"), "TreasuryPage");
const ValidatorsPage = lazyNamed(() => import("./pages/ValidatorsPage.tsx"), "ValidatorsPage");
const VotingRulesPage = lazyNamed(() => import("./pages/VotingRulesPage.tsx"), "VotingRulesPage");

const TABS = [
  { to: "", key: "overview", end: true },
  { to: "proposals", key: "proposals" },
  { to: "my-balance", key: "myBalance" },
  { to: "treasury", key: "treasury" },
  { to: "token-sales", key: "tokenSales" },
  { to: "validators", key: "validators" },
  { to: "delegations", key: "delegations" },
  { to: "members/all", key: "members" },
  { to: "voting-rules", key: "votingRules" },
] as const;

/**
 * A section another feature adds to the profile (the app shell composes them): its tab, after the
 * token sales, labelled by `tabs.<key>`, and its page at `<segment>`.
 */
export interface ProfileSection {
  segment: string;
  key: string;
  Section: ComponentType<{ dao: Address }>;
}

/**
 * The profile's frame (header, actions, tabs) comes from the link: it shows while the DAO loads,
 * with the header's room held and its heading saying the DAO is loading, and the DAO fills it in.
 */
function Profile({
  address,
  chainName,
  profile,
  sections,
}: {
  address: Address;
  chainName: string;
  profile: DaoProfile | undefined;
  sections: readonly ProfileSection[];
}) {
  const { t } = useTranslation("daoProfile");
  const base = `/dao/${address}`;
  const at = TABS.findIndex((tab) => tab.key === "tokenSales") + 1;
  const tabs = [
    ...TABS.slice(0, at),
    ...sections.map((s) => ({ to: s.segment, key: s.key })),
    ...TABS.slice(at),
  ];
  return (
    <>
      {profile ? <DaoHeader profile={profile} /> : <DaoHeaderPlaceholder chainName={chainName} />}
      <nav className={styles.actions} aria-label={t("actions.label")}>
        <Link className={buttonClassName("primary")} to={`${base}/create-proposal`}>
          {t("actions.createProposal")}
        </Link>
        <Link className={buttonClassName("secondary")} to={`${base}/create-offchain`}>
          {t("actions.createOffchain")}
        </Link>
      </nav>
      <nav className={styles.tabs} aria-label={t("tabs.label")}>
        {tabs.map((tab) => (
          <NavLink
            key={tab.key}
            to={tab.to ? `${base}/${tab.to}` : base}
            end={"end" in tab ? tab.end : tab.key !== "members"}
            className={({ isActive }) => `${styles.tab} ${isActive ? tabStyles.activeTab : ""}`}
          >
            {t(`tabs.${tab.key}`)}
          </NavLink>
        ))}
      </nav>
      {profile ? (
        <Suspense fallback={<LoadingState />}>
          <Routes>
            <Route index element={<OverviewPage profile={profile} />} />
            <Route path="proposals/*" element={<ProposalsPage profile={profile} />} />
            <Route path="my-balance" element={<MyBalancePage profile={profile} />} />
            <Route path="treasury" element={<TreasuryPage profile={profile} />} />
            <Route path="token-sales" element={<TokenSalesPage profile={profile} />} />
            <Route path="validators" element={<ValidatorsPage profile={profile} />} />
            <Route path="delegations" element={<DelegationsPage profile={profile} />} />
            <Route path="members" element={<Navigate to="all" replace />} />
            <Route path="members/:filter" element={<MembersPage profile={profile} />} />
            <Route path="voting-rules" element={<VotingRulesPage profile={profile} />} />
            {sections.map(({ segment, Section }) => (
              <Route key={segment} path={segment} element={<Section dao={profile.address} />} />
            ))}
            <Route
              path="*"
              element={
                <EmptyState title={t("common:notFound.title")}>
                  <Link to={base}>{t("backToDao")}</Link>
                </EmptyState>
              }
            />
          </Routes>
        </Suspense>
      ) : (
        <LoadingState label={t("loading")} />
      )}
    </>
  );
}

function LoadedProfile({ address, sections }: { address: Address; sections: readonly ProfileSection[] }) {
  const { t } = useTranslation("daoProfile");
  const chainId = useSelectedChainId();
  const profile = useDaoProfile(address);
  const chainName = getChain(chainId).name;
  if (!deployments[chainId] && chainId !== 31337) {
    return <EmptyState title={t("notDeployed", { chain: chainName })} />;
  }
  if (profile.isError) {
    if (profile.error instanceof DaoNotFoundError) {
      return (
        <EmptyState title={t("notFound", { chain: chainName })}>
          <Link to="/">{t("common:nav.backHome")}</Link>
        </EmptyState>
      );
    }
    return <ErrorState message={profile.error.message} onRetry={() => void profile.refetch()} />;
  }
  return <Profile address={address} chainName={chainName} profile={profile.data} sections={sections} />;
}

/** `/dao/:daoAddress/*`: the DAO profile and its sub-pages. */
export default function DaoProfileRoute({ sections = [] }: { sections?: readonly ProfileSection[] }) {
  const { t } = useTranslation("daoProfile");
  const { daoAddress } = useParams();
  if (!daoAddress || !isAddress(daoAddress)) {
    return (
      <EmptyState title={t("invalidAddress")}>
        <Link to="/">{t("common:nav.backHome")}</Link>
      </EmptyState>
    );
  }
  return <LoadedProfile key={daoAddress.toLowerCase()} address={daoAddress} sections={sections} />;
}
