import { tokenSaleProposalAbi } from "@polity/core/generated/contracts";
import { useTranslation } from "react-i18next";
import { type Address, erc20Abi, erc721Abi } from "viem";
import { tokenInfoOf } from "../../../shared/chain/tokenInfo.ts";
import { shortAddress } from "../../../shared/format/shortAddress.ts";
import { tokenAmount } from "../../../shared/format/tokenAmount.ts";
import { TransactionStatus } from "../../../shared/tx/TerminalSubmit.tsx";
import { useContractWriter } from "../../../shared/tx/useContractWriter.ts";
import { useDaoTransaction } from "../../../shared/tx/useDaoTransaction.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import type { TokenPurchase } from "../api/fetchTokenPurchase.ts";
import styles from "../TokenSale.module.css";

/** What the buyer still has to lock for the tier's token lock and NFT lock requirements. */
export function locksNeeded(purchase: TokenPurchase) {
  const { tier, buyer } = purchase;
  const tokenLock = tier.participation.find((p) => p.participation_type === 3);
  const nftLock = tier.participation.find((p) => p.participation_type === 4);
  const tokens = tokenLock && buyer ? BigInt(tokenLock.amount ?? "0") - buyer.lockedTokens : 0n;
  const nfts = nftLock && buyer ? Number(nftLock.count ?? "0") - buyer.lockedNfts : 0;
  return {
    tokenLock: tokenLock?.token ? { token: tokenLock.token, missing: tokens > 0n ? tokens : 0n } : null,
    nftLock: nftLock?.nft ? { nft: nftLock.nft, missing: nfts > 0 ? nfts : 0 } : null,
  };
}

/**
 * The token lock and NFT lock of a tier: approve, then lock what the requirement still asks in the tier;
 * once the tier ended or is off, take the locked tokens and NFTs back.
 */
export function ParticipationLocks({ purchase, dao }: { purchase: TokenPurchase; dao: Address }) {
  const { t } = useTranslation("tokenSale");
  const { writeContractAsync } = useContractWriter();
  const { status, run, chainId, isBusy } = useDaoTransaction(dao);
  const { tier, buyer, tokens } = purchase;
  const { tokenLock, nftLock } = locksNeeded(purchase);
  if (!buyer || (!tokenLock && !nftLock)) return null;
  const tierId = BigInt(tier.tier_id);
  const isOpen = tier.status === "pending" || tier.status === "active";
  const hasLocked = buyer.lockedTokens > 0n || buyer.lockedNfts > 0;
  const send = (summary: string, kind: string, call: Parameters<typeof writeContractAsync>[0]) =>
    run(summary, kind, () => writeContractAsync(call)).catch(() => undefined);
  const lockCall = (amount: bigint, nftIds: bigint[]) =>
    ({
      address: tier.token_sale,
      abi: tokenSaleProposalAbi,
      chainId,
      functionName: "lockParticipation",
      args: [tierId, amount, nftIds],
    }) as const;

  const token = tokenLock ? tokenInfoOf(tokens, tokenLock.token) : null;
  const tokenText = token && tokenLock ? tokenAmount(tokenLock.missing, token) : "";
  const nftIds = nftLock ? buyer.walletNfts.slice(0, nftLock.missing) : [];
  return (
    <section className={styles.card} aria-labelledby="locks-title">
      <h2 id="locks-title">{t("locks.title")}</h2>
      {tokenLock && token && isOpen ? (
        tokenLock.missing === 0n ? (
          <p className={styles.met} data-testid="token-lock-done">
            {t("locks.tokensLocked")}
          </p>
        ) : buyer.lockTokenAllowance < tokenLock.missing ? (
          <Button
            data-testid="token-lock-approve"
            disabled={isBusy || buyer.lockTokenBalance < tokenLock.missing}
            onClick={() =>
              void send(t("locks.approveTokens", { amount: tokenText }), "tokenSaleLockApprove", {
                address: tokenLock.token,
                abi: erc20Abi,
                chainId,
                functionName: "approve",
                args: [tier.token_sale, tokenLock.missing],
              })
            }
          >
            {buyer.lockTokenBalance < tokenLock.missing
              ? t("locks.notEnoughTokens", { amount: tokenText })
              : t("locks.approveTokens", { amount: tokenText })}
          </Button>
        ) : (
          <Button
            data-testid="token-lock-submit"
            disabled={isBusy || buyer.lockTokenBalance < tokenLock.missing}
            onClick={() =>
              void send(
                t("locks.lockTokens", { amount: tokenText }),
                "tokenSaleLock",
                lockCall(tokenLock.missing, []),
              )
            }
          >
            {t("locks.lockTokens", { amount: tokenText })}
          </Button>
        )
      ) : null}
      {nftLock && isOpen ? (
        nftLock.missing === 0 ? (
          <p className={styles.met} data-testid="nft-lock-done">
            {t("locks.nftsLocked")}
          </p>
        ) : nftIds.length < nftLock.missing ? (
          <p className={styles.unmet} data-testid="nft-lock-missing">
            {t("locks.notEnoughNfts", { count: nftLock.missing, nft: shortAddress(nftLock.nft) })}
          </p>
        ) : !buyer.nftsApproved ? (
          <Button
            data-testid="nft-lock-approve"
            disabled={isBusy}
            onClick={() =>
              void send(t("locks.approveNfts", { nft: shortAddress(nftLock.nft) }), "tokenSaleLockApprove", {
                address: nftLock.nft,
                abi: erc721Abi,
                chainId,
                functionName: "setApprovalForAll",
                args: [tier.token_sale, true],
              })
            }
          >
            {t("locks.approveNfts", { nft: shortAddress(nftLock.nft) })}
          </Button>
        ) : (
          <Button
            data-testid="nft-lock-submit"
            disabled={isBusy}
            onClick={() =>
              void send(
                t("locks.lockNfts", { count: nftIds.length, ids: nftIds.join(", ") }),
                "tokenSaleLock",
                lockCall(0n, nftIds),
              )
            }
          >
            {t("locks.lockNfts", { count: nftIds.length, ids: nftIds.join(", ") })}
          </Button>
        )
      ) : null}
      {!isOpen && hasLocked ? (
        <Button
          variant="secondary"
          data-testid="unlock-submit"
          disabled={isBusy}
          onClick={() =>
            void send(t("locks.unlock"), "tokenSaleUnlock", {
              address: tier.token_sale,
              abi: tokenSaleProposalAbi,
              chainId,
              functionName: "unlockParticipation",
              args: [tierId],
            })
          }
        >
          {t("locks.unlock")}
        </Button>
      ) : null}
      <TransactionStatus status={status} />
    </section>
  );
}
