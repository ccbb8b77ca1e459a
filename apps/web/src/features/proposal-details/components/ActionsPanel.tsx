import { govPoolAbi } from "@polity/core/generated/contracts";
import { InternalProposalState } from "@polity/core/proposalStates";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useConfig } from "wagmi";
import { useReadClient } from "../../../shared/chain/readClient.ts";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import { TransactionStatus } from "../../../shared/tx/TerminalSubmit.tsx";
import { useContractWriter } from "../../../shared/tx/useContractWriter.ts";
import { useDaoTransaction } from "../../../shared/tx/useDaoTransaction.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { openConnectModal } from "../../../shared/wallet/connectModal.ts";
import {
  claimGoesThrough,
  claimsOnExecute,
  executeAndClaimCalls,
  executeAndClaimMulticall,
  executeValue,
  supportsAtomicBatch,
} from "../api/executeCalls.ts";
import type { ProposalDetails } from "../api/fetchProposalDetails.ts";
import { pendingRewardsTotal, proposalActions } from "../api/proposalActions.ts";
import styles from "../ProposalDetails.module.css";
import { utcTime } from "./format.ts";

/** The actions the proposal's state allows (vote, cancel, move, validators' vote, execute, claim). */
export function ActionsPanel({ details, nowSeconds }: { details: ProposalDetails; nowSeconds: number }) {
  const { t } = useTranslation("proposalDetails");
  const { writeContractAsync } = useContractWriter();
  const config = useConfig();
  const client = useReadClient({ chainId: details.chainId });
  const { status, run } = useDaoTransaction(details.dao);
  const { actions, notice } = proposalActions(details, nowSeconds);
  const id = details.proposal.id;
  const base = `/dao/${details.dao}`;
  const isBusy = status.state !== "IDLE" && status.state !== "SUCCESS";
  const pool = { address: details.dao, abi: govPoolAbi, chainId: details.chainId } as const;
  const executeAfter =
    details.validatorsStage?.state === InternalProposalState.Locked
      ? details.validatorsStage.executeAfter
      : details.proposal.executeAfter;
  const reward = pendingRewardsTotal(details);
  const rewardDecimals = details.rewardToken?.decimals ?? 18;
  const rewardSymbol = details.rewardToken?.symbol ?? details.token?.symbol ?? "";
  const submit = (summaryKey: string, kind: string, send: () => Promise<`0x${string}`>) =>
    run(t(summaryKey, { id: id.toString() }), kind, send).catch(() => undefined);

  return (
    <section className={styles.card} aria-labelledby="actions-title" data-testid="proposal-actions">
      <h3 id="actions-title">{t("actions.title")}</h3>
      {notice ? (
        <p className="muted" data-testid="actions-notice">
          {t(notice, { time: utcTime(executeAfter) ?? "" })}
        </p>
      ) : null}
      {notice === "actions.connectToVote" ? (
        <Button onClick={openConnectModal}>{t("common:wallet.connect")}</Button>
      ) : null}
      <div className={styles.actions}>
        {actions.includes("vote") ? (
          <Link to={`${base}/vote/${id}`} className={styles.actions}>
            <Button isBlock tabIndex={-1}>
              {t("actions.vote")}
            </Button>
          </Link>
        ) : null}
        {actions.includes("cancelVote") ? (
          <Button
            variant="secondary"
            isLoading={isBusy}
            onClick={() =>
              submit("tx.cancelVote", "cancelVote", () =>
                writeContractAsync({ ...pool, functionName: "cancelVote", args: [id] }),
              )
            }
          >
            {t("actions.cancelVote")}
          </Button>
        ) : null}
        {actions.includes("moveToValidators") ? (
          <Button
            isLoading={isBusy}
            onClick={() =>
              details.user
                ? submit("tx.moveToValidators", "moveProposalToValidators", () =>
                    writeContractAsync({ ...pool, functionName: "moveProposalToValidators", args: [id] }),
                  )
                : openConnectModal()
            }
          >
            {t("actions.moveToValidators")}
          </Button>
        ) : null}
        {actions.includes("validatorsVote") ? (
          <Link to={`${base}/validators-vote/${id}`}>
            <Button isBlock tabIndex={-1}>
              {t("actions.validatorsVote")}
            </Button>
          </Link>
        ) : null}
        {actions.includes("execute") ? (
          <Button
            isLoading={isBusy}
            onClick={() =>
              details.user
                ? submit("tx.execute", "execute", async () => {
                    let user = claimsOnExecute(details) ? details.user?.address : undefined;
                    const batch = user ? executeAndClaimMulticall(details, user) : null;
                    if (batch && user && client && (await claimGoesThrough(client, details, user, batch))) {
                      // Execute and claim the caller's rewards in one transaction through the pool.
                      return writeContractAsync({ ...pool, functionName: "multicall", args: [batch] });
                    }
                    // The claim would revert (nothing owed to the caller): the proposal is executed alone.
                    if (batch) user = undefined;
                    const { getCapabilities, sendCalls, waitForCallsStatus } = await import(
                      "../../../shared/tx/walletActions.ts"
                    );
                    const capabilities = await getCapabilities(config, { chainId: details.chainId }).catch(
                      () => null,
                    );
                    if (user && supportsAtomicBatch(capabilities)) {
                      // Execute and claim in one atomic batch where the wallet can send one.
                      const { id: callsId } = await sendCalls(config, {
                        chainId: details.chainId,
                        forceAtomic: true,
                        calls: executeAndClaimCalls(details, user),
                      });
                      const result = await waitForCallsStatus(config, { id: callsId });
                      const hash = result.receipts?.at(-1)?.transactionHash;
                      if (!hash)
                        throw new Error(`Batch ${callsId} ended without a receipt (${result.status})`);
                      return hash;
                    }
                    return writeContractAsync({
                      ...pool,
                      functionName: "execute",
                      args: [id, [...details.actionsOnFor], [...details.actionsOnAgainst]],
                      value: executeValue(details),
                    });
                  })
                : openConnectModal()
            }
          >
            {t("actions.execute")}
          </Button>
        ) : null}
        {actions.includes("claim") && details.user ? (
          <>
            <p data-testid="pending-reward">
              {t("actions.pendingReward", {
                amount: tokenAmount(reward, rewardDecimals),
                symbol: rewardSymbol,
              })}
            </p>
            <Button
              isLoading={isBusy}
              onClick={() => {
                const user = details.user?.address;
                if (!user) return;
                void submit("tx.claim", "claimRewards", () =>
                  writeContractAsync({ ...pool, functionName: "claimRewards", args: [[id], user] }),
                );
              }}
            >
              {t("actions.claim")}
            </Button>
          </>
        ) : null}
        {actions.includes("alreadyClaimed") ? (
          <Button disabled data-testid="already-claimed">
            {t("terminal.alreadyClaimed", { ns: "core" })}
          </Button>
        ) : null}
        <Link to={`${base}/claim`}>{t("actions.allRewards")}</Link>
      </div>
      <TransactionStatus status={status} />
    </section>
  );
}
