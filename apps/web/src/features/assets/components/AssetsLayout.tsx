import type { ComponentProps, ComponentType, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, useParams } from "react-router";
import { type Address, isAddress } from "viem";
import { useConnection } from "wagmi";
import type { DaoAssets } from "../../../shared/chain/daoAssets.ts";
import { DaoSubpage } from "../../../shared/ui/DaoSubpage.tsx";
import { EmptyState, ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import tabStyles from "../../../shared/ui/Tabs.module.css";
import { ConnectPrompt } from "../../../shared/wallet/ConnectPrompt.tsx";
import styles from "../Assets.module.css";
import { useAssets } from "../useAssets.ts";

/** An assets page in any state, with the way back to the DAO and its heading. */
function AssetsPage(props: Omit<ComponentProps<typeof DaoSubpage>, "namespace" | "className">) {
  return <DaoSubpage {...props} namespace="assets" className={styles.page} />;
}

function Loaded({
  dao,
  title,
  children,
}: {
  dao: Address;
  title: string;
  children: (assets: DaoAssets) => ReactNode;
}) {
  const { t } = useTranslation("assets");
  const assets = useAssets(dao);
  if (assets.isPending)
    return (
      <AssetsPage dao={dao} title={title}>
        <LoadingState label={t("loading")} />
      </AssetsPage>
    );
  if (assets.isError)
    return (
      <AssetsPage dao={dao} title={title}>
        <ErrorState message={assets.error.message} onRetry={() => void assets.refetch()} />
      </AssetsPage>
    );
  const base = `/dao/${dao}`;
  const tabs = [
    { to: `${base}/deposit`, key: "deposit" },
    { to: `${base}/withdraw`, key: "withdraw" },
    { to: `${base}/deposit-treasury`, key: "treasury" },
  ];
  return (
    <AssetsPage dao={dao} daoName={assets.data.daoName}>
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
    </AssetsPage>
  );
}

/** The heading of each assets terminal, shown while it cannot be (no wallet, loading, failed). */
export type AssetsTitleKey = "deposit.title" | "withdraw.title" | "treasury.title";

/** The DAO's assets loaded for a terminal, with the wallet connected. */
export function AssetsLayout({
  titleKey,
  children,
}: {
  titleKey: AssetsTitleKey;
  children: (assets: DaoAssets) => ReactNode;
}) {
  const { t } = useTranslation("assets");
  const { daoAddress } = useParams();
  const { address } = useConnection();
  const title = t(titleKey);
  if (!daoAddress || !isAddress(daoAddress))
    return (
      <AssetsPage dao={daoAddress ?? ""} title={title}>
        <EmptyState title={t("invalidAddress")} />
      </AssetsPage>
    );
  if (!address) {
    return (
      <AssetsPage dao={daoAddress} title={title}>
        <ConnectPrompt title={t("connect")} />
      </AssetsPage>
    );
  }
  return (
    <Loaded dao={daoAddress} title={title}>
      {children}
    </Loaded>
  );
}

/** The route of an assets terminal: the terminal inside the assets layout. */
export function assetsRoute(Terminal: ComponentType<{ assets: DaoAssets }>, titleKey: AssetsTitleKey) {
  return function AssetsRoute() {
    return <AssetsLayout titleKey={titleKey}>{(assets) => <Terminal assets={assets} />}</AssetsLayout>;
  };
}
