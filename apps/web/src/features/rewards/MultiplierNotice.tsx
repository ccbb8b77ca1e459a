import { formatUtcDateTime, fromUnixSeconds } from "@polity/core/format/date";
import { nftMultiplierAbi } from "@polity/core/generated/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Address } from "viem";
import { formatMultiplier, useNftMultiplier } from "../../shared/chain/nftMultiplier.ts";
import { readBatch, readCall } from "../../shared/chain/readBatch.ts";
import { useReadClient } from "../../shared/chain/readClient.ts";
import { tokenAmount } from "../../shared/format/tokenAmount.ts";
import { daoKey, queryRoots } from "../../shared/query/queryKeys.ts";
import { useSelectedChainId } from "../../shared/wallet/selectedChain.ts";
import type { RewardsOverview } from "./api/fetchRewards.ts";

/** What the locked NFT adds to each claimable vote reward of the page, as the pool will pay it. */
function useBonuses(collection: Address | null, user: Address, overview: RewardsOverview) {
  const chainId = useSelectedChainId();
  const client = useReadClient({ chainId });
  const rows = overview.proposals.filter(
    (p) => p.voting.personal + p.voting.micropool + p.voting.treasury > 0n,
  );
  return useQuery({
    queryKey: daoKey(
      queryRoots.dao,
      chainId,
      overview.dao,
      "multiplier-bonus",
      user.toLowerCase(),
      rows.map((p) => p.id.toString()),
    ),
    enabled: Boolean(client && collection && rows.length > 0),
    queryFn: async () => {
      const contract = { address: collection as Address, abi: nftMultiplierAbi } as const;
      const { extras } = await readBatch(client!, {
        extras: rows.map((p) =>
          readCall(contract, "getExtraRewards", [
            user,
            p.id,
            p.voting.personal + p.voting.micropool + p.voting.treasury,
          ]),
        ),
      });
      return rows
        .map((p, i) => ({ id: p.id, token: p.token, extra: extras[i] ?? 0n }))
        .filter((r) => r.extra > 0n);
    },
  });
}

/** The claim page's multiplier: the member's locked NFT, until when it multiplies, and the bonus of each claim. */
export function MultiplierNotice({ overview, user }: { overview: RewardsOverview; user: Address }) {
  const { t } = useTranslation("multiplier");
  const multiplier = useNftMultiplier(overview.dao, user);
  const locked = multiplier.data?.locked ?? null;
  const bonuses = useBonuses(locked ? (multiplier.data?.address ?? null) : null, user, overview);
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
      {bonuses.data && bonuses.data.length > 0 ? (
        <ul aria-label={t("claim.extra")}>
          {bonuses.data.map((b) => {
            const info = overview.tokens[b.token.toLowerCase()];
            return (
              <li key={b.id.toString()} data-testid={`multiplier-bonus-${b.id}`}>
                #{b.id.toString()}: {t("claim.extra")} +
                {tokenAmount(b.extra, info?.decimals ?? 18, info?.symbol)}
              </li>
            );
          })}
        </ul>
      ) : null}
      <Link to={`/dao/${overview.dao}/my-balance`}>{t("claim.manage")}</Link>
    </section>
  );
}
