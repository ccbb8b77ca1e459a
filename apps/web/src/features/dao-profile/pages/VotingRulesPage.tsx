import type { OnchainProposalSettings } from "@polity/core/proposalSettings";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { zeroAddress } from "viem";
import { useReadClient } from "../../../shared/chain/readClient.ts";
import { tokenInfoOf } from "../../../shared/chain/tokenInfo.ts";
import { type AmountUnit, tokenAmount } from "../../../shared/format/tokenAmount.ts";
import { ErrorState } from "../../../shared/ui/StateViews.tsx";
import type { DaoProfile } from "../api/fetchDaoProfile.ts";
import { rewardTokensQuery } from "../api/rewardTokensQuery.ts";
import { AddressLink } from "../components/DaoHeader.tsx";
import { coefficient, daoUnit, duration, percent } from "../components/format.ts";
import styles from "../DaoProfile.module.css";

function SettingsTable({
  settings,
  unit,
  rewardUnit,
  rewardFailed,
  chainId,
}: {
  settings: OnchainProposalSettings;
  unit: AmountUnit;
  /** The reward token's unit; undefined while it is read, so no reward shows on guessed decimals. */
  rewardUnit: AmountUnit | undefined;
  /** The reward token could not be read: its amounts are unavailable (the page says so once, with a retry). */
  rewardFailed: boolean;
  chainId: number;
}) {
  const { t } = useTranslation("daoProfile");
  const hasRewardToken = settings.rewardsInfo.rewardToken !== zeroAddress;
  const reward = (value: bigint) =>
    !hasRewardToken
      ? "—"
      : rewardUnit
        ? tokenAmount(value, rewardUnit)
        : rewardFailed
          ? t("rules.rewardUnavailable")
          : "…";
  const yes = t("rules.yes");
  const no = t("rules.no");
  const rows: [string, React.ReactNode][] = [
    [t("rules.duration"), duration(settings.duration)],
    [t("rules.quorum"), percent(settings.quorum)],
    [t("rules.executionDelay"), duration(settings.executionDelay)],
    [t("rules.earlyCompletion"), settings.earlyCompletion ? yes : no],
    [t("rules.delegatedVotingAllowed"), settings.delegatedVotingAllowed ? yes : no],
    [t("rules.validatorsVote"), settings.validatorsVote ? yes : no],
    ...(settings.validatorsVote
      ? ([
          [t("rules.durationValidators"), duration(settings.durationValidators)],
          [t("rules.quorumValidators"), percent(settings.quorumValidators)],
        ] as [string, React.ReactNode][])
      : []),
    [t("rules.minVotesForVoting"), tokenAmount(settings.minVotesForVoting, unit)],
    [t("rules.minVotesForCreating"), tokenAmount(settings.minVotesForCreating, unit)],
    [
      t("rules.rewardToken"),
      !hasRewardToken ? (
        t("rules.noRewardToken")
      ) : (
        <AddressLink key="reward-token" chainId={chainId} address={settings.rewardsInfo.rewardToken} />
      ),
    ],
    [t("rules.creationReward"), reward(settings.rewardsInfo.creationReward)],
    [t("rules.executionReward"), reward(settings.rewardsInfo.executionReward)],
    [t("rules.voteRewardsCoefficient"), coefficient(settings.rewardsInfo.voteRewardsCoefficient)],
  ];
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function VotingRulesPage({ profile }: { profile: DaoProfile }) {
  const { t } = useTranslation("daoProfile");
  const unit = daoUnit(profile);
  const slots = [
    ["default", profile.settings.default],
    ["internal", profile.settings.internal],
    ["validators", profile.settings.validators],
  ] as const;
  const rewardTokens = slots
    .map(([, settings]) => settings?.rewardsInfo.rewardToken ?? zeroAddress)
    .filter((token) => token !== zeroAddress);
  const client = useReadClient({ chainId: profile.chainId });
  const rewardQuery = useQuery(rewardTokensQuery(client, profile.chainId, profile.address, rewardTokens));
  const rewardInfos = rewardQuery.data;
  return (
    <section className={styles.section}>
      <h2>{t("rules.title")}</h2>
      {rewardQuery.isError ? (
        <ErrorState message={t("rules.rewardTokenError")} onRetry={() => void rewardQuery.refetch()} />
      ) : null}
      <dl className={styles.grid}>
        <div className={styles.card}>
          <dt>{t("rules.votePower")}</dt>
          <dd>{profile.config.isLinearPower ? t("rules.linear") : t("rules.nonLinear")}</dd>
        </div>
        <div className={styles.card}>
          <dt>{t("rules.minVotesForReadDiscussion")}</dt>
          <dd>{tokenAmount(profile.commentSettings.minVotesForReadProposalDiscussion, unit)}</dd>
        </div>
        <div className={styles.card}>
          <dt>{t("rules.minVotesForComment")}</dt>
          <dd>{tokenAmount(profile.commentSettings.minVotesForCreatingComment, unit)}</dd>
        </div>
        <div className={styles.card}>
          <dt>{t("rules.settingsCount")}</dt>
          <dd>{profile.settings.count.toString()}</dd>
        </div>
      </dl>
      {slots.map(([slot, settings]) =>
        settings ? (
          <div key={slot} className={styles.section} data-testid={`rules-${slot}`}>
            <h3>{t(`rules.slots.${slot}`)}</h3>
            <SettingsTable
              settings={settings}
              unit={unit}
              rewardUnit={rewardInfos && tokenInfoOf(rewardInfos, settings.rewardsInfo.rewardToken)}
              rewardFailed={rewardQuery.isError}
              chainId={profile.chainId}
            />
          </div>
        ) : null,
      )}
    </section>
  );
}
