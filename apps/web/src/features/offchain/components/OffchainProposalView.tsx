import { formatUtcDateTime } from "@polity/core/format/date";
import { govPoolAbi } from "@polity/core/generated/contracts";
import { OffchainProposalStatus, offchainStatusLabelKey } from "@polity/core/proposalStates";
import { offchainTimeline } from "@polity/core/timeline";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { useReadClient } from "../../../shared/chain/readClient.ts";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import { useContractWriter } from "../../../shared/tx/useContractWriter.ts";
import { useSubmitTransaction } from "../../../shared/tx/useSubmitTransaction.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { fieldStyles } from "../../../shared/ui/Field.tsx";
import { ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import { offchainKeys, powerTokenQuery } from "../api/offchainQueries.ts";
import { cancelVote, castVote, type OffchainProposal, submitResults } from "../api/votingApi.ts";
import { apiErrorMessage } from "../lib/apiErrorMessage.ts";
import { ballotOptions, proposalResults } from "../lib/results.ts";
import styles from "../offchain.module.css";
import { useOffchainProposal } from "../useOffchainData.ts";
import { FormError } from "./fields.tsx";

/** An off-chain proposal: status, timeline, results, the ballot, and submitting results on chain. */
export function OffchainProposalView({
  chainId,
  pool,
  id,
  account,
  isSignedIn,
}: {
  chainId: number;
  pool: Address;
  id: string;
  account: Address | undefined;
  isSignedIn: boolean;
}) {
  const { t } = useTranslation("offchain");
  const query = useOffchainProposal({ chainId, pool }, id, account, isSignedIn);
  if (query.isPending) return <LoadingState label={t("view.loading")} />;
  if (query.isError)
    return <ErrorState message={apiErrorMessage(query.error)} onRetry={() => void query.refetch()} />;
  return (
    <ProposalBody
      chainId={chainId}
      pool={pool}
      proposal={query.data}
      account={account}
      isSignedIn={isSignedIn}
    />
  );
}

function ProposalBody({
  chainId,
  pool,
  proposal,
  account,
  isSignedIn,
}: {
  chainId: number;
  pool: Address;
  proposal: OffchainProposal;
  account: Address | undefined;
  isSignedIn: boolean;
}) {
  const { t } = useTranslation("offchain");
  const now = Math.floor(Date.now() / 1000);
  const start = Math.floor(Date.parse(proposal.start_at) / 1000);
  const end = Math.floor(Date.parse(proposal.end_at) / 1000);
  const timeline = offchainTimeline({
    status: proposal.status,
    createdAt: start,
    votingStartsAt: start,
    votingEndsAt: end,
    now,
  });
  const results = proposalResults(proposal);
  // Voting power is counted in the DAO's token (18 decimals when it votes with NFTs only). No figure shows
  // before the token is read: on guessed decimals it could be off by orders of magnitude.
  const token = useQuery(powerTokenQuery(useReadClient({ chainId }), chainId, pool));
  const power = (value: bigint) => tokenAmount(value, token.data ?? { decimals: 18 });
  const isActive = proposal.status === OffchainProposalStatus.Active;
  const isFinished = !isActive && proposal.results_hash === null;
  return (
    <article className={styles.card} aria-label={proposal.title}>
      <header className={styles.list}>
        <span className={styles.muted}>
          {proposal.type} · {t(`votingTypes.${proposal.voting_type}`)}
        </span>
        <h1>{proposal.title}</h1>
        <strong data-testid="offchain-status">{t(offchainStatusLabelKey(proposal.status))}</strong>
        {proposal.description ? <p>{proposal.description}</p> : null}
        {proposal.execution_error ? <p className={fieldStyles.error}>{proposal.execution_error}</p> : null}
      </header>
      <section aria-label={t("view.timeline")}>
        <h2>{t("view.timeline")}</h2>
        <ol className={styles.list}>
          {timeline.map((step) => (
            <li
              key={step.id}
              className={styles[step.status.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())]}
            >
              {t(step.labelKey)}
              {step.timestamp ? ` — ${formatUtcDateTime(step.timestamp * 1000)}` : ""}
            </li>
          ))}
        </ol>
      </section>
      <section aria-label={t("view.results")}>
        <h2>{t("view.results")}</h2>
        <p className={styles.muted}>{t("view.votes", { count: proposal.votes_count })}</p>
        {token.isPending ? (
          <LoadingState label={t("view.loadingResults")} />
        ) : token.isError ? (
          <ErrorState message={t("view.tokenError")} onRetry={() => void token.refetch()} />
        ) : (
          <ul className={styles.list}>
            {results.map((r) => (
              <li key={r.label} data-testid="offchain-result">
                <div className={styles.row}>
                  <span>
                    {r.label === "against" && proposal.voting_type !== "for_against"
                      ? t("view.against")
                      : r.label}
                  </span>
                  <span>
                    {power(r.power)} · {r.percent}%
                  </span>
                </div>
                <div className={styles.bar}>
                  <div className={styles.barFill} style={{ width: `${Math.min(100, Number(r.percent))}%` }} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {proposal.user_vote && token.isSuccess ? (
        <p data-testid="offchain-user-vote">
          {t("view.yourVote", {
            options: proposal.user_vote.is_against
              ? t("view.against")
              : proposal.user_vote.options.map((i) => proposal.vote_options[i]).join(", "),
            power: power(BigInt(proposal.user_vote.power)),
          })}
        </p>
      ) : null}
      {isActive && account && isSignedIn ? (
        <Ballot chainId={chainId} pool={pool} proposal={proposal} account={account} />
      ) : null}
      {isActive && (!account || !isSignedIn) ? (
        <p className={styles.muted}>{t("auth.signInToVote")}</p>
      ) : null}
      {isFinished && account && isSignedIn ? (
        <SubmitResults chainId={chainId} pool={pool} proposal={proposal} account={account} />
      ) : null}
      {proposal.results_hash ? (
        <p className={styles.muted}>{t("view.resultsHash", { hash: proposal.results_hash })}</p>
      ) : null}
    </article>
  );
}

/** What a panel acting on a proposal (ballot, results submission) needs. */
interface ProposalPanelProps {
  chainId: number;
  pool: Address;
  proposal: OffchainProposal;
  account: Address;
}

function Ballot({ chainId, pool, proposal, account }: ProposalPanelProps) {
  const { t } = useTranslation("offchain");
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string[]>([]);
  const [isAgainst, setAgainst] = useState(false);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: offchainKeys.proposal(chainId, pool, proposal.id) });
  const vote = useMutation({
    mutationFn: (options: string[]) => castVote(proposal.id, account, options),
    onSuccess: refresh,
  });
  const cancel = useMutation({ mutationFn: () => cancelVote(proposal.id, account), onSuccess: refresh });
  const isForAgainst = proposal.voting_type === "for_against";
  const isMultiple = proposal.voting_type === "multiple_of";
  const error = vote.error ?? cancel.error;

  function toggle(option: string) {
    setAgainst(false);
    setSelected((list) =>
      isMultiple ? (list.includes(option) ? list.filter((o) => o !== option) : [...list, option]) : [option],
    );
  }

  return (
    <section aria-label={t("vote.title")} className={styles.list}>
      <h2>{t("vote.title")}</h2>
      {isForAgainst ? (
        <div className={styles.row}>
          <Button onClick={() => vote.mutate(["for"])} isLoading={vote.isPending}>
            {t("vote.for")}
          </Button>
          <Button variant="danger" onClick={() => vote.mutate(["against"])} isLoading={vote.isPending}>
            {t("vote.against")}
          </Button>
        </div>
      ) : (
        <>
          {proposal.vote_options.map((option) => (
            <label key={option} className={styles.row}>
              <input
                type={isMultiple ? "checkbox" : "radio"}
                name="ballot"
                checked={!isAgainst && selected.includes(option)}
                onChange={() => toggle(option)}
              />
              {option}
            </label>
          ))}
          <label className={styles.row}>
            <input
              type={isMultiple ? "checkbox" : "radio"}
              name="ballot"
              checked={isAgainst}
              onChange={() => {
                setAgainst(!isAgainst);
                setSelected([]);
              }}
            />
            {t("view.against")}
          </label>
          <Button
            onClick={() => vote.mutate(ballotOptions(proposal.voting_type, selected, isAgainst))}
            disabled={!isAgainst && selected.length === 0}
            isLoading={vote.isPending}
          >
            {t("vote.submit")}
          </Button>
        </>
      )}
      {proposal.user_vote ? (
        <Button variant="secondary" onClick={() => cancel.mutate()} isLoading={cancel.isPending}>
          {t("vote.cancel")}
        </Button>
      ) : null}
      {error ? (
        <FormError error={{ key: "errors.apiFailed", params: { message: apiErrorMessage(error) } }} />
      ) : null}
    </section>
  );
}

/** Finished proposals of a type are tallied and signed by the api, then saved on chain by anyone. */
function SubmitResults({ chainId, pool, proposal, account }: ProposalPanelProps) {
  const { t } = useTranslation("offchain");
  const queryClient = useQueryClient();
  const { writeContractAsync } = useContractWriter();
  const { submit } = useSubmitTransaction();
  const mutation = useMutation({
    async mutationFn() {
      const signed = await submitResults(chainId, proposal.type, pool);
      await submit({
        chainId,
        from: account,
        send: () =>
          writeContractAsync({
            chainId,
            address: pool,
            abi: govPoolAbi,
            functionName: "saveOffchainResults",
            // signed for this account alone, until its deadline (M3)
            args: [signed.results_hash, BigInt(signed.deadline), signed.quorum_reached, signed.signature],
          }),
        info: { summary: t("submit.summary", { type: proposal.type }) },
      });
      return signed;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: offchainKeys.root(chainId, pool) }),
  });
  return (
    <section className={styles.list}>
      <p>{t("submit.explain")}</p>
      <Button onClick={() => mutation.mutate()} isLoading={mutation.isPending}>
        {t("submit.button")}
      </Button>
      {mutation.isSuccess ? (
        <p role="status">{t("submit.done", { hash: mutation.data.results_hash })}</p>
      ) : null}
      {mutation.isError ? (
        <FormError
          error={{ key: "errors.apiFailed", params: { message: apiErrorMessage(mutation.error) } }}
        />
      ) : null}
    </section>
  );
}
