import { poolFactoryAbi } from "@polity/core/generated/contracts";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Address, BaseError, type Hash, parseEventLogs, UserRejectedRequestError } from "viem";
import { useAccount, useWriteContract } from "wagmi";
import { showToast } from "../../../shared/state/toasts.ts";
import { uploadJson } from "../api/ipfsUpload.ts";
import type { CreatePoolDraft } from "../draft/createPoolDraft.ts";
import { buildDeployParts } from "../params/buildDeployParams.ts";
import { toDeployGovPoolArgs } from "../params/toDeployGovPoolArgs.ts";
import { uploadDeployDocuments } from "../params/uploadDeployDocuments.ts";
import { offchainVerifierFor } from "./offchainVerifier.ts";
import { useChainClient } from "./useChainClient.ts";
import { useProtocol } from "./useProtocol.ts";

/** Transaction submit states (spec §4). */
export type SubmitState = "IDLE" | "SIGN" | "WAIT_CONFIRM" | "SUCCESS";

export type DeployState = {
  submitState: SubmitState;
  /** True while the metadata is uploaded, before the wallet is asked to sign. */
  isUploading: boolean;
  hash?: Hash;
  govPool?: Address;
  error?: string;
};

const IDLE: DeployState = { submitState: "IDLE", isUploading: false };

function isUserRejection(err: unknown): boolean {
  if (err instanceof BaseError) {
    return Boolean(
      err.walk((e) => e instanceof UserRejectedRequestError || (e as { code?: number }).code === 4001),
    );
  }
  return (err as { code?: number } | null)?.code === 4001;
}

function reasonOf(err: unknown): string {
  if (err instanceof BaseError) return err.shortMessage;
  return err instanceof Error ? err.message : String(err);
}

/** The DaoPoolDeployed event of a deployment receipt: the new DAO's addresses. */
export function readDeployedPool(logs: Parameters<typeof parseEventLogs>[0]["logs"]) {
  const [event] = parseEventLogs({ abi: poolFactoryAbi, logs, eventName: "DaoPoolDeployed" });
  return event?.args;
}

/**
 * Deploys the DAO in one transaction: uploads the metadata to IPFS, asks the wallet to sign
 * `PoolFactory.deployGovPool(params)`, waits for the receipt and reads `DaoPoolDeployed`.
 */
export function useDeployPool() {
  const { t } = useTranslation("createPool");
  const { address } = useAccount();
  const { chainId, contracts } = useProtocol();
  const client = useChainClient();
  const { writeContractAsync } = useWriteContract();
  const [state, setState] = useState<DeployState>(IDLE);

  const deploy = useCallback(
    async (draft: CreatePoolDraft): Promise<DeployState> => {
      const verifier = offchainVerifierFor(chainId, contracts);
      if (!contracts || !client || !address || !verifier) {
        const failed = { ...IDLE, error: t("summary.notDeployed") };
        setState(failed);
        return failed;
      }
      const name = draft.daoName.trim();
      const toastKey = `create-pool-${name}`;
      try {
        setState({ submitState: "SIGN", isUploading: true });
        const uploads = await uploadDeployDocuments(draft, uploadJson);
        const parts = buildDeployParts(draft, uploads, { verifier });
        setState({ submitState: "SIGN", isUploading: false });
        const hash = await writeContractAsync({
          address: contracts.PoolFactory,
          abi: poolFactoryAbi,
          functionName: "deployGovPool",
          args: toDeployGovPoolArgs(parts),
        });
        setState({ submitState: "WAIT_CONFIRM", isUploading: false, hash });
        showToast(
          { kind: "info", message: t("deploy.toastPending", { name }) },
          { key: toastKey, removeAfterMs: null },
        );
        const receipt = await client.waitForTransactionReceipt({ hash });
        if (receipt.status !== "success") throw new Error(t("success.failed"));
        const deployed = readDeployedPool(receipt.logs);
        const done: DeployState = {
          submitState: "SUCCESS",
          isUploading: false,
          hash,
          govPool: deployed?.govPool,
        };
        setState(done);
        showToast({ kind: "success", message: t("deploy.toastSuccess", { name }) }, { key: toastKey });
        return done;
      } catch (err) {
        const error = isUserRejection(err)
          ? t("deploy.rejected")
          : t("deploy.failed", { reason: reasonOf(err) });
        if (!isUserRejection(err)) console.error("DAO deployment failed", err);
        showToast({ kind: "error", title: t("deploy.toastError"), message: error }, { key: toastKey });
        const failed = { ...IDLE, error };
        setState(failed);
        return failed;
      }
    },
    [address, chainId, client, contracts, t, writeContractAsync],
  );

  return { state, deploy, reset: () => setState(IDLE) };
}
