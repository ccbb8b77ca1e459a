import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { zeroAddress } from "viem";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import { buttonClassName } from "../../../shared/ui/Button.tsx";
import { DataTable } from "../../../shared/ui/DataTable.tsx";
import { lazyNamed } from "../../../shared/ui/lazyNamed.ts";
import { ConnectPrompt } from "../../../shared/wallet/ConnectPrompt.tsx";
import type { DaoProfile } from "../api/fetchDaoProfile.ts";
import { daoUnit } from "../components/format.ts";
import styles from "../DaoProfile.module.css";

// The multiplier panel reads its collection and sends lock/unlock: it loads with this tab, not with the profile.
const MultiplierPanel = lazyNamed(() => import("../components/MultiplierPanel.tsx"), "MultiplierPanel");

const VOTE_KINDS = ["personal", "micropool", "delegated", "treasury"] as const;

export function MyBalancePage({ profile }: { profile: DaoProfile }) {
  const { t } = useTranslation("daoProfile");
  const user = profile.user;
  if (!user) {
    return <ConnectPrompt title={t("balance.connect")} />;
  }
  const base = `/dao/${profile.address}`;
  const unit = daoUnit(profile);
  const cards = [
    {
      label: t("balance.wallet"),
      value: tokenAmount(user.walletBalance, unit),
      id: "wallet",
    },
    {
      label: t("balance.deposited"),
      value: tokenAmount(user.deposited, unit),
      id: "deposited",
    },
    { label: t("balance.locked"), value: tokenAmount(user.locked, unit), id: "locked" },
    {
      label: t("balance.withdrawable"),
      value: tokenAmount(user.withdrawable, unit),
      id: "withdrawable",
    },
    ...(profile.nft
      ? [
          { label: t("balance.depositedNfts"), value: String(user.depositedNfts.length), id: "nfts" },
          {
            label: t("balance.withdrawableNfts"),
            value: String(user.withdrawableNfts.length),
            id: "withdrawable-nfts",
          },
        ]
      : []),
  ];
  return (
    <section className={styles.section}>
      <h2>{t("balance.title")}</h2>
      <dl className={styles.grid}>
        {cards.map((card) => (
          <div key={card.id} className={styles.card} data-testid={`balance-${card.id}`}>
            <dt>{card.label}</dt>
            <dd>{card.value}</dd>
          </div>
        ))}
      </dl>
      <nav className={styles.actions} aria-label={t("balance.actions.label")}>
        <Link className={buttonClassName("primary")} to={`${base}/deposit`}>
          {t("balance.actions.deposit")}
        </Link>
        <Link className={buttonClassName("secondary")} to={`${base}/withdraw`}>
          {t("balance.actions.withdraw")}
        </Link>
        <Link className={buttonClassName("secondary")} to={`${base}/claim`}>
          {t("balance.actions.claim")}
        </Link>
      </nav>
      <h3>{t("balance.powerTitle")}</h3>
      <DataTable
        columns={[t("balance.voteType"), t("balance.tokenPower"), t("balance.nftPower"), t("balance.total")]}
      >
        {VOTE_KINDS.map((kind) => {
          const view = user.votingPower[kind];
          const tokenPower = view?.power ?? 0n;
          const nftPower = view?.nftPower ?? 0n;
          return (
            <tr key={kind} data-testid={`power-${kind}`}>
              <th scope="row">{t(`balance.kinds.${kind}`)}</th>
              <td>{tokenAmount(tokenPower, unit)}</td>
              <td>{tokenAmount(nftPower, unit)}</td>
              <td>{tokenAmount(tokenPower + nftPower, unit)}</td>
            </tr>
          );
        })}
      </DataTable>
      {profile.nftContracts.nftMultiplier !== zeroAddress ? (
        <Suspense fallback={null}>
          <MultiplierPanel dao={profile.address} user={user.address} token={unit} />
        </Suspense>
      ) : null}
      <p className="muted">
        {[user.isExpert ? t("balance.isExpert") : null, user.isValidator ? t("balance.isValidator") : null]
          .filter(Boolean)
          .join(" · ")}
      </p>
    </section>
  );
}
