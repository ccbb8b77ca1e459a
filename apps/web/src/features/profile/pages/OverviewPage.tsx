import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { Address } from "viem";
import { formatPower, useMemberDaos } from "../../../shared/profile/memberDaos.ts";
import { followingQuery } from "../../../shared/profile/profileApi.ts";
import { retryNow, TrackerUnavailableError } from "../../../shared/tracker/availability.ts";
import { DaoAvatar } from "../../../shared/ui/DaoAvatar.tsx";
import { EmptyState, ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import { useSelectedChainId } from "../../../shared/wallet/selectedChain.ts";
import { expertBadgesQuery, outgoingDelegationsQuery } from "../api/profileQueries.ts";
import { type ProfileModal, ProfileModals } from "../components/ProfileModals.tsx";
import styles from "../Profile.module.css";

const MODALS: readonly ProfileModal[] = ["dao-pools", "dao-proposals", "following", "comments"];

/** The overview tab: the address's figures (each opening its modal) and its DAOs with its power in each. */
export function OverviewPage({ address }: { address: Address }) {
  const { t } = useTranslation("profile");
  const chainId = useSelectedChainId();
  const [params, setParams] = useSearchParams();
  const { daos, powers, comments: commentActivity } = useMemberDaos(chainId, address, 1);
  const items = daos.data?.items ?? [];
  const badges = useQuery(expertBadgesQuery(chainId, address)).data ?? [];
  const comments = (commentActivity.data ?? []).filter((c) => c.chain_id === chainId);
  const delegations = useQuery(outgoingDelegationsQuery(chainId, address)).data;
  const following = useQuery(followingQuery(address, chainId)).data ?? [];

  const modalParam = params.get("modal");
  const modal = MODALS.find((m) => m === modalParam) ?? null;
  function openModal(next: ProfileModal | null) {
    const merged = new URLSearchParams(params);
    if (next) merged.set("modal", next);
    else merged.delete("modal");
    setParams(merged, { replace: true });
  }

  const sum = (pick: (pool: (typeof items)[number]) => number) =>
    items.reduce((n, pool) => n + pick(pool), 0);
  const stats: { id: string; label: string; value: number; modal?: ProfileModal }[] = [
    { id: "daos", label: t("stats.daos"), value: daos.data?.total ?? 0, modal: "dao-pools" },
    {
      id: "proposals",
      label: t("stats.proposalsCreated"),
      value: sum((p) => p.user_proposals_count),
      modal: "dao-proposals",
    },
    { id: "votes", label: t("stats.votes"), value: sum((p) => p.user_votes_count), modal: "dao-proposals" },
    {
      id: "comments",
      label: t("stats.comments"),
      value: comments.reduce((n, c) => n + c.comments_count, 0),
      modal: "comments",
    },
    { id: "following", label: t("stats.following"), value: following.length, modal: "following" },
    { id: "delegations", label: t("stats.delegations"), value: delegations?.total ?? 0 },
  ];
  const badgeOf = (pool: string) => badges.find((b) => b.is_global || b.pool_address === pool);
  const nameOf = (pool: string | null) => items.find((p) => p.pool_address === pool)?.name ?? pool ?? "";

  return (
    <section className={styles.page} aria-label={t("tabs.overview")}>
      <div className={styles.stats}>
        {stats.map((stat) => {
          const body = (
            <>
              <span className="muted">{stat.label}</span>
              <span className={styles.statValue} data-testid={`stat-${stat.id}`}>
                {stat.value}
              </span>
            </>
          );
          return stat.modal ? (
            <button
              key={stat.id}
              type="button"
              className={styles.stat}
              onClick={() => openModal(stat.modal ?? null)}
            >
              {body}
            </button>
          ) : (
            <div key={stat.id} className={styles.stat}>
              {body}
            </div>
          );
        })}
      </div>

      <section className={styles.badges} aria-label={t("stats.badges")}>
        {badges.length === 0 ? <span className="muted">{t("badges.none")}</span> : null}
        {badges.map((badge) => (
          <span key={badge.nft_address} className={styles.pill} data-testid="expert-badge">
            {badge.is_global ? t("badges.global") : t("badges.local", { dao: nameOf(badge.pool_address) })}
          </span>
        ))}
      </section>

      <h2>{t("daos.title")}</h2>
      {daos.isPending ? (
        <LoadingState label={t("daos.loading")} />
      ) : daos.isError ? (
        <ErrorState
          message={daos.error instanceof TrackerUnavailableError ? t("daos.unavailable") : daos.error.message}
          onRetry={() => {
            retryNow("ActivityGovPools");
            void daos.refetch();
          }}
        />
      ) : items.length === 0 ? (
        <EmptyState title={t("daos.empty")} />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t("daos.name")}</th>
                <th scope="col" className={styles.num}>
                  {t("daos.power")}
                </th>
                <th scope="col" className={styles.num}>
                  {t("daos.created")}
                </th>
                <th scope="col" className={styles.num}>
                  {t("daos.voted")}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((pool) => {
                const power = powers.data?.get(pool.pool_address);
                const badge = badgeOf(pool.pool_address);
                return (
                  <tr key={pool.pool_address} data-testid="profile-dao">
                    <td>
                      <Link
                        to={`/dao/${pool.pool_address}`}
                        style={{ display: "inline-flex", gap: 8, alignItems: "center" }}
                      >
                        <DaoAvatar name={pool.name} descriptionUrl={pool.description_url} size={28} />
                        {pool.name}
                      </Link>
                      {badge ? (
                        <>
                          {" "}
                          <span className={styles.pill}>
                            {badge.is_global ? t("badges.global") : t("stats.badges")}
                          </span>
                        </>
                      ) : null}
                    </td>
                    <td className={styles.num} data-testid="profile-dao-power">
                      {power === undefined ? "…" : formatPower(power, pool)}
                    </td>
                    <td className={styles.num}>{pool.user_proposals_count}</td>
                    <td className={styles.num}>{pool.user_votes_count}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <ProfileModals
        modal={modal}
        onClose={() => openModal(null)}
        address={address}
        chainId={chainId}
        daos={items}
        following={following}
        comments={comments}
      />
    </section>
  );
}
