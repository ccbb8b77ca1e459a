import { formatUtcDateTime, fromUnixSeconds } from "@polity/core/format/date";
import { stakingProposalAbi } from "@polity/core/generated/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type Address, erc20Abi } from "viem";
import { tokenAmount } from "../../shared/format/tokenAmount.ts";
import { stakingTierMetadataQuery } from "../../shared/ipfs/stakingTierMetadata.ts";
import { TerminalSubmit, TransactionStatus } from "../../shared/tx/TerminalSubmit.tsx";
import { useAmountTerminal } from "../../shared/tx/useAmountTerminal.ts";
import { useContractWriter } from "../../shared/tx/useContractWriter.ts";
import { useDaoTransaction } from "../../shared/tx/useDaoTransaction.ts";
import { AmountField } from "../../shared/ui/AmountField.tsx";
import { Button } from "../../shared/ui/Button.tsx";
import { Form } from "../../shared/ui/Form.tsx";
import { EmptyState, ErrorState, LoadingState } from "../../shared/ui/StateViews.tsx";
import type { StakingTier, TierPosition } from "./api/fetchStaking.ts";
import { stakingRate } from "./api/stakingRate.ts";
import styles from "./Staking.module.css";
import { useStaking } from "./useStaking.ts";

const dateOf = (seconds: number) => formatUtcDateTime(fromUnixSeconds(seconds));

/** The tier's rate: a percentage when it pays in its own stake token, else reward tokens per staked token. */
function RateText({ tier }: { tier: StakingTier }) {
  const { t } = useTranslation("staking");
  const rate = stakingRate(tier);
  if (rate === null) return <>{t("tier.noRate")}</>;
  if (tier.stakeToken.address.toLowerCase() === tier.rewardToken.address.toLowerCase())
    return <>{t("tier.ratePercent", { percent: tokenAmount(rate, 2) })}</>;
  return (
    <>
      {t("tier.ratePerToken", {
        amount: tokenAmount(rate, { decimals: 4, symbol: tier.rewardToken.symbol }),
        stake: tier.stakeToken.symbol,
      })}
    </>
  );
}

function StakeTerminal({
  dao,
  staking,
  tier,
  position,
}: {
  dao: Address;
  staking: Address;
  tier: StakingTier;
  position: TierPosition;
}) {
  const { t } = useTranslation("staking");
  const [mode, setMode] = useState<"stake" | "unstake">("stake");
  const { stakeToken } = tier;
  const isStake = mode === "stake";
  const terminal = useAmountTerminal(dao, {
    decimals: stakeToken.decimals,
    balance: isStake ? position.balance : position.staked,
  });
  const { form } = terminal;
  const blocker = isStake && tier.status === "ended" ? "staking:stake.ended" : form.blocker;
  const needsApproval = isStake && position.allowance < form.amount;

  async function send({ amount }: { amount: bigint }) {
    const { chainId } = terminal;
    const shown = tokenAmount(amount, stakeToken);
    if (isStake) {
      if (position.allowance < amount)
        await terminal.run(t("tx.approve", { amount: shown }), "approve", () =>
          terminal.writeContractAsync({
            address: stakeToken.address,
            abi: erc20Abi,
            chainId,
            functionName: "approve",
            args: [staking, amount],
          }),
        );
      await terminal.run(t("tx.stake", { amount: shown }), "stake", () =>
        terminal.writeContractAsync({
          address: staking,
          abi: stakingProposalAbi,
          chainId,
          functionName: "stake",
          args: [tier.id, amount],
        }),
      );
    } else {
      await terminal.run(t("tx.unstake", { amount: shown }), "unstake", () =>
        terminal.writeContractAsync({
          address: staking,
          abi: stakingProposalAbi,
          chainId,
          functionName: "unstake",
          args: [tier.id, amount],
        }),
      );
    }
  }

  return (
    <Form
      aria-label={t("stake.label", { id: tier.id.toString() })}
      onSubmit={() => {
        if (!blocker) terminal.submit(send);
      }}
    >
      <div className={styles.modes}>
        {(["stake", "unstake"] as const).map((m) => (
          <Button
            key={m}
            size="small"
            variant={m === mode ? "primary" : "secondary"}
            aria-pressed={m === mode}
            onClick={() => {
              setMode(m);
              terminal.setAmountText("");
            }}
          >
            {t(`stake.modes.${m}`)}
          </Button>
        ))}
      </div>
      <AmountField
        id={`stake-amount-${tier.id}`}
        label={t(`stake.amountLabel.${mode}`, { symbol: stakeToken.symbol })}
        value={terminal.amountText}
        onChange={terminal.setAmountText}
        balance={isStake ? position.balance : position.staked}
        decimals={stakeToken.decimals}
        hint={t(`stake.available.${mode}`, {
          amount: tokenAmount(isStake ? position.balance : position.staked, stakeToken),
        })}
        inputError={form.inputError}
      />
      <TerminalSubmit
        blocker={blocker}
        decimals={stakeToken.decimals}
        status={terminal.status}
        testId={`stake-submit-${tier.id}`}
      >
        {needsApproval ? t("stake.approve", { symbol: stakeToken.symbol }) : t(`stake.submit.${mode}`)}
      </TerminalSubmit>
    </Form>
  );
}

