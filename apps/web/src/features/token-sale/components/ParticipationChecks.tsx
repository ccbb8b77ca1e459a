import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { tokenInfoOf } from "../../../shared/chain/tokenInfo.ts";
import { shortAddress } from "../../../shared/format/shortAddress.ts";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import type { TokenPurchase } from "../api/fetchTokenPurchase.ts";
import styles from "../TokenSale.module.css";

type Check = { key: string; text: string; met: boolean | undefined };

/** Each requirement of the tier explained, with whether the connected account meets it where that is known. */
function checksOf(purchase: TokenPurchase, t: TFunction<"tokenSale">): Check[] {
  const { tier, buyer, tokens } = purchase;
  return tier.participation.map((p, index): Check => {
    const key = `${p.participation_type}-${index}`;
    switch (p.participation_type) {
      case 0: {
        const min = BigInt(p.min_votes ?? "0");
        const votes = purchase.votesToken;
        return {
          key,
          text: t("checks.daoVotesMin", { amount: tokenAmount(min, votes ?? { decimals: 18 }) }),
          met: buyer?.daoVotes === undefined ? undefined : buyer.daoVotes >= min,
        };
      }
      case 1:
        return { key, text: t("checks.whitelist"), met: buyer?.isWhitelisted };
      case 2:
        return { key, text: t("checks.babt"), met: undefined };
      case 3: {
        const token = tokenInfoOf(tokens, p.token ?? "");
        const amount = BigInt(p.amount ?? "0");
        return {
          key,
          text: t("checks.tokenLock", { amount: tokenAmount(amount, token) }),
          met: buyer ? buyer.lockedTokens >= amount : undefined,
        };
      }
      case 4: {
        const count = Number(p.count ?? "0");
        return {
          key,
          text: t("checks.nftLock", { count, nft: shortAddress(p.nft ?? "") }),
          met: buyer ? buyer.lockedNfts >= count : undefined,
        };
      }
      default:
        return { key, text: t("checks.merkle"), met: buyer ? buyer.proof !== null : undefined };
    }
  });
}

/** What the tier asks of a buyer, explained before buying, and whether the connected account qualifies. */
export function ParticipationChecks({ purchase }: { purchase: TokenPurchase }) {
  const { t } = useTranslation("tokenSale");
  const checks = checksOf(purchase, t);
  const { buyer } = purchase;
  const notWhitelisted = checks.some(
    (c, i) => c.met === false && [1, 5].includes(purchase.tier.participation[i]!.participation_type),
  );
  return (
    <section className={styles.card} aria-labelledby="participation-title">
      <h2 id="participation-title">{t("checks.title")}</h2>
      {checks.length === 0 ? (
        <p data-testid="participation-open">{t("checks.open")}</p>
      ) : (
        <ul className={styles.checks}>
          {checks.map((check) => (
            <li key={check.key} data-testid="participation-check">
              <span className={check.met === false ? styles.unmet : check.met ? styles.met : undefined}>
                {check.met === undefined ? "•" : check.met ? "✓" : "✗"}
              </span>{" "}
              {check.text}
            </li>
          ))}
        </ul>
      )}
      {!buyer ? (
        <p className="muted">{t("checks.connect")}</p>
      ) : notWhitelisted ? (
        <p role="alert" className={styles.unmet} data-testid="participation-verdict">
          {t("errors.accountNotWhitelisted", { ns: "core" })}
        </p>
      ) : buyer.canParticipate ? (
        <p className={styles.met} data-testid="participation-verdict">
          {t("checks.eligible")}
        </p>
      ) : (
        <p role="alert" className={styles.unmet} data-testid="participation-verdict">
          {t("checks.ineligible")}
        </p>
      )}
    </section>
  );
}
