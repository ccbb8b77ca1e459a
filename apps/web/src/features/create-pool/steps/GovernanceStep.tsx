import { tokenImportIssue } from "@polity/core/validation/dao";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { type Address, getAddress } from "viem";
import { useReadClient } from "../../../shared/chain/readClient.ts";
import { fieldStyles } from "../../../shared/ui/Field.tsx";
import { formResolver } from "../../../shared/ui/formResolver.ts";
import { useSelectedChainId } from "../../../shared/wallet/selectedChain.ts";
import { inspectToken } from "../api/inspectToken.ts";
import { AddressField, FormError, TextField, TokenField } from "../components/Field.tsx";
import { WizardLayout } from "../components/WizardLayout.tsx";
import styles from "../createPool.module.css";
import { useDraft } from "../draft/DraftProvider.tsx";
import { useAutosave } from "../hooks/useAutosave.ts";
import { type GovernanceValues, validateGovernance } from "../schemas/stepValidators.ts";
import { nextStepPath } from "../wizardSteps.ts";

export function GovernanceStep() {
  const { t } = useTranslation("createPool");
  const { draft, updateDraft } = useDraft();
  const navigate = useNavigate();
  const client = useReadClient();
  const chainId = useSelectedChainId();
  const [isChecking, setIsChecking] = useState(false);
  const form = useForm<GovernanceValues>({
    resolver: formResolver<GovernanceValues>(validateGovernance),
    defaultValues: {
      isErc20: draft.isErc20,
      isErc721: draft.isErc721,
      isBinanceKycRestricted: draft.isBinanceKycRestricted,
      tokenSource: draft.tokenSource,
      ...draft.userKeeperParams,
    },
  });
  const { register, handleSubmit, formState, setError, watch } = form;
  const errors = formState.errors;
  const toDraft = (values: GovernanceValues) => ({
    isErc20: values.isErc20,
    isErc721: values.isErc721,
    isBinanceKycRestricted: values.isBinanceKycRestricted,
    tokenSource: values.tokenSource,
    userKeeperParams: {
      tokenAddress: values.tokenAddress ?? "",
      nftAddress: values.nftAddress ?? "",
      individualPower: values.individualPower ?? "",
      nftsTotalSupply: values.nftsTotalSupply ?? "",
    },
  });
  useAutosave(watch, (values) =>
    updateDraft((current) => {
      const next = { ...current, ...toDraft(values) };
      // What was read from the chain only holds for the address it was read from.
      const keeper = next.userKeeperParams;
      if (keeper.tokenAddress !== current.userKeeperParams.tokenAddress) next.importedToken = null;
      if (keeper.nftAddress !== current.userKeeperParams.nftAddress) next.importedNft = null;
      return next;
    }),
  );
  const isErc20 = watch("isErc20");
  const isErc721 = watch("isErc721");
  const tokenSource = watch("tokenSource");

  /** What the address holds, read from the chain while the step shows it is checking. */
  const inspect = async (field: "tokenAddress" | "nftAddress", address: string) => {
    if (!client) {
      setError(field, { message: "errors.noChainId" });
      return null;
    }
    setIsChecking(true);
    return inspectToken(client, getAddress(address) as Address).finally(() => setIsChecking(false));
  };

  const onSubmit = handleSubmit(async (values) => {
    const patch = { ...toDraft(values), importedToken: null, importedNft: null } as Partial<typeof draft>;
    if (values.isErc20 && values.tokenSource === "existing") {
      const token = await inspect("tokenAddress", values.tokenAddress);
      if (!token) return;
      const issue = tokenImportIssue(
        { exists: token.kind !== "notFound", isNft: token.kind === "erc721" },
        "token",
      );
      if (issue || token.kind !== "erc20") {
        setError("tokenAddress", { message: issue ?? "validation.tokenNotFound" }, { shouldFocus: true });
        return;
      }
      patch.importedToken = {
        name: token.name,
        symbol: token.symbol,
        decimals: token.decimals,
        totalSupply: token.totalSupply.toString(),
      };
    }
    if (values.isErc721) {
      const nft = await inspect("nftAddress", values.nftAddress);
      if (!nft) return;
      if (nft.kind === "notFound") {
        setError("nftAddress", { message: "validation.nftNotFound" }, { shouldFocus: true });
        return;
      }
      if (nft.kind === "erc20") {
        setError("nftAddress", { message: "validation.tokenInsteadOfNft" }, { shouldFocus: true });
        return;
      }
      if (!nft.isEnumerable && (values.nftsTotalSupply === "" || values.nftsTotalSupply === "0")) {
        setError("nftsTotalSupply", { message: "validation.required" }, { shouldFocus: true });
        return;
      }
      patch.importedNft = { name: nft.name, symbol: nft.symbol };
    }
    updateDraft(patch);
    navigate(nextStepPath("governance", { ...draft, ...patch }));
  });

  return (
    <WizardLayout
      step="governance"
      title={t("governance.title")}
      description={t("governance.intro")}
      onSubmit={onSubmit}
      isSubmitting={isChecking}
      submitLabel={isChecking ? t("governance.checking") : undefined}
    >
      <fieldset className={styles.radioGroup}>
        <legend className={fieldStyles.label}>{t("governance.kind")}</legend>
        <label className={styles.checkbox}>
          <input type="checkbox" {...register("isErc20")} />
          <span>{t("governance.isErc20")}</span>
        </label>
        <label className={styles.checkbox}>
          <input type="checkbox" {...register("isErc721")} />
          <span>{t("governance.isErc721")}</span>
        </label>
        <FormError error={errors.isErc20} />
      </fieldset>

      {isErc20 ? (
        <fieldset className={styles.radioGroup}>
          <legend className={fieldStyles.label}>{t("governance.tokenSource")}</legend>
          <label className={styles.radioOption}>
            <input type="radio" value="create" {...register("tokenSource")} />
            <span>{t("governance.createToken")}</span>
          </label>
          <label className={styles.radioOption}>
            <input type="radio" value="existing" {...register("tokenSource")} />
            <span>{t("governance.existingToken")}</span>
          </label>
        </fieldset>
      ) : null}

      {isErc20 && tokenSource === "existing" ? (
        <TokenField
          chainId={chainId}
          label={t("governance.tokenAddress")}
          error={errors.tokenAddress}
          registration={register("tokenAddress")}
        />
      ) : null}

      {isErc721 ? (
        <>
          <AddressField
            label={t("governance.nftAddress")}
            error={errors.nftAddress}
            registration={register("nftAddress")}
          />
          <div className={styles.row}>
            <TextField
              label={t("governance.individualPower")}
              hint={t("governance.individualPowerHint")}
              error={errors.individualPower}
              inputMode="decimal"
              registration={register("individualPower")}
            />
            <TextField
              label={t("governance.nftsTotalSupply")}
              hint={t("governance.nftsTotalSupplyHint")}
              error={errors.nftsTotalSupply}
              inputMode="numeric"
              registration={register("nftsTotalSupply")}
            />
          </div>
        </>
      ) : null}

      <label className={styles.checkbox}>
        <input type="checkbox" {...register("isBinanceKycRestricted")} />
        <span>
          {t("governance.isBinanceKycRestricted")}
          <br />
          <span className={fieldStyles.hint}>{t("governance.isBinanceKycRestrictedHint")}</span>
        </span>
      </label>
    </WizardLayout>
  );
}
