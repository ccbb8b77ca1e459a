import { offchainStatusLabelKey } from "@polity/core/proposalStates";
import { useTranslation } from "react-i18next";
import { Link, Route, Routes, useParams } from "react-router";
import type { Address } from "viem";
import { EmptyState, ErrorState, LoadingState } from "../../shared/ui/StateViews.tsx";
import { CreateOffchainProposalForm } from "./components/CreateOffchainProposalForm.tsx";
import { OffchainProposalView } from "./components/OffchainProposalView.tsx";
import { SignInNotice } from "./components/SignInNotice.tsx";
import { TemplateForm } from "./components/TemplateForm.tsx";
import { apiErrorMessage } from "./lib/apiErrorMessage.ts";
import { templateToValues } from "./lib/template.ts";
import styles from "./offchain.module.css";
import { useOffchainContext } from "./useOffchainContext.ts";
import { useOffchainProposals, useProposalType, useProposalTypes } from "./useOffchainData.ts";

type Ctx = { chainId: number; pool: Address };

function Home(ctx: Ctx) {
  const { t } = useTranslation("offchain");
  const types = useProposalTypes(ctx);
  const proposals = useOffchainProposals(ctx);
  // The page keeps its heading while the types load or when they cannot.
  if (types.isPending || types.isError)
    return (
      <section className={styles.card}>
        <h1>{t("home.title")}</h1>
        {types.isPending ? (
          <LoadingState label={t("home.loading")} />
        ) : (
          <ErrorState message={apiErrorMessage(types.error)} onRetry={() => void types.refetch()} />
        )}
      </section>
    );
  const base = `/dao/${ctx.pool}/create-offchain`;
  return (
    <>
      <section className={styles.card}>
        <h1>{t("home.title")}</h1>
        <p className={styles.muted}>{t("home.intro")}</p>
        <div className={styles.grid}>
          {types.data
            .filter((type) => !type.is_built_in)
            .map((type) => (
              <Link key={type.name} className={styles.item} to={`${base}/${encodeURIComponent(type.name)}`}>
                <strong>{type.title || type.name}</strong>
                <span className={styles.muted}>{t(`votingTypes.${type.voting_type}`)}</span>
              </Link>
            ))}
          <Link className={styles.item} to={`${base}/new-template`}>
            <strong>{t("home.newTemplate")}</strong>
            <span className={styles.muted}>{t("home.newTemplateHint")}</span>
          </Link>
          <Link className={styles.item} to={`${base}/change-settings`}>
            <strong>{t("home.changeSettings")}</strong>
            <span className={styles.muted}>{t("home.changeSettingsHint")}</span>
          </Link>
        </div>
      </section>
      <section className={styles.card} aria-label={t("home.proposals")}>
        <h2>{t("home.proposals")}</h2>
        {proposals.data?.length === 0 ? <p className={styles.muted}>{t("home.noProposals")}</p> : null}
        <ul className={styles.list}>
          {proposals.data?.map((p) => (
            <li key={p.id}>
              <Link className={styles.item} to={`${base}/proposal/${p.id}`}>
                <strong>{p.title}</strong>
                <span className={styles.muted}>
                  {p.type} · {t(offchainStatusLabelKey(p.status))}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function ChangeSettingsChooser(ctx: Ctx) {
  const { t } = useTranslation("offchain");
  const types = useProposalTypes(ctx);
  if (types.isPending) return <LoadingState />;
  if (types.isError) return <ErrorState message={apiErrorMessage(types.error)} />;
  return (
    <section className={styles.card}>
      <h2>{t("home.changeSettings")}</h2>
      <div className={styles.grid}>
        {types.data.map((type) => (
          <Link
            key={type.name}
            className={styles.item}
            to={`/dao/${ctx.pool}/create-offchain/change-settings/${encodeURIComponent(type.name)}`}
          >
            <strong>{type.title || type.name}</strong>
            <span className={styles.muted}>{t(`votingTypes.${type.voting_type}`)}</span>
          </Link>
        ))}
      </div>
    </section>
  );
}

function useTypeParam(ctx: Ctx) {
  const { offChainProposalType = "" } = useParams();
  return useProposalType(ctx, offChainProposalType);
}

function EditTemplate(ctx: Ctx) {
  const type = useTypeParam(ctx);
  if (type.isPending) return <LoadingState />;
  if (type.isError) return <ErrorState message={apiErrorMessage(type.error)} />;
  return (
    <TemplateForm
      key={type.data.name}
      chainId={ctx.chainId}
      pool={ctx.pool}
      initial={templateToValues(type.data.parameters)}
    />
  );
}

function CreateWithType(ctx: Ctx) {
  const type = useTypeParam(ctx);
  if (type.isPending) return <LoadingState />;
  if (type.isError) return <ErrorState message={apiErrorMessage(type.error)} />;
  return (
    <CreateOffchainProposalForm key={type.data.name} chainId={ctx.chainId} pool={ctx.pool} type={type.data} />
  );
}

function ProposalPage(ctx: Ctx & { account: Address | undefined; isSignedIn: boolean }) {
  const { proposalId = "" } = useParams();
  return <OffchainProposalView {...ctx} id={proposalId} />;
}

/** `/dao/:daoAddress/create-offchain/*`: templates, proposals, voting and results of off-chain governance. */
export default function OffchainRoute() {
  const { t } = useTranslation("offchain");
  const { pool, chainId, address, isSignedIn } = useOffchainContext();
  if (!pool) return <EmptyState title={t("home.invalidAddress")} />;
  const ctx = { chainId, pool };
  const needsSession = (element: React.ReactNode) =>
    address && isSignedIn ? element : <SignInNotice isConnected={Boolean(address)} />;
  return (
    <div className={styles.page}>
      {/* Every off-chain page leads back to its DAO. */}
      <Link to={`/dao/${pool}`} data-testid="back-to-dao">
        {t("backToDao")}
      </Link>
      <Routes>
        <Route index element={<Home {...ctx} />} />
        <Route path="new-template" element={needsSession(<TemplateForm chainId={chainId} pool={pool} />)} />
        <Route path="change-settings" element={<ChangeSettingsChooser {...ctx} />} />
        <Route
          path="change-settings/:offChainProposalType"
          element={needsSession(<EditTemplate {...ctx} />)}
        />
        <Route
          path="proposal/:proposalId"
          element={<ProposalPage {...ctx} account={address} isSignedIn={isSignedIn} />}
        />
        <Route path=":offChainProposalType" element={needsSession(<CreateWithType {...ctx} />)} />
      </Routes>
    </div>
  );
}
