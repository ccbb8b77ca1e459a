import { STALE_TIMES } from "@polity/core/constants";
import { distributionProposalAbi } from "@polity/core/generated/contracts";
import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { useConnection } from "wagmi";
import { type ReadClient, useReadClient } from "../../../shared/chain/readClient.ts";
import { fetchTokenInfos, tokenInfoOf } from "../../../shared/chain/tokenInfo.ts";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import { daoKey, queryRoots } from "../../../shared/query/queryKeys.ts";
import { fetchDistribution } from "../../../shared/tracker/tokenSaleApi.ts";
import { useContractWriter } from "../../../shared/tx/useContractWriter.ts";
import { useDaoTransaction } from "../../../shared/tx/useDaoTransaction.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import type { ProposalDetails } from "../api/fetchProposalDetails.ts";
import styles from "../ProposalDetails.module.css";

export { DISTRIBUTION_EXECUTE, fundsDistribution } from "./fundsDistribution.ts";

function distributionQuery(
  client: ReadClient | undefined,
  chainId: number,
  dao: Address,
  id: bigint,
  voter: Address | undefined,
) {
  return queryOptions({
    queryKey: daoKey(queryRoots.proposals, chainId, dao, id.toString(), "distribution", voter ?? null),
    queryFn: client
      ? async ({ signal }) => {
          const distribution = await fetchDistribution(chainId, dao, id.toString(), voter, { signal });
          const infos = distribution.token
            ? await fetchTokenInfos(client, chainId, [distribution.token])
            : null;
          return {
            distribution,
            token: infos && distribution.token ? tokenInfoOf(infos, distribution.token) : null,
          };
        }
      : skipToken,
    staleTime: STALE_TIMES.liveMs,
  });
}

/**
 * A distribution proposal's panel: the amount it funded, what voters claimed, and for the connected voter
 * their share (pro rata to their personal votes for) with the Claim button.
 */
export function DistributionClaim({ details, id }: { details: ProposalDetails; id: bigint }) {
  const { t } = useTranslation("proposalDetails");
  const { address } = useConnection();
  const client = useReadClient({ chainId: details.chainId });
  const query = useQuery(distributionQuery(client, details.chainId, details.dao, id, address));
  const { writeContractAsync } = useContractWriter();
  const { run, isBusy, chainId } = useDaoTransaction(details.dao);
  // What this page claimed: shown at once, before the indexer has the claim.
  const [claimedHere, setClaimedHere] = useState<string | null>(null);
  if (!query.data) return null;
  const { distribution, token } = query.data;
  const amount = (value: string) => tokenAmount(BigInt(value), token?.decimals ?? 18, token?.symbol);
  const voter = distribution.voter;
  const claimable = BigInt(voter?.claimable ?? "0");
  const executor = distribution.distribution_proposal;
  return (
    <section className={styles.card} aria-labelledby="distribution-title" data-testid="distribution-panel">
      <h2 id="distribution-title">{t("distribution.title")}</h2>
      {distribution.is_funded ? (
        <p data-testid="distribution-state">
          {t("distribution.funded", {
            amount: amount(distribution.amount),
            claimed: amount(distribution.claimed_total),
            count: distribution.claims_count,
          })}
        </p>
      ) : (
        <p className="muted">{t("distribution.notFunded")}</p>
      )}
      {(voter?.claimed ?? claimedHere) ? (
        <p data-testid="distribution-claimed">
          {t("distribution.youClaimed", { amount: amount((voter?.claimed ?? claimedHere) as string) })}
        </p>
      ) : voter && executor ? (
        <Button
          data-testid="distribution-claim"
          disabled={claimable === 0n || isBusy}
          onClick={() =>
            void run(
              t("distribution.tx", { amount: amount(voter.claimable), id: id.toString() }),
              "distributionClaim",
              () =>
                writeContractAsync({
                  address: executor,
                  abi: distributionProposalAbi,
                  chainId,
                  functionName: "claim",
                  args: [voter.address, [id]],
                }),
            )
              .then(() => setClaimedHere(voter.claimable))
              .catch(() => undefined)
          }
        >
          {claimable > 0n
            ? t("distribution.claim", { amount: amount(voter.claimable) })
            : t("distribution.nothing")}
        </Button>
      ) : null}
    </section>
  );
}
