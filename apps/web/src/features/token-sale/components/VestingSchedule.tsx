import { formatUtcDateTime, fromUnixSeconds } from "@polity/core/format/date";
import { vestingSchedule } from "@polity/core/tokenSale";
import { useTranslation } from "react-i18next";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import type { TierRecord } from "../../../shared/tracker/tokenSaleApi.ts";
import styles from "../TokenSale.module.css";

/** Rows of the unlock table at most (the last one is always the vesting's end). */
const MAX_ROWS = 24;

/** When the buyer's vesting part unlocks (core's vesting rule, from the sale's end): a bar and the amount per unlock. */
export function VestingSchedule({
  tier,
  total,
  decimals,
  symbol,
}: {
  tier: TierRecord;
  total: bigint;
  decimals: number;
  symbol: string;
}) {
  const { t } = useTranslation("tokenSale");
  const points = vestingSchedule(
    total,
    {
      start: BigInt(tier.sale_end_time),
      cliff: BigInt(tier.cliff_period),
      duration: BigInt(tier.vesting_duration),
      step: BigInt(tier.unlock_step),
    },
    MAX_ROWS,
  ).filter((point) => point.vested !== "0");
  if (points.length === 0) return null;
  return (
    <div className={styles.scheduleWrap}>
      <table className={styles.schedule} aria-label={t("position.scheduleLabel")}>
        <thead>
          <tr>
            <th scope="col">{t("position.unlockDate")}</th>
            <th scope="col">{t("position.unlocked")}</th>
            <th scope="col">{t("position.share")}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => {
            const vested = BigInt(point.vested);
            const share = Number((vested * 10_000n) / total) / 100;
            return (
              <tr key={point.timestamp} data-testid="vesting-row">
                <td>{formatUtcDateTime(fromUnixSeconds(point.timestamp))}</td>
                <td>{tokenAmount(vested, decimals, symbol)}</td>
                <td>
                  <div className={styles.bar} role="img" aria-label={`${share}%`}>
                    <span className={styles.barFill} style={{ width: `${share}%` }} />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
