import { formatUtcDateTime, fromUnixSeconds } from "@polity/core/format/date";
import { nftMultiplierAbi } from "@polity/core/generated/contracts";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import {
  formatMultiplier,
  type MultiplierNft,
  useNftMultiplier,
} from "../../../shared/chain/nftMultiplier.ts";
import { type AmountUnit, tokenAmount } from "../../../shared/format/tokenAmount.ts";
import { useContractWriter } from "../../../shared/tx/useContractWriter.ts";
import { useDaoTransaction } from "../../../shared/tx/useDaoTransaction.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { DataTable } from "../../../shared/ui/DataTable.tsx";
import { ErrorState, LoadingState } from "../../../shared/ui/StateViews.tsx";

const isExpired = (nft: MultiplierNft) => BigInt(Math.floor(Date.now() / 1000)) >= nft.rewardPeriodEnd;

/**
 * My balance's reward multiplier: the member's multiplier NFTs of the DAO's active collection, with Lock (one at
 * a time) and Unlock — both wait while the member votes on a proposal still in voting.
 */
export function MultiplierPanel({ dao, user, token }: { dao: Address; user: Address; token: AmountUnit }) {
  const { t } = useTranslation("multiplier");
  const query = useNftMultiplier(dao, user);
  const { writeContractAsync } = useContractWriter();
  const { status, run, chainId, isBusy } = useDaoTransaction(dao);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  const { address, nfts, locked, votingProposal } = query.data;
  if (!address) return null;
  const collection = address;

  const send = (tokenId: bigint, isLock: boolean) =>
    run(
      t(isLock ? "tx.lock" : "tx.unlock", { id: tokenId.toString() }),
      isLock ? "lockMultiplier" : "unlockMultiplier",
      () =>
        writeContractAsync({
          address: collection,
          abi: nftMultiplierAbi,
          chainId,
          ...(isLock ? { functionName: "lock", args: [tokenId] } : { functionName: "unlock", args: [] }),
        }),
    ).catch(() => undefined);

  return (
    <section aria-labelledby="multiplier-title" data-testid="multiplier-panel">
      <h3 id="multiplier-title">{t("title")}</h3>
      <p className="muted">{t("intro")}</p>
      {nfts.length === 0 ? <p className="muted">{t("none")}</p> : null}
      {votingProposal !== null && nfts.length > 0 ? (
        <p className="muted" role="status" data-testid="multiplier-voting">
          {t("waitVoting", { id: votingProposal.toString() })}
        </p>
      ) : null}
      {nfts.length > 0 ? (
        <DataTable columns={[t("nft"), t("multiplier"), t("periodEnd"), t("averageBalance"), t("status")]}>
          {nfts.map((nft) => {
            const id = nft.tokenId.toString();
            const isLocked = locked?.tokenId === nft.tokenId;
            const expired = isExpired(nft);
            return (
              <tr key={id} data-testid={`multiplier-nft-${id}`}>
                <th scope="row">#{id}</th>
                <td data-testid={`multiplier-value-${id}`}>
                  {t("times", { value: formatMultiplier(nft.multiplier) })}
                  {nft.multiplier !== nft.initialMultiplier
                    ? ` ${t("initial", { value: formatMultiplier(nft.initialMultiplier) })}`
                    : ""}
                </td>
                <td>{formatUtcDateTime(fromUnixSeconds(nft.rewardPeriodEnd))}</td>
                <td>{nft.averageBalance === 0n ? t("noLimit") : tokenAmount(nft.averageBalance, token)}</td>
                <td>
                  {isLocked ? (
                    <Button
                      size="small"
                      variant="secondary"
                      isLoading={isBusy}
                      disabled={votingProposal !== null}
                      data-testid={`multiplier-unlock-${id}`}
                      onClick={() => void send(nft.tokenId, false)}
                    >
                      {t("unlock")}
                    </Button>
                  ) : expired ? (
                    <span className="muted">{t("expired")}</span>
                  ) : (
                    <Button
                      size="small"
                      isLoading={isBusy}
                      disabled={locked !== null || votingProposal !== null}
                      data-testid={`multiplier-lock-${id}`}
                      onClick={() => void send(nft.tokenId, true)}
                    >
                      {t("lock")}
                    </Button>
                  )}
                  {isLocked ? (
                    <span className="muted" data-testid={`multiplier-locked-${id}`}>
                      {" "}
                      {t("lockedSince", { id: nft.lockedAfterProposal.toString() })}
                    </span>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </DataTable>
      ) : null}
      {status.error ? <p role="alert">{t(status.error, { ns: ["core", "common"] })}</p> : null}
    </section>
  );
}
