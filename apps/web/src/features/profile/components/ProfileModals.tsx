import { formatUsd } from "@polity/core/format/number";
import type { CommentActivityRecord } from "@polity/core/records/profile";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Address } from "viem";
import { shortAddress } from "../../../shared/format/shortAddress.ts";
import { proposalPath } from "../../../shared/routes/proposalPath.ts";
import type { UserActivityPool } from "../../../shared/tracker/trackerApi.ts";
import { fieldStyles } from "../../../shared/ui/Field.tsx";
import { Modal } from "../../../shared/ui/Modal.tsx";
import { EmptyState, ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import { pinnedPoolsQuery, userProposalsQuery } from "../api/profileQueries.ts";
import styles from "../Profile.module.css";

// The comments modal brings the discussion's comment component: it loads when opened.
const ProfileComments = lazy(() => import("./ProfileComments.tsx"));

/** The profile's modals (spec section 2), opened from the overview's figures. */
export type ProfileModal = "dao-proposals" | "dao-pools" | "following" | "comments";

interface ProfileModalsProps {
  modal: ProfileModal | null;
  onClose(): void;
  address: Address;
  chainId: number;
  daos: UserActivityPool[];
  following: Address[];
  comments: CommentActivityRecord[];
}

export function ProfileModals({
  modal,
  onClose,
  address,
  chainId,
  daos,
  following,
  comments,
}: ProfileModalsProps) {
  const { t } = useTranslation("profile");
  const titles: Record<ProfileModal, string> = {
    "dao-pools": t("modals.daoPools"),
    "dao-proposals": t("modals.daoProposals"),
    following: t("modals.following"),
    comments: t("modals.comments"),
  };
  return (
    <Modal
      isOpen={modal !== null}
      onOpenChange={(open) => !open && onClose()}
      title={modal ? titles[modal] : ""}
    >
      {modal === "dao-pools" ? <DaoPools daos={daos} /> : null}
      {modal === "dao-proposals" ? <DaoProposals address={address} chainId={chainId} daos={daos} /> : null}
      {modal === "following" ? <Following chainId={chainId} pools={following} /> : null}
      {modal === "comments" ? (
        <Suspense fallback={<LoadingState />}>
          <ProfileComments comments={comments} daos={daos} address={address} chainId={chainId} />
        </Suspense>
      ) : null}
    </Modal>
  );
}

function DaoPools({ daos }: { daos: UserActivityPool[] }) {
  const { t } = useTranslation("profile");
  if (daos.length === 0) return <EmptyState title={t("daos.empty")} />;
  return (
    <ul className={styles.modalList} data-testid="modal-dao-pools">
      {daos.map((pool) => (
        <li key={pool.pool_address}>
          <Link to={`/dao/${pool.pool_address}`}>{pool.name}</Link>
          <span className="muted">{formatUsd(pool.tvl_usd)}</span>
        </li>
      ))}
    </ul>
  );
}

function DaoProposals({
  address,
  chainId,
  daos,
}: {
  address: Address;
  chainId: number;
  daos: UserActivityPool[];
}) {
  const { t } = useTranslation("profile");
  const [pool, setPool] = useState<Address | undefined>(daos[0]?.pool_address);
  const proposals = useQuery({
    ...userProposalsQuery(chainId, pool ?? address, address),
    enabled: Boolean(pool),
  });
  if (!pool) return <EmptyState title={t("daos.empty")} />;
  const rows = (proposals.data?.items ?? []).filter((p) => p.user_is_creator || p.user_has_voted);
  return (
    <div data-testid="modal-dao-proposals">
      <DaoChooser
        id="profile-proposals-dao"
        value={pool}
        onChange={setPool}
        options={daos.map((dao) => ({ pool: dao.pool_address, label: dao.name }))}
      />
      {proposals.isPending ? (
        <LoadingState />
      ) : proposals.isError ? (
        <ErrorState message={proposals.error.message} onRetry={() => void proposals.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title={t("modals.noProposals")} />
      ) : (
        <ul className={styles.modalList}>
          {rows.map((p) => (
            <li key={p.proposal_id}>
              <Link to={proposalPath(pool, BigInt(p.proposal_id))}>
                {t("modals.proposal", { id: p.proposal_id })}
              </Link>
              <span className="muted">
                {[p.user_is_creator ? t("modals.creator") : null, p.user_has_voted ? t("modals.voter") : null]
                  .filter(Boolean)
                  .join(" · ")}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Following({ chainId, pools }: { chainId: number; pools: Address[] }) {
  const { t } = useTranslation("profile");
  const named = useQuery(pinnedPoolsQuery(chainId, pools));
  if (pools.length === 0) return <EmptyState title={t("modals.noFollowing")} />;
  const nameOf = (pool: string) => named.data?.find((p) => p.pool_address === pool)?.name;
  return (
    <ul className={styles.modalList} data-testid="modal-following">
      {pools.map((pool) => (
        <li key={pool}>
          <Link to={`/dao/${pool}`}>{nameOf(pool) ?? shortAddress(pool)}</Link>
        </li>
      ))}
    </ul>
  );
}

/** The DAO a modal shows the address's records in. */
export function DaoChooser({
  id,
  value,
  onChange,
  options,
}: {
  id: string;
  value: Address;
  onChange(pool: Address): void;
  options: { pool: Address; label: string }[];
}) {
  const { t } = useTranslation("profile");
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {t("modals.chooseDao")}
      </label>
      <select
        id={id}
        className={fieldStyles.select}
        value={value}
        onChange={(event) => onChange(event.target.value as Address)}
      >
        {options.map((option) => (
          <option key={option.pool} value={option.pool}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
