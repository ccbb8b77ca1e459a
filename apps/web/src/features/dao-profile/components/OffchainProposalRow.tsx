import { formatUtcDateTime } from "@polity/core/format/date";
import { offchainStatusGroup, offchainStatusLabelKey } from "@polity/core/proposalStates";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Address } from "viem";
import { shortAddress } from "../../../shared/format/shortAddress.ts";
import type { OffchainListItem } from "../api/fetchOffchainProposals.ts";
import styles from "../DaoProfile.module.css";

/** An off-chain proposal in the DAO's Proposals tab: its title, status, votes and voting end. */
export function OffchainProposalRow({
  daoAddress,
  proposal,
}: {
  daoAddress: Address;
  proposal: OffchainListItem;
}) {
  const { t } = useTranslation("daoProfile");
  return (
    <li className={styles.proposal} data-testid="offchain-proposal-row">
      <div className={styles.proposalHead}>
        <div style={{ minWidth: 0 }}>
          <span className={styles.badge}>{t("proposals.offchainBadge")}</span>{" "}
          <Link
            to={`/dao/${daoAddress}/create-offchain/proposal/${proposal.id}`}
            className={styles.proposalLink}
          >
            <strong style={{ overflowWrap: "anywhere" }}>{proposal.title}</strong>
          </Link>
        </div>
        <span
          className={`${styles.badge} ${styles[`group${offchainStatusGroup(proposal.status)}`] ?? ""}`}
          data-testid="offchain-proposal-state"
        >
          {t(offchainStatusLabelKey(proposal.status), { ns: "core" })}
        </span>
      </div>
      <div className={styles.meta}>
        <span>{t("proposals.offchainType", { type: proposal.type })}</span>
        <span>{t("proposals.offchainVotes", { count: proposal.votes_count })}</span>
        <span>{t("proposals.voteEnd", { date: formatUtcDateTime(new Date(proposal.end_at)) })}</span>
        <span>{t("proposals.creator", { address: shortAddress(proposal.author) })}</span>
      </div>
    </li>
  );
}
