import { toProposalState } from "@polity/core/proposalStates";
import { parseProposalId } from "@polity/core/validation/ids";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { type Address, isAddress } from "viem";
import { proposalPath } from "../../../shared/routes/proposalPath.ts";
import type { SubmitStatus } from "../../../shared/tx/submitReducer.ts";
import { TerminalSubmit } from "../../../shared/tx/TerminalSubmit.tsx";
import { EmptyState, ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import type { ProposalDetails } from "../api/fetchProposalDetails.ts";
import styles from "../ProposalDetails.module.css";
import { useProposalDetails } from "../useProposalDetails.ts";
import { StateBadge } from "./StateBadge.tsx";

type Terminal = ComponentType<{ details: ProposalDetails }>;

function TerminalPage({
  dao,
  id,
  titleKey,
  Terminal,
}: {
  dao: Address;
  id: bigint;
  titleKey: string;
  Terminal: Terminal;
}) {
  const { t } = useTranslation("proposalDetails");
  const details = useProposalDetails(dao, id);
  // The heading comes from the link: the page's frame shows at once, and the proposal fills it in
  // place (the loading state holds the terminal's room meanwhile).
  const data = details.data;
  return (
    <div className={styles.page}>
      <nav className={styles.backLinks} aria-label={t("vote.backLabel")}>
        <Link to={`/dao/${dao}/proposals`}>
          {data ? t("backToDao", { name: data.daoName }) : t("backToProposals")}
        </Link>
        <Link to={proposalPath(dao, id)}>{t("vote.backToProposal")}</Link>
      </nav>
      <header className={styles.head}>
        <h1 className={styles.title}>{t(titleKey, { id: id.toString() })}</h1>
        {data ? <StateBadge state={toProposalState(data.proposal.state)} /> : null}
      </header>
      {details.isError ? (
        <ErrorState message={details.error.message} onRetry={() => void details.refetch()} />
      ) : data ? (
        <Terminal details={data} />
      ) : (
        <LoadingState label={t("loading")} />
      )}
    </div>
  );
}

/** A proposal's terminal page (`/dao/:daoAddress/<terminal>/:proposalId`): the link's proposal loaded around `Terminal`. */
export function ProposalTerminalRoute({ titleKey, Terminal }: { titleKey: string; Terminal: Terminal }) {
  const { t } = useTranslation("proposalDetails");
  const { daoAddress, proposalId } = useParams();
  const id = parseProposalId(proposalId);
  if (!daoAddress || !isAddress(daoAddress) || id === null) return <EmptyState title={t("invalidLink")} />;
  return (
    <TerminalPage
      key={`${daoAddress}-${id}`}
      dao={daoAddress}
      id={id}
      titleKey={titleKey}
      Terminal={Terminal}
    />
  );
}

/** A vote terminal's submit (for or against) and, once the vote landed, the way back to the proposal. */
export function VoteSubmit({
  blocker,
  decimals,
  testId,
  status,
  side,
  isDone,
  details,
}: {
  blocker: string | null;
  decimals: number;
  testId: string;
  status: SubmitStatus;
  side: "for" | "against";
  isDone: boolean;
  details: ProposalDetails;
}) {
  const { t } = useTranslation("proposalDetails");
  return (
    <>
      <TerminalSubmit
        blocker={blocker}
        decimals={decimals}
        testId={testId}
        status={status}
        showsProgress={false}
      >
        {t(`vote.submit.${side}`)}
      </TerminalSubmit>
      {isDone ? (
        <p data-testid="vote-success">
          {t("vote.success")}{" "}
          <Link to={proposalPath(details.dao, details.proposal.id)}>{t("vote.backToProposal")}</Link>
        </p>
      ) : null}
    </>
  );
}

/** A vote terminal of a proposal no longer in its vote: why, and the way back to the proposal. */
export function ClosedTerminal({ details, title }: { details: ProposalDetails; title: string }) {
  const { t } = useTranslation("proposalDetails");
  return (
    <EmptyState title={title}>
      <Link to={proposalPath(details.dao, details.proposal.id)}>{t("vote.backToProposal")}</Link>
    </EmptyState>
  );
}

/** The vote terminals' side picker (for or against); `isLocked` disables a side that cannot be chosen. */
export function VoteSidePicker({
  side,
  onChange,
  isLocked,
}: {
  side: "for" | "against";
  onChange: (side: "for" | "against") => void;
  isLocked?: (side: "for" | "against") => boolean;
}) {
  const { t } = useTranslation("proposalDetails");
  const locked = (["for", "against"] as const).find((option) => isLocked?.(option));
  return (
    <fieldset className={styles.row} aria-label={t("vote.sideLabel")}>
      {(["for", "against"] as const).map((option) => (
        <label key={option} className={styles.row}>
          <input
            type="radio"
            name="side"
            value={option}
            checked={side === option}
            disabled={isLocked?.(option)}
            aria-describedby={option === locked ? "vote-side-locked" : undefined}
            onChange={() => onChange(option)}
          />
          {t(`vote.${option}`)}
        </label>
      ))}
      {locked ? (
        // Why the other side cannot be picked: a vote has one side until it is cancelled.
        <p id="vote-side-locked" className="muted" data-testid="vote-side-locked">
          {t("vote.sideLocked", {
            side: t(`vote.${locked === "for" ? "against" : "for"}`),
            other: t(`vote.${locked}`),
          })}
        </p>
      ) : null}
    </fieldset>
  );
}
