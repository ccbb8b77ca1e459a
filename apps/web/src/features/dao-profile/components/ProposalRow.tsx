import { formatUtcDateTime, fromUnixSeconds } from "@polity/core/format/date";
import {
  ProposalState,
  proposalStateGroup,
  proposalStateLabelKey,
  toProposalState,
} from "@polity/core/proposalStates";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Address } from "viem";
import { shortAddress } from "../../../shared/format/shortAddress.ts";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import { proposalMetadataQuery } from "../../../shared/ipfs/daoMetadata.ts";
import { proposalPath } from "../../../shared/routes/proposalPath.ts";
import dataStyles from "../../../shared/ui/Data.module.css";
import type { ProposalListItem } from "../api/fetchProposals.ts";
import styles from "../DaoProfile.module.css";

export function StateBadge({ state }: { state: ProposalState }) {
  const { t } = useTranslation();
  return (
    <span
      className={`${styles.badge} ${styles[`group${proposalStateGroup(state)}`] ?? ""}`}
      data-testid="proposal-state"
    >
      {t(proposalStateLabelKey(state))}
    </span>
  );
}

interface ProposalRowProps {
  daoAddress: Address;
  proposal: ProposalListItem;
  decimals: number;
  /** The DAO token's symbol, after every amount ("1,250 PFR"); none for a DAO voting with NFTs only. */
  symbol?: string | undefined;
  totalPower: bigint;
}

export function ProposalRow({ daoAddress, proposal, decimals, symbol, totalPower }: ProposalRowProps) {
  const { t } = useTranslation("daoProfile");
  const metadata = useQuery(proposalMetadataQuery(proposal.descriptionUrl || undefined));
  const state = toProposalState(proposal.state);
  const total = proposal.votesFor + proposal.votesAgainst;
  const forShare = totalPower > 0n ? Number((proposal.votesFor * 10_000n) / totalPower) / 100 : 0;
  const againstShare = totalPower > 0n ? Number((proposal.votesAgainst * 10_000n) / totalPower) / 100 : 0;
  const title = metadata.data?.proposalName || t("proposals.untitled", { id: proposal.id.toString() });
  return (
    <li className={styles.proposal} data-testid="proposal-row">
      <div className={styles.proposalHead}>
        <div style={{ minWidth: 0 }}>
          <span className="muted">#{proposal.id.toString()} </span>
          <Link
            to={proposalPath(daoAddress, proposal.id)}
            className={styles.proposalLink}
            data-testid="proposal-link"
          >
            <strong style={{ overflowWrap: "anywhere" }}>{title}</strong>
          </Link>
        </div>
        <StateBadge state={state} />
      </div>
      <div
        className={styles.bar}
        role="img"
        aria-label={t("proposals.votesAria", { forShare, againstShare })}
      >
        <span className={dataStyles.barFor} style={{ width: `${Math.min(forShare, 100)}%` }} />
        <span
          className={dataStyles.barAgainst}
          style={{ width: `${Math.min(againstShare, 100 - Math.min(forShare, 100))}%` }}
        />
      </div>
      <div className={styles.meta}>
        <span>{t("proposals.for", { amount: tokenAmount(proposal.votesFor, decimals, symbol) })}</span>
        <span>
          {t("proposals.against", { amount: tokenAmount(proposal.votesAgainst, decimals, symbol) })}
        </span>
        <span>
          {t(
            // With a token the amount says what it counts ("400 ACME"); NFT votes are counted as votes.
            symbol
              ? proposal.quorumReached
                ? "proposals.quorumReachedOf"
                : "proposals.quorumOf"
              : proposal.quorumReached
                ? "proposals.quorumReached"
                : "proposals.quorum",
            {
              quorum: tokenAmount(proposal.requiredQuorum, decimals, symbol),
            },
          )}
        </span>
        <span>
          {t(state === ProposalState.Voting ? "proposals.voteEnd" : "proposals.voteEnded", {
            date: formatUtcDateTime(fromUnixSeconds(proposal.voteEnd)),
          })}
        </span>
        <span>{t("proposals.creator", { address: shortAddress(proposal.creator) })}</span>
        {total === 0n ? <span>{t("proposals.noVotes")}</span> : null}
      </div>
    </li>
  );
}
