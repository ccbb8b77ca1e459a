import { STALE_TIMES } from "@polity/core/constants";
import { tokenSaleProposalAbi } from "@polity/core/generated/contracts";
import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { type Address, formatUnits } from "viem";
import { type ReadClient, useReadClient } from "../../../shared/chain/readClient.ts";
import { fetchTokenInfos, type TokenInfo, tokenInfoOf } from "../../../shared/chain/tokenInfo.ts";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import { queryRoots } from "../../../shared/query/queryKeys.ts";
import { fetchTokenSaleTier, type TierRecord } from "../../../shared/tracker/tokenSaleApi.ts";
import { EmptyState, ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";
import type { PoolContext } from "../api/poolContext.ts";
import { type BuiltProposal, CreateProposalShell } from "../components/CreateProposalShell.tsx";
import styles from "../createProposal.module.css";
import { callAction } from "../lib/callAction.ts";

/** What goes back to the treasury: the tier's tokens that were not sold. */
export const unsoldOf = (tier: TierRecord) => BigInt(tier.total_token_provided) - BigInt(tier.total_sold);

/**
 * Why the tier cannot be recovered, or null: the contract's `recover` takes back the unsold part of a
 * tier that ended or was switched off, once.
 */
export function recoverRefusal(tier: TierRecord): "notFinished" | "alreadyRecovered" | null {
  if (tier.recovered_amount !== null) return "alreadyRecovered";
  if (tier.status === "pending" || tier.status === "active") return "notFinished";
  return null;
}

/** The proposal: the DAO's token sale executor runs `recover([tierId])`. */
export function recoverProposal(tier: TierRecord, sale: TokenInfo): BuiltProposal {
  return {
    actions: [
      callAction(tier.token_sale, {
        abi: tokenSaleProposalAbi,
        functionName: "recover",
        args: [[BigInt(tier.tier_id)]],
      }),
    ],
    proposedChanges: {
      tierId: tier.tier_id,
      tierName: tier.name,
      token: tier.sale_token,
      symbol: sale.symbol,
      amount: formatUnits(unsoldOf(tier), sale.decimals),
    },
    currentChanges: {
      totalProvided: formatUnits(BigInt(tier.total_token_provided), sale.decimals),
      totalSold: formatUnits(BigInt(tier.total_sold), sale.decimals),
    },
  };
}

function recoverTierQuery(client: ReadClient | undefined, chainId: number, pool: Address, tierId: string) {
  return queryOptions({
    queryKey: [queryRoots.tokenSales, chainId, pool.toLowerCase(), "recover", tierId],
    queryFn: client
      ? async ({ signal }) => {
          const tier = await fetchTokenSaleTier(chainId, pool, tierId, { signal });
          const infos = await fetchTokenInfos(client, chainId, [tier.sale_token]);
          return { tier, sale: tokenInfoOf(infos, tier.sale_token) };
        }
      : skipToken,
    staleTime: STALE_TIMES.liveMs,
  });
}

/** `token-sale-recover/:tierId`: a proposal taking the unsold tokens of a finished tier back to the treasury. */
export function TokenSaleRecoverForm({ ctx, chainId }: { ctx: PoolContext; chainId: number }) {
  const { t } = useTranslation("createProposal");
  const { tierId = "" } = useParams();
  const client = useReadClient({ chainId }) as ReadClient | undefined;
  const validId = /^\d+$/.test(tierId);
  const query = useQuery({
    ...recoverTierQuery(client, chainId, ctx.pool, tierId),
    enabled: validId,
  });

  if (!validId) return <EmptyState title={t("recover.notFound", { id: tierId })} />;
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    if ((query.error as { status?: number }).status === 404)
      return <EmptyState title={t("recover.notFound", { id: tierId })} />;
    return <ErrorState onRetry={() => void query.refetch()} />;
  }
  const { tier, sale } = query.data;
  const amount = (value: bigint) => tokenAmount(value, sale.decimals, sale.symbol);
  const summary = (
    <dl className={styles.list}>
      <dt>{t("recover.tier")}</dt>
      <dd>
        {tier.name} (#{tier.tier_id})
      </dd>
      <dt>{t("recover.status")}</dt>
      <dd>{t(`recover.statuses.${tier.status}`)}</dd>
      <dt>{t("recover.provided")}</dt>
      <dd>{amount(BigInt(tier.total_token_provided))}</dd>
      <dt>{t("recover.sold")}</dt>
      <dd>{amount(BigInt(tier.total_sold))}</dd>
      <dt>{t("recover.returned")}</dt>
      <dd data-testid="recover-amount">{amount(unsoldOf(tier))}</dd>
    </dl>
  );
  const refusal = recoverRefusal(tier);
  if (refusal)
    return (
      <section className={styles.card}>
        <h1>{t("types.tokenSaleRecover.title")}</h1>
        {summary}
        <p role="alert">
          {t(`recover.refused.${refusal}`, {
            amount: tier.recovered_amount ? amount(BigInt(tier.recovered_amount)) : "",
          })}
        </p>
        <Link to={`/dao/${ctx.pool}/dao-token-sales/${tier.tier_id}/token-purchase`}>
          {t("recover.backToTier")}
        </Link>
      </section>
    );
  return (
    <CreateProposalShell
      ctx={ctx}
      chainId={chainId}
      title={t("types.tokenSaleRecover.title")}
      category="tokenSaleRecover"
      build={() => recoverProposal(tier, sale)}
    >
      {summary}
    </CreateProposalShell>
  );
}
