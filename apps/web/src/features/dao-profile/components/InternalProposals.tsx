import { govValidatorsAbi } from "@polity/core/generated/contracts";
import { InternalProposalState, internalProposalStateLabelKey } from "@polity/core/proposalStates";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Address } from "viem";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import { TransactionStatus } from "../../../shared/tx/TerminalSubmit.tsx";
import { useContractWriter } from "../../../shared/tx/useContractWriter.ts";
import { useDaoTransaction } from "../../../shared/tx/useDaoTransaction.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { DataTable } from "../../../shared/ui/DataTable.tsx";
import { EmptyState, ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import type { DaoProfile } from "../api/fetchDaoProfile.ts";
import type { InternalProposalRow } from "../api/fetchInternalProposals.ts";
import styles from "../DaoProfile.module.css";
import { useInternalProposals } from "../useInternalProposals.ts";
import { validatorUnit } from "./format.ts";

/**
 * Vote for or against with every vote left, cancel one's votes while the validators vote, or execute once it
 * succeeded (anyone).
 */
function InternalActions({
  dao,
  validators,
  row,
}: {
  dao: Address;
  validators: Address;
  row: InternalProposalRow;
}) {
  const { t } = useTranslation("daoProfile");
  const { writeContractAsync } = useContractWriter();
  const { status, run, chainId, isBusy } = useDaoTransaction(dao);
  const id = row.id.toString();
  const vote = (isVoteFor: boolean) =>
    void run(
      t("internal.tx.vote", { id, side: t(isVoteFor ? "internal.for" : "internal.against") }),
      "validatorsVote",
      () =>
        writeContractAsync({
          address: validators,
          abi: govValidatorsAbi,
          chainId,
          functionName: "vote",
          args: [row.id, row.user?.available ?? 0n, isVoteFor, true],
        }),
    ).catch(() => undefined);
  const cancelVote = () =>
    void run(t("internal.tx.cancelVote", { id }), "validatorsCancelVote", () =>
      writeContractAsync({
        address: validators,
        abi: govValidatorsAbi,
        chainId,
        functionName: "cancelVote",
        args: [row.id, true],
      }),
    ).catch(() => undefined);
  const isVoting = row.state === InternalProposalState.Voting;
  const canVote = isVoting && (row.user?.available ?? 0n) > 0n;
  // GovValidators.cancelVote withdraws every vote the validator cast on it, only while it is in Voting.
  const canCancel = isVoting && (row.user?.votedFor ?? 0n) + (row.user?.votedAgainst ?? 0n) > 0n;
  const canExecute = row.state === InternalProposalState.Succeeded;
  if (!canVote && !canCancel && !canExecute) return null;
  return (
    <div>
      {canVote ? (
        <>
          <Button
            size="small"
            isLoading={isBusy}
            onClick={() => vote(true)}
            data-testid={`internal-vote-for-${id}`}
          >
            {t("internal.voteFor")}
          </Button>{" "}
          <Button size="small" variant="secondary" isLoading={isBusy} onClick={() => vote(false)}>
            {t("internal.voteAgainst")}
          </Button>
        </>
      ) : null}
      {canCancel ? (
        <Button
          size="small"
          variant="secondary"
          isLoading={isBusy}
          onClick={cancelVote}
          data-testid={`internal-cancel-vote-${id}`}
        >
          {t("internal.cancelVote")}
        </Button>
      ) : null}
      {canExecute ? (
        <Button
          size="small"
          isLoading={isBusy}
          data-testid={`internal-execute-${id}`}
          onClick={() =>
            void run(t("internal.tx.execute", { id }), "validatorsExecute", () =>
              writeContractAsync({
                address: validators,
                abi: govValidatorsAbi,
                chainId,
                functionName: "executeInternalProposal",
                args: [row.id],
              }),
            ).catch(() => undefined)
          }
        >
          {t("internal.execute")}
        </Button>
      ) : null}
      <TransactionStatus status={status} showsProgress={false} />
    </div>
  );
}

/** The validators' internal proposals on the validators tab, newest first, voted and executed here. */
export function InternalProposals({ profile }: { profile: DaoProfile }) {
  const { t } = useTranslation("daoProfile");
  const list = useInternalProposals(profile);
  return (
    <section aria-labelledby="internal-proposals">
      <div className={styles.proposalHead}>
        <h3 id="internal-proposals">{t("internal.title")}</h3>
        {profile.user?.isValidator ? (
          <Link to={`/dao/${profile.address}/create-validator-proposal`}>{t("internal.create")}</Link>
        ) : null}
      </div>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.data.rows.length === 0 ? (
        <EmptyState title={t("internal.none")} />
      ) : (
        <DataTable
          columns={[t("internal.proposal"), t("internal.state"), t("internal.votes"), t("internal.actions")]}
        >
          {list.data.rows.map((row) => (
            <tr key={row.id.toString()} data-testid="internal-proposal-row">
              <td>
                #{row.id.toString()} · {t(`internal.types.${row.type}`)}
              </td>
              <td data-testid={`internal-state-${row.id}`}>
                {t(internalProposalStateLabelKey(row.state), { ns: "core" })}
              </td>
              <td>
                {t("internal.tally", {
                  for: tokenAmount(row.votesFor, validatorUnit(profile)),
                  against: tokenAmount(row.votesAgainst, validatorUnit(profile)),
                  quorum: tokenAmount(row.requiredQuorum, validatorUnit(profile)),
                })}
              </td>
              <td>
                <InternalActions dao={profile.address} validators={list.data.validators} row={row} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
