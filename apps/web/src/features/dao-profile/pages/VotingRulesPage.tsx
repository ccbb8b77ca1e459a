import type { OnchainProposalSettings } from "@polity/core/proposalSettings";
import { useTranslation } from "react-i18next";
import { zeroAddress } from "viem";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import type { DaoProfile } from "../api/fetchDaoProfile.ts";
import { AddressLink } from "../components/DaoHeader.tsx";
import { duration, percent } from "../components/format.ts";
import styles from "../DaoProfile.module.css";

function SettingsTable({
  settings,
  decimals,
  chainId,
}: {
  settings: OnchainProposalSettings;
  decimals: number;
  chainId: number;
}) {
  const { t } = useTranslation("daoProfile");
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
    [t("rules.minVotesForVoting"), tokenAmount(settings.minVotesForVoting, decimals)],
    [t("rules.minVotesForCreating"), tokenAmount(settings.minVotesForCreating, decimals)],
    [
      t("rules.rewardToken"),
      settings.rewardsInfo.rewardToken === zeroAddress ? (
        t("rules.noRewardToken")
      ) : (
        <AddressLink key="reward-token" chainId={chainId} address={settings.rewardsInfo.rewardToken} />
      ),
    ],
    [t("rules.creationReward"), tokenAmount(settings.rewardsInfo.creationReward, 18)],
    [t("rules.executionReward"), tokenAmount(settings.rewardsInfo.executionReward, 18)],
    [t("rules.voteRewardsCoefficient"), tokenAmount(settings.rewardsInfo.voteRewardsCoefficient, 18)],
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
  const decimals = profile.token?.decimals ?? 18;
  const slots = [
    ["default", profile.settings.default],
    ["internal", profile.settings.internal],
    ["validators", profile.settings.validators],
  ] as const;
  return (
    <section className={styles.section}>
      <h2>{t("rules.title")}</h2>
      <dl className={styles.grid}>
        <div className={styles.card}>
          <dt>{t("rules.votePower")}</dt>
          <dd>{profile.config.isLinearPower ? t("rules.linear") : t("rules.nonLinear")}</dd>
        </div>
        <div className={styles.card}>
          <dt>{t("rules.minVotesForReadDiscussion")}</dt>
          <dd>{tokenAmount(profile.commentSettings.minVotesForReadProposalDiscussion, decimals)}</dd>
        </div>
        <div className={styles.card}>
          <dt>{t("rules.minVotesForComment")}</dt>
          <dd>{tokenAmount(profile.commentSettings.minVotesForCreatingComment, decimals)}</dd>
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
            <SettingsTable settings={settings} decimals={decimals} chainId={profile.chainId} />
          </div>
        ) : null,
      )}
    </section>
  );
}
