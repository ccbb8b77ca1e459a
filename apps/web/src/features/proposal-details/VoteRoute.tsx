import { govPoolAbi } from "@polity/core/generated/contracts";
import { ProposalState, toProposalState } from "@polity/core/proposalStates";
import { amountTerminal } from "@polity/core/terminal";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { encodeFunctionData, erc20Abi } from "viem";
import { tokenAmount } from "../../shared/format/tokenAmount.ts";
import { useContractWriter } from "../../shared/tx/useContractWriter.ts";
import { useDaoTransaction } from "../../shared/tx/useDaoTransaction.ts";
import { AmountField } from "../../shared/ui/AmountField.tsx";
import { Form } from "../../shared/ui/Form.tsx";
import { lazyNamed } from "../../shared/ui/lazyNamed.ts";
import { NftPicker } from "../../shared/ui/NftPicker.tsx";
import { ConnectPrompt } from "../../shared/wallet/ConnectPrompt.tsx";
import type { ProposalDetails } from "./api/fetchProposalDetails.ts";
import { availableVoteNfts, availableVoteTokens } from "./api/proposalActions.ts";
import { voteSteps } from "./api/voteForm.ts";
import {
  ClosedTerminal,
  ProposalTerminalRoute,
  VoteSidePicker,
  VoteSubmit,
} from "./components/ProposalTerminalRoute.tsx";
import styles from "./ProposalDetails.module.css";

/** Voting one's delegation oneself: only proposals whose settings allow delegated voting load it. */
const DelegatedVote = lazyNamed(() => import("./components/DelegatedVote.tsx"), "DelegatedVote");

