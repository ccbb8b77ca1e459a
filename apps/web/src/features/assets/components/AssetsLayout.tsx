import type { ComponentType, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useParams } from "react-router";
import { type Address, isAddress } from "viem";
import { useConnection } from "wagmi";
import type { DaoAssets } from "../../../shared/chain/daoAssets.ts";
import { EmptyState, ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import tabStyles from "../../../shared/ui/Tabs.module.css";
import { ConnectPrompt } from "../../../shared/wallet/ConnectPrompt.tsx";
import styles from "../Assets.module.css";
import { useAssets } from "../useAssets.ts";

function Loaded({ dao, children }: { dao: Address; children: (assets: DaoAssets) => ReactNode }) {
  const { t } = useTranslation("assets");
  const assets = useAssets(dao);
  if (assets.isPending) return <LoadingState label={t("loading")} />;
  if (assets.isError)
    return <ErrorState message={assets.error.message} onRetry={() => void assets.refetch()} />;
  const base = `/dao/${dao}`;
  const tabs = [
    { to: `${base}/deposit`, key: "deposit" },
    { to: `${base}/withdraw`, key: "withdraw" },
    { to: `${base}/deposit-treasury`, key: "treasury" },
  ];
  return (
    <div className={styles.page}>
      <Link to={base}>{t("backToDao", { name: assets.data.daoName })}</Link>
      <nav className={tabStyles.tabs} aria-label={t("tabs.label")}>
        {tabs.map((tab) => (
          <NavLink
            key={tab.key}
            to={tab.to}
            className={({ isActive }) => `${tabStyles.compactTab} ${isActive ? tabStyles.activeTab : ""}`}
          >
            {t(`tabs.${tab.key}`)}
          </NavLink>
        ))}
      </nav>
      {children(assets.data)}
    </div>
  );
}

/** The DAO's assets loaded for a terminal, with the wallet connected. */
export function AssetsLayout({ children }: { children: (assets: DaoAssets) => ReactNode }) {
  const { t } = useTranslation("assets");
  const { daoAddress } = useParams();
  const { address } = useConnection();
  if (!daoAddress || !isAddress(daoAddress)) return <EmptyState title={t("invalidAddress")} />;
  if (!address) {
    return <ConnectPrompt title={t("connect")} />;
  }
  return <Loaded dao={daoAddress}>{children}</Loaded>;
}

/** The route of an assets terminal: the terminal inside the assets layout. */
export function assetsRoute(Terminal: ComponentType<{ assets: DaoAssets }>) {
  return function AssetsRoute() {
    return <AssetsLayout>{(assets) => <Terminal assets={assets} />}</AssetsLayout>;
  };
}
