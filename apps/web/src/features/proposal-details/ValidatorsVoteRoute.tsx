import { govValidatorsAbi } from "@polity/core/generated/contracts";
import { ProposalState, toProposalState } from "@polity/core/proposalStates";
import { amountTerminal } from "@polity/core/terminal";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { tokenAmount } from "../../shared/format/tokenAmount.ts";
import { useContractWriter } from "../../shared/tx/useContractWriter.ts";
import { useDaoTransaction } from "../../shared/tx/useDaoTransaction.ts";
import { AmountField } from "../../shared/ui/AmountField.tsx";
import { Form } from "../../shared/ui/Form.tsx";
import { EmptyState } from "../../shared/ui/StateViews.tsx";
import { ConnectPrompt } from "../../shared/wallet/ConnectPrompt.tsx";
import type { ProposalDetails } from "./api/fetchProposalDetails.ts";
import { availableValidatorVotes } from "./api/proposalActions.ts";
import {
  ClosedTerminal,
  ProposalTerminalRoute,
  VoteSidePicker,
  VoteSubmit,
} from "./components/ProposalTerminalRoute.tsx";
import styles from "./ProposalDetails.module.css";

/** Validator tokens have 18 decimals (GovValidatorsToken). */
const VT_DECIMALS = 18;

export function ValidatorsVoteTerminal({ details }: { details: ProposalDetails }) {
  const { t } = useTranslation("proposalDetails");
  const { writeContractAsync } = useContractWriter();
  const { status, run, isBusy } = useDaoTransaction(details.dao);
  const [side, setSide] = useState<"for" | "against">("for");
  const [amountText, setAmountText] = useState("");
  const balance = availableValidatorVotes(details);
  const form = amountTerminal({ amountText, decimals: VT_DECIMALS, balance });
  const id = details.proposal.id;
  const _base = `/dao/${details.dao}`;

  if (!details.user) {
    return <ConnectPrompt title={t("vote.connect")} />;
  }
  if (toProposalState(details.proposal.state) !== ProposalState.ValidatorVoting) {
    return <ClosedTerminal details={details} title={t("validatorsVote.closed")} />;
  }
  if (!details.user.isValidator && details.user.validatorBalance === 0n) {
    return <EmptyState title={t("validatorsVote.notValidator")} />;
  }
  const voted = details.user.validatorVotes;
  return (
    <Form
      className={styles.form}
      onSubmit={() => {
        if (form.blocker || isBusy) return;
        void run(
          t("tx.validatorsVote", { id: id.toString(), side: t(`vote.${side}`) }),
          "validatorsVote",
          () =>
            writeContractAsync({
              address: details.validatorsContract,
              abi: govValidatorsAbi,
              chainId: details.chainId,
              functionName: "vote",
              args: [id, form.amount, side === "for", false],
            }),
        ).then(
          () => setAmountText(""),
          () => undefined,
        );
      }}
    >
      <VoteSidePicker side={side} onChange={setSide} />
      {voted.votedFor + voted.votedAgainst > 0n ? (
        <p className="muted">
          {t("validatorsVote.alreadyVoted", {
            votedFor: tokenAmount(voted.votedFor, VT_DECIMALS),
            votedAgainst: tokenAmount(voted.votedAgainst, VT_DECIMALS),
          })}
        </p>
      ) : null}
      <AmountField
        id="validators-amount"
        label={t("validatorsVote.amountLabel")}
        value={amountText}
        onChange={setAmountText}
        balance={balance}
        decimals={VT_DECIMALS}
        hint={t("validatorsVote.available", { amount: tokenAmount(balance, VT_DECIMALS) })}
        inputError={form.inputError}
      />
      <VoteSubmit
        blocker={form.blocker}
        decimals={VT_DECIMALS}
        testId="validators-vote-submit"
        status={status}
        side={side}
        isDone={status.state === "SUCCESS"}
        details={details}
      />
    </Form>
  );
}

/** `/dao/:daoAddress/validators-vote/:proposalId`: the validators' voting terminal. */
export default function ValidatorsVoteRoute() {
  return <ProposalTerminalRoute titleKey="validatorsVote.title" Terminal={ValidatorsVoteTerminal} />;
}