function ClaimButton({
  dao,
  staking,
  tier,
  claimable,
}: {
  dao: Address;
  staking: Address;
  tier: StakingTier;
  claimable: bigint;
}) {
  const { t } = useTranslation("staking");
  const { writeContractAsync } = useContractWriter();
  const terminal = { ...useDaoTransaction(dao), writeContractAsync };
  const shown = tokenAmount(claimable, tier.rewardToken);
  return (
    <div>
      <Button
        isLoading={terminal.isBusy}
        disabled={claimable === 0n}
        data-testid={`claim-${tier.id}`}
        onClick={() =>
          void terminal
            .run(t("tx.claim", { amount: shown }), "stakingClaim", () =>
              terminal.writeContractAsync({
                address: staking,
                abi: stakingProposalAbi,
                chainId: terminal.chainId,
                functionName: "claim",
                args: [[tier.id]],
              }),
            )
            .catch(() => undefined)
        }
      >
        {t("tier.claim", { amount: shown })}
      </Button>
      <TransactionStatus status={terminal.status} showsProgress={false} />
    </div>
  );
}

/** What the DAO may still take back from an ended tier: the rewards of the seconds nobody staked. */
export const unpaidOf = (tier: StakingTier) =>
  tier.status === "ended" && !tier.recovered ? tier.rewardAmount - tier.allocated : 0n;

function TierCard({ dao, staking, tier }: { dao: Address; staking: Address; tier: StakingTier }) {
  const { t } = useTranslation("staking");
  const { stakeToken, rewardToken, position } = tier;
  const metadata = useQuery(stakingTierMetadataQuery(tier.metadataURL)).data;
  const title = t("tier.title", { id: tier.id.toString(), symbol: stakeToken.symbol });
  const unpaid = unpaidOf(tier);
  return (
    <section
      className={styles.card}
      aria-labelledby={`tier-${tier.id}`}
      data-testid={`staking-tier-${tier.id}`}
    >
      <div className={styles.row}>
        <h3 id={`tier-${tier.id}`}>{metadata?.name || title}</h3>
        <span data-testid={`tier-status-${tier.id}`}>{t(`status.${tier.status}`)}</span>
      </div>
      {metadata?.name ? <p className="muted">{title}</p> : null}
      {metadata?.description ? (
        <p data-testid={`tier-description-${tier.id}`}>{metadata.description}</p>
      ) : null}
      <dl className={styles.facts}>
        <div>
          <dt>{t("tier.reward")}</dt>
          <dd>{tokenAmount(tier.rewardAmount, rewardToken)}</dd>
        </div>
        <div>
          <dt>{t("tier.rate")}</dt>
          <dd data-testid={`tier-rate-${tier.id}`}>
            <RateText tier={tier} />
          </dd>
        </div>
        <div>
          <dt>{t("tier.period")}</dt>
          <dd>
            {dateOf(tier.startTime)} – {dateOf(tier.endTime)}
          </dd>
        </div>
        <div>
          <dt>{t("tier.totalStaked")}</dt>
          <dd>{tokenAmount(tier.totalStaked, stakeToken)}</dd>
        </div>
        <div>
          <dt>{t("tier.stakers")}</dt>
          <dd>{tier.stakersCount}</dd>
        </div>
        <div>
          <dt>{t("tier.distributed")}</dt>
          <dd>{tokenAmount(tier.allocated, rewardToken)}</dd>
        </div>
        {position ? (
          <>
            <div>
              <dt>{t("tier.myStake")}</dt>
              <dd data-testid={`my-stake-${tier.id}`}>{tokenAmount(position.staked, stakeToken)}</dd>
            </div>
            <div>
              <dt>{t("tier.accrued")}</dt>
              <dd data-testid={`accrued-${tier.id}`}>{tokenAmount(position.claimable, rewardToken)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      {unpaid > 0n ? (
        <p>
          <Link to={`/dao/${dao}/create-proposal/staking-recover/${tier.id}`}>
            {t("tier.recover", { amount: tokenAmount(unpaid, rewardToken) })}
          </Link>
        </p>
      ) : null}
      {position ? (
        <>
          <StakeTerminal dao={dao} staking={staking} tier={tier} position={position} />
          <ClaimButton dao={dao} staking={staking} tier={tier} claimable={position.claimable} />
        </>
      ) : (
        <p className="muted">{t("connectToStake")}</p>
      )}
    </section>
  );
}

/** The DAO profile's Staking section: its tiers (newest first), their rate, my stake and accrued rewards. */
export default function StakingSection({ dao }: { dao: Address }) {
  const { t } = useTranslation("staking");
  const query = useStaking(dao);
  if (query.isPending) return <LoadingState label={t("loading")} />;
  if (query.isError) return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  const staking = query.data;
  const create = `/dao/${dao}/create-proposal`;
  if (!staking) return <EmptyState title={t("notDeployed")} />;
  if (!staking.isEnabled)
    return (
      <EmptyState title={t("disabled")}>
        <Link to={`${create}/enable-staking`}>{t("enable")}</Link>
      </EmptyState>
    );
  return (
    <div className={styles.page}>
      <div className={styles.row}>
        <h2>{t("title")}</h2>
        <Link to={`${create}/create-staking-tier`}>{t("createTier")}</Link>
      </div>
      {staking.tiers.length === 0 ? <EmptyState title={t("noTiers")} /> : null}
      {[...staking.tiers].reverse().map((tier) => (
        <TierCard key={tier.id.toString()} dao={dao} staking={staking.address} tier={tier} />
      ))}
    </div>
  );
}
