import { formatUtcDateTime, fromUnixSeconds } from "@polity/core/format/date";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Address } from "viem";
import { formatMultiplier, useNftMultiplier } from "../../shared/chain/nftMultiplier.ts";
import { tokenAmount } from "../../shared/format/tokenAmount.ts";
import type { RewardsOverview } from "./api/fetchRewards.ts";

/** The claim page's multiplier: the member's locked NFT, until when it multiplies, and the bonus of each claim. */
export function MultiplierNotice({ overview, user }: { overview: RewardsOverview; user: Address }) {
  const { t } = useTranslation("multiplier");
  const multiplier = useNftMultiplier(overview.dao, user);
  const locked = multiplier.data?.locked ?? null;
  // The pool's pending rewards carry each claim's bonus, computed as the claim pays it.
  const bonuses = overview.proposals.filter((p) => p.multiplierBonus > 0n);
  if (!locked) return null;
  const end = formatUtcDateTime(fromUnixSeconds(locked.rewardPeriodEnd));
  const isExpired = BigInt(Math.floor(Date.now() / 1000)) >= locked.rewardPeriodEnd;
  return (
    <section aria-labelledby="claim-multiplier" data-testid="claim-multiplier">
      <h2 id="claim-multiplier">{t("title")}</h2>
      <p>
        {isExpired
          ? t("claim.expired", { id: locked.tokenId.toString(), end })
          : t("claim.active", {
              id: locked.tokenId.toString(),
              value: formatMultiplier(locked.multiplier),
              end,
              after: locked.lockedAfterProposal.toString(),
            })}
      </p>
      {bonuses.length > 0 ? (
        <ul aria-label={t("claim.extra")}>
          {bonuses.map((b) => {
            const info = overview.tokens[b.token.toLowerCase()];
            return (
              <li key={b.id.toString()} data-testid={`multiplier-bonus-${b.id}`}>
                #{b.id.toString()}: {t("claim.extra")} +
                {tokenAmount(b.multiplierBonus, info?.decimals ?? 18, info?.symbol)}
              </li>
            );
          })}
        </ul>
      ) : null}
      <Link to={`/dao/${overview.dao}/my-balance`}>{t("claim.manage")}</Link>
    </section>
  );
}
