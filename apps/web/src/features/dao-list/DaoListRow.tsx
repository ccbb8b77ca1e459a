import { formatTokenAmount, formatUsd } from "@polity/core/format/number";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TopPool } from "../../shared/tracker/trackerApi.ts";
import { DaoAvatar } from "../../shared/ui/DaoAvatar.tsx";
import styles from "./DaoListPage.module.css";

interface DaoListRowProps {
  pool: TopPool;
  /** A figure specific to the tab (e.g. the user's voting power), shown last. */
  extra?: { label: string; value: string };
  /** Follow toggle, for a signed-in user: followed DAOs are pinned at the top of the list. */
  follow?: { isFollowing: boolean; onToggle(): void; isBusy: boolean };
}

export function DaoListRow({ pool, extra, follow }: DaoListRowProps) {
  const { t } = useTranslation("daoList");
  return (
    <li className={styles.item}>
      {follow ? (
        <button
          type="button"
          className={styles.followButton}
          aria-pressed={follow.isFollowing}
          aria-label={t(follow.isFollowing ? "follow.unfollow" : "follow.follow", { name: pool.name })}
          title={t(follow.isFollowing ? "follow.unfollow" : "follow.follow", { name: pool.name })}
          onClick={follow.onToggle}
          disabled={follow.isBusy}
        >
          {follow.isFollowing ? "★" : "☆"}
        </button>
      ) : null}
      <Link
        to={`/dao/${pool.pool_address}`}
        className={follow ? `${styles.row} ${styles.followable}` : styles.row}
        data-testid="dao-row"
      >
        <DaoAvatar name={pool.name} descriptionUrl={pool.description_url} />
        <div style={{ minWidth: 0 }}>
          <div className={styles.name}>{pool.name}</div>
          <div className={styles.sub}>
            {pool.gov_token_symbol ? <span>{pool.gov_token_symbol}</span> : null}
            {pool.is_member ? <span className={styles.member}>{t("member")}</span> : null}
            {follow?.isFollowing ? <span className={styles.member}>{t("follow.following")}</span> : null}
          </div>
        </div>
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>{t("columns.tvl")}</dt>
            <dd>{formatUsd(pool.tvl_usd)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>{t("columns.tvg")}</dt>
            <dd>{formatUsd(pool.tvg_usd)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>{t("columns.members")}</dt>
            <dd>{formatTokenAmount(pool.total_members_count)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>{t("columns.proposals")}</dt>
            <dd>
              {t("proposalCounts", {
                active: pool.active_proposals_count,
                total: pool.total_proposals_count,
              })}
            </dd>
          </div>
          <div className={styles.figure}>
            {extra ? (
              <>
                <dt>{extra.label}</dt>
                <dd>{extra.value}</dd>
              </>
            ) : (
              <>
                <dt>{t("columns.lau")}</dt>
                <dd>{formatTokenAmount(pool.lau)}</dd>
              </>
            )}
          </div>
        </dl>
      </Link>
    </li>
  );
}