export function VoteTerminal({ details }: { details: ProposalDetails }) {
  const { t } = useTranslation("proposalDetails");
  const { writeContractAsync } = useContractWriter();
  const { status, run, isBusy } = useDaoTransaction(details.dao);
  const user = details.user;
  const previous = user && user.vote.totalRawVoted > 0n ? user.vote.isVoteFor : null;
  const [side, setSide] = useState<"for" | "against">(previous === false ? "against" : "for");
  const [amountText, setAmountText] = useState("");
  const [nftIds, setNftIds] = useState<bigint[]>([]);
  // Set once every step of the flow (approve, deposit, vote) went through.
  const [isDone, setIsDone] = useState(false);
  const decimals = details.token?.decimals ?? 18;
  const symbol = details.token?.symbol ?? "";
  const deposited = availableVoteTokens(details);
  const wallet = user?.walletBalance ?? 0n;
  // Wallet tokens vote too: the flow deposits them before the vote.
  const balance = deposited + wallet;
  const nfts = availableVoteNfts(details);
  const form = amountTerminal({ amountText, decimals, balance, nftCount: nftIds.length });
  const plan = voteSteps({ amount: form.amount, deposited, allowance: user?.allowance ?? 0n });
  const id = details.proposal.id;
  const isVoting = toProposalState(details.proposal.state) === ProposalState.Voting;
  const base = `/dao/${details.dao}`;

  if (!user) {
    return <ConnectPrompt title={t("vote.connect")} />;
  }
  if (!isVoting) {
    return <ClosedTerminal details={details} title={t("vote.closed")} />;
  }
  const submit = async () => {
    const amount = form.amount;
    const ids = [...nftIds];
    const isFor = side === "for";
    const token = details.token?.address;
    setIsDone(false);
    for (const step of plan.steps) {
      if (step === "approve" && token) {
        await run(
          t("tx.approve", { amount: tokenAmount(plan.depositAmount, decimals), symbol }),
          "approve",
          () =>
            writeContractAsync({
              address: token,
              abi: erc20Abi,
              chainId: details.chainId,
              functionName: "approve",
              args: [details.userKeeper, plan.depositAmount],
            }),
        );
      } else if (step === "depositAndVote") {
        const calls = [
          encodeFunctionData({ abi: govPoolAbi, functionName: "deposit", args: [plan.depositAmount, []] }),
          encodeFunctionData({ abi: govPoolAbi, functionName: "vote", args: [id, isFor, amount, ids] }),
        ];
        await run(
          t("tx.depositAndVote", {
            amount: tokenAmount(plan.depositAmount, decimals),
            symbol,
            id: id.toString(),
          }),
          "depositAndVote",
          () =>
            writeContractAsync({
              address: details.dao,
              abi: govPoolAbi,
              chainId: details.chainId,
              functionName: "multicall",
              args: [calls],
            }),
        );
      } else {
        await run(t("tx.vote", { id: id.toString(), side: t(`vote.${side}`) }), "vote", () =>
          writeContractAsync({
            address: details.dao,
            abi: govPoolAbi,
            chainId: details.chainId,
            functionName: "vote",
            args: [id, isFor, amount, ids],
          }),
        );
      }
    }
    setAmountText("");
    setNftIds([]);
    setIsDone(true);
  };

  return (
    <Form
      className={styles.form}
      onSubmit={() => {
        if (!form.blocker && !isBusy) void submit().catch(() => undefined);
      }}
    >
      <VoteSidePicker
        side={side}
        onChange={setSide}
        isLocked={(option) => previous !== null && previous !== (option === "for")}
      />
      {previous !== null ? (
        <p className="muted">
          {t("vote.alreadyVoted", {
            side: t(previous ? "vote.for" : "vote.against"),
            amount: tokenAmount(user.vote.totalRawVoted, decimals, symbol),
          })}
        </p>
      ) : null}
      <dl className={styles.powers} aria-label={t("vote.powerLabel")} data-testid="vote-power">
        {(details.delegatedVotingAllowed
          ? (["personal", "micropool", "delegated", "treasury"] as const)
          : (["personal", "micropool", "treasury"] as const)
        ).map((type) => (
          <div key={type}>
            <dt>{t(`vote.power.${type}`)}</dt>
            <dd>{tokenAmount(user.powerByType[type], decimals)}</dd>
          </div>
        ))}
      </dl>
      {details.delegatedVotingAllowed ? (
        <Suspense fallback={null}>
          <DelegatedVote details={details} side={side} />
        </Suspense>
      ) : null}
      <AmountField
        id="vote-amount"
        label={t("vote.amountLabel", { symbol })}
        value={amountText}
        onChange={setAmountText}
        balance={balance}
        decimals={decimals}
        hint={t("vote.available", {
          deposited: tokenAmount(deposited, decimals),
          wallet: tokenAmount(wallet, decimals),
          symbol,
        })}
        hintTestId="vote-available"
        inputError={form.inputError}
      />
      <NftPicker
        legend={t("vote.nftsLabel", { symbol: details.nft?.symbol ?? "" })}
        ids={nfts}
        selected={nftIds}
        onChange={setNftIds}
      />
      <p className="muted" data-testid="locked-explanation">
        {t("vote.lockedExplanation")}
      </p>
      {plan.steps.length > 1 ? (
        <ol className={styles.steps} aria-label={t("vote.stepsLabel")} data-testid="vote-steps">
          {plan.steps.map((step) => (
            <li key={step}>{t(`vote.steps.${step}`)}</li>
          ))}
        </ol>
      ) : null}
      {balance === 0n && nfts.length === 0 ? (
        <Link to={`${base}/deposit`}>{t("vote.depositFirst")}</Link>
      ) : null}
      <VoteSubmit
        blocker={form.blocker}
        decimals={decimals}
        testId="vote-submit"
        status={status}
        side={side}
        isDone={isDone}
        details={details}
      />
    </Form>
  );
}

/** `/dao/:daoAddress/vote/:proposalId`: the members' voting terminal. */
export default function VoteRoute() {
  return <ProposalTerminalRoute titleKey="vote.title" Terminal={VoteTerminal} />;
}
