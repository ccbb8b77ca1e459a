import { toUserError } from "@polity/core/errors/toUserError";
import { useCallback, useReducer } from "react";
import { useTranslation } from "react-i18next";
import type { Address, TransactionReceipt } from "viem";
import { useConfig } from "wagmi";
import { dismissToast, showToast } from "../state/toasts.ts";
import { initialSubmitStatus, type SubmitStatus, submitReducer } from "./submitReducer.ts";
import type { Hash, TransactionInfo } from "./transactionsReducer.ts";
import { addTransaction, transactionsStore } from "./transactionsStore.ts";

export interface SubmitParams {
  chainId: number;
  from: string;
  /** Asks the wallet to sign and send; resolves with the transaction hash. */
  send(): Promise<Hash>;
  /** Stored with the record; `summary` is shown in toasts ("Create DAO Acme"). */
  info: TransactionInfo & { summary: string };
}

/**
 * One transaction through the spec's submit states IDLE → SIGN → WAIT_CONFIRM → SUCCESS (back to
 * IDLE with the error on failure), recorded in the transaction store and announced by toasts.
 */
export function useSubmitTransaction() {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const [status, dispatch] = useReducer(submitReducer, initialSubmitStatus as SubmitStatus);

  const submit = useCallback(
    async ({ chainId, from, send, info }: SubmitParams): Promise<TransactionReceipt> => {
      dispatch({ type: "started" });
      try {
        // The account's first transaction on this chain waits for its agreement to the terms.
        const { ensureRegistryAgreement } = await import("./registryAgreement.ts");
        await ensureRegistryAgreement(config, chainId, from as Address, async () => {
          await i18n.loadNamespaces("terms");
          const key = showToast({ kind: "info", message: t("terms:step") }, { removeAfterMs: null });
          return () => dismissToast(key);
        });
      } catch (err) {
        const entry = toUserError(err);
        dispatch({ type: "failed", error: entry.messageKey });
        if (!entry.isUserRejection) console.error("Terms agreement failed", { from, chainId, err });
        showToast({ kind: entry.isUserRejection ? "info" : "error", message: t(entry.messageKey) });
        throw err;
      }
      const signKey = showToast(
        { kind: "info", message: t("tx.confirmInWallet", { summary: info.summary }) },
        { removeAfterMs: null },
      );
      let hash: Hash | undefined;
      try {
        hash = await send();
        dismissToast(signKey);
        dispatch({ type: "signed", hash });
        addTransaction(chainId, hash, from, info);
        showToast(
          { kind: "info", message: t("tx.pending", { summary: info.summary }) },
          { key: `tx-${hash}`, removeAfterMs: null },
        );
        const { waitForTransactionReceipt } = await import("./walletActions.ts");
        const receipt = await waitForTransactionReceipt(config, { hash, chainId });
        transactionsStore.dispatch({ type: "finalized", chainId, hash, receipt, confirmedTime: Date.now() });
        if (receipt.status !== "success") throw new Error(`Transaction ${hash} reverted`);
        dispatch({ type: "confirmed" });
        showToast(
          { kind: "success", message: t("tx.confirmed", { summary: info.summary }) },
          { key: `tx-${hash}` },
        );
        return receipt;
      } catch (err) {
        dismissToast(signKey);
        const entry = toUserError(err);
        console.error("Transaction failed", { summary: info.summary, hash, err });
        dispatch({ type: "failed", error: entry.messageKey });
        showToast(
          {
            kind: "error",
            message: entry.isUserRejection
              ? t(entry.messageKey)
              : `${t(entry.messageKey)}${entry.details ? ` (${entry.details})` : ""}`,
          },
          hash ? { key: `tx-${hash}` } : {},
        );
        throw err;
      }
    },
    [config, i18n, t],
  );

  const reset = useCallback(() => dispatch({ type: "reset" }), []);
  return { status, submit, reset };
}
