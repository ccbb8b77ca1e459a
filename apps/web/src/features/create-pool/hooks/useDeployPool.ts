import { toUserError } from "@polity/core/errors/toUserError";
import { poolFactoryAbi } from "@polity/core/generated/contracts";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Address, type Hash, parseEventLogs } from "viem";
import { useAccount } from "wagmi";
import { uploadJson } from "../../../shared/ipfs/upload.ts";
import { showToast } from "../../../shared/state/toasts.ts";
import type { SubmitState } from "../../../shared/tx/submitReducer.ts";
import { useContractWriter } from "../../../shared/tx/useContractWriter.ts";
import { useSubmitTransaction } from "../../../shared/tx/useSubmitTransaction.ts";
import type { CreatePoolDraft } from "../draft/createPoolDraft.ts";
import { buildDeployParts } from "../params/buildDeployParams.ts";
import { toDeployGovPoolArgs } from "../params/toDeployGovPoolArgs.ts";
import { uploadDeployDocuments } from "../params/uploadDeployDocuments.ts";
import { offchainVerifierFor } from "./offchainVerifier.ts";
import { useProtocol } from "./useProtocol.ts";

export type DeployResult = { submitState: SubmitState; hash?: Hash; govPool?: Address };

/** The DaoPoolDeployed event of a deployment receipt: the new DAO's name and addresses. */
export function readDeployedPool(logs: Parameters<typeof parseEventLogs>[0]["logs"]) {
  const [event] = parseEventLogs({ abi: poolFactoryAbi, logs, eventName: "DaoPoolDeployed" });
  return event?.args;
}

/**
 * Deploys the DAO in one transaction: uploads the metadata to IPFS, then signs
 * `PoolFactory.deployGovPool(params)` through the app's submit flow (states IDLE → SIGN →
 * WAIT_CONFIRM → SUCCESS, toasts, a transaction record tracked across reloads) and reads the
 * new DAO from its `DaoPoolDeployed` event.
 */
export function useDeployPool() {
  const { t } = useTranslation("createPool");
  const { address } = useAccount();
  const { chainId, contracts } = useProtocol();
  const { writeContractAsync } = useContractWriter();
  const { status, submit } = useSubmitTransaction();
  const [isUploading, setIsUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const deploy = useCallback(
    async (draft: CreatePoolDraft): Promise<DeployResult> => {
      const verifier = offchainVerifierFor(chainId, contracts);
      if (!contracts || !address || !verifier) {
        setUploadError(t("summary.notDeployed"));
        return { submitState: "IDLE" };
      }
      const name = draft.daoName.trim();
      setUploadError(null);
      setIsUploading(true);
      let args: ReturnType<typeof toDeployGovPoolArgs>;
      try {
        const uploads = await uploadDeployDocuments(draft, uploadJson);
        args = toDeployGovPoolArgs(buildDeployParts(draft, uploads, { verifier }));
      } catch (err) {
        console.error("Uploading the DAO metadata failed", err);
        const message = t("deploy.uploadFailed", { reason: toUserError(err).details ?? "" });
        setUploadError(message);
        showToast({ kind: "error", message });
        return { submitState: "IDLE" };
      } finally {
        setIsUploading(false);
      }
      try {
        const receipt = await submit({
          chainId,
          from: address,
          info: { summary: t("deploy.summary", { name }), kind: "createPool", name },
          send: () =>
            writeContractAsync({
              address: contracts.PoolFactory,
              abi: poolFactoryAbi,
              functionName: "deployGovPool",
              args,
            }),
        });
        return {
          submitState: "SUCCESS",
          hash: receipt.transactionHash,
          govPool: readDeployedPool(receipt.logs)?.govPool,
        };
      } catch {
        // The submit flow has shown the error (toast and status).
        return { submitState: "IDLE" };
      }
    },
    [address, chainId, contracts, submit, t, writeContractAsync],
  );

  const error =
    uploadError ?? (status.error ? t(status.error, { ns: ["common", "core", "createPool"] }) : null);
  return { submitState: status.state, isUploading, error, deploy };
}
