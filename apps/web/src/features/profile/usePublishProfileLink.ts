import { userRegistryAbi } from "@polity/core/generated/contracts";
import type { ProfileRecord } from "@polity/core/records/profile";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { useConfig } from "wagmi";
import { writeContractOnDemand } from "../../shared/tx/useContractWriter.ts";
import { useSubmitTransaction } from "../../shared/tx/useSubmitTransaction.ts";
import { useSelectedChainId } from "../../shared/wallet/selectedChain.ts";
import { profileRegistryOf } from "./api/profileRegistry.ts";

/** Where saving a profile is: the api's record, its IPFS document, the link written in the UserRegistry. */
export type PublishStep = "idle" | "save" | "upload" | "write" | "done";

/**
 * After the api saved the profile: its document goes to IPFS and the owner writes the document's link
 * in the chain's UserRegistry (`changeProfile`), one transaction through the app's submit states; an
 * unchanged document keeps its link and sends nothing. A chain without a registry stops at the api.
 */
export function usePublishProfileLink(address: Address) {
  const { t } = useTranslation("profile");
  const chainId = useSelectedChainId();
  const config = useConfig();
  const { status, submit } = useSubmitTransaction();
  const [step, setStep] = useState<PublishStep>("idle");
  /** The link the registry keeps once published. */
  const [link, setLink] = useState<string>();
  const registry = profileRegistryOf(chainId);

  const publish = useCallback(
    async (saved: ProfileRecord) => {
      if (!registry) return setStep("done");
      setStep("upload");
      const { currentProfileLink, uploadProfileDocument } = await import("./api/publishProfileLink.ts");
      const [url, current] = await Promise.all([
        uploadProfileDocument(saved),
        currentProfileLink(config, chainId, registry, address),
      ]);
      if (url !== current) {
        setStep("write");
        await submit({
          chainId,
          from: address,
          info: { summary: t("editPage.linkSummary"), kind: "changeProfile" },
          send: () =>
            writeContractOnDemand(config, {
              account: address,
              address: registry,
              abi: userRegistryAbi,
              chainId,
              functionName: "changeProfile",
              args: [url],
            }),
        });
      }
      setLink(url);
      setStep("done");
    },
    [address, chainId, config, registry, submit, t],
  );

  return { step, setStep, publish, status, link, hasRegistry: Boolean(registry) };
}
