import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useBlockNumber, useConfig, useConnection } from "wagmi";
import { getTransactionReceipt } from "wagmi/actions";
import { showToast } from "../state/toasts.ts";
import { shouldCheckTransaction } from "./transactionsReducer.ts";
import { transactionsStore, usePendingTransactions } from "./transactionsStore.ts";

/**
 * Follows the connected chain's pending transactions (also those submitted before a reload): on
 * each new block it checks the ones due (core's back-off), stores receipts and tells the user.
 */
export default function PendingTransactionsWatcher() {
  const { t } = useTranslation();
  const { chainId } = useConnection();
  const pending = usePendingTransactions(chainId);
  const config = useConfig();
  const { data: blockNumber } = useBlockNumber({ chainId, watch: pending.length > 0 });

  useEffect(() => {
    if (chainId === undefined || blockNumber === undefined) return;
    const block = Number(blockNumber);
    for (const tx of pending) {
      if (!shouldCheckTransaction(tx, block, Date.now())) continue;
      getTransactionReceipt(config, { hash: tx.hash, chainId })
        .then((receipt) => {
          transactionsStore.dispatch({
            type: "finalized",
            chainId,
            hash: tx.hash,
            receipt,
            confirmedTime: Date.now(),
          });
          const summary = typeof tx.info.summary === "string" ? tx.info.summary : t("tx.transaction");
          showToast(
            receipt.status === "success"
              ? { kind: "success", message: t("tx.confirmed", { summary }) }
              : { kind: "error", message: t("tx.reverted", { summary }) },
            { key: `tx-${tx.hash}` },
          );
        })
        .catch(() => {
          // Not mined yet: remember the block so the back-off spaces out the next checks.
          transactionsStore.dispatch({ type: "checked", chainId, hash: tx.hash, blockNumber: block });
        });
    }
  }, [blockNumber, chainId, config, pending, t]);

  return null;
}
