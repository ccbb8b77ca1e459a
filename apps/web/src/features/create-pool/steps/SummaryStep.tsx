import { validatorTokenName } from "@polity/core/validation/dao";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useAccount } from "wagmi";
import profileStyles from "../../../shared/dao-metadata/DaoProfileFields.module.css";
import { ipfsGatewayUrl } from "../../../shared/ipfs/upload.ts";
import { fieldStyles } from "../../../shared/ui/Field.tsx";
import { translateMessage } from "../../../shared/ui/fieldMessage.ts";
import { openConnectModal } from "../../../shared/wallet/connectModal.ts";
import { FieldMessage } from "../components/Field.tsx";
import { NameTakenHint } from "../components/NameTakenHint.tsx";
import { WizardLayout } from "../components/WizardLayout.tsx";
import styles from "../createPool.module.css";
import type { CreatePoolDraft } from "../draft/createPoolDraft.ts";
import { useDraft } from "../draft/DraftProvider.tsx";
import { useDeployPool } from "../hooks/useDeployPool.ts";
import { usePoolPrediction } from "../hooks/usePoolPrediction.ts";
import { useProtocol } from "../hooks/useProtocol.ts";
import { initialDistributionPercent } from "../schemas/tokenDistribution.ts";
import { invalidSteps } from "../schemas/validateDraft.ts";
import { createsToken, stepPath, successPath, type WizardStepId } from "../wizardSteps.ts";

function Section({ step, title, children }: { step: WizardStepId; title: string; children: ReactNode }) {
  const { t } = useTranslation("createPool");
  const headingId = `summary-${step}`;
  return (
    <section className={fieldStyles.field} aria-labelledby={headingId}>
      <div className={styles.actions}>
        <h2 id={headingId} className={styles.subtitle}>
          {title}
        </h2>
        <Link className={styles.buttonLink} to={stepPath(step)} aria-label={`${t("wizard.edit")}: ${title}`}>
          {t("wizard.edit")}
        </Link>
      </div>
      <dl className={styles.summaryList}>{children}</dl>
    </section>
  );
}

/** The factory predicts every address; show only the contracts this DAO will have. */
function isPredictionShown(key: string, draft: CreatePoolDraft): boolean {
  if (key === "govToken") return createsToken(draft);
  if (key === "polynomialPower") return draft.votingModel.votePowerType === "polynomial";
  return true;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** Plain text of a rich-text document, for a short preview. */
function plainText(node: unknown): string {
  if (!node || typeof node !== "object") return "";
  const { text, content } = node as { text?: string; content?: unknown[] };
  return (text ?? "") + (content ?? []).map(plainText).join(" ");
}

export function SummaryStep() {
  const { t } = useTranslation("createPool");
  const profileText = useTranslation("daoMetadata").t;
  const { draft } = useDraft();
  const navigate = useNavigate();
  const { isConnected } = useAccount();
  const { contracts } = useProtocol();
  const prediction = usePoolPrediction(draft.daoName);
  const { submitState, isUploading, error, deploy } = useDeployPool();
  const invalid = invalidSteps(draft);
  const isNameTaken = prediction.data?.isNameTaken === true;
  const isBusy = isUploading || submitState === "SIGN" || submitState === "WAIT_CONFIRM";
  const yesNo = (value: boolean) => (value ? t("summary.yes") : t("summary.no"));
  const token = draft.tokenCreation;
  const settings = draft.defaultProposalSettings;
  const model = draft.votingModel;
  const validators = draft.validatorsParams;

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isConnected) {
      openConnectModal();
      return;
    }
    if (invalid.length > 0 || isNameTaken || !contracts) return;
    const result = await deploy(draft);
    if (result.submitState === "SUCCESS" && result.hash) {
      // The success step clears the deployed draft once it is on screen: clearing it here would
      // render this summary with an empty draft (and its errors) before the navigation lands.
      navigate(successPath(result.hash), { state: { clearDraft: true } });
    }
  };

  const submitLabel = !isConnected
    ? t("summary.connectWallet")
    : isUploading
      ? t("deploy.uploading")
      : submitState === "SIGN"
        ? t("deploy.sign")
        : submitState === "WAIT_CONFIRM"
          ? t("deploy.waitConfirm")
          : t("summary.create");

  return (
    <WizardLayout
      step="summary"
      title={t("summary.title")}
      description={t("summary.intro")}
      onSubmit={onSubmit}
      isSubmitting={isBusy || (isConnected && (invalid.length > 0 || isNameTaken || !contracts))}
      submitLabel={submitLabel}
    >
      {invalid.map((step) => (
        <FieldMessage key={step} message={t("summary.stepInvalid", { step: t(`steps.${step}`) })} />
      ))}

      <Section step="basic" title={t("summary.basic")}>
        <Row label={t("summary.avatar")}>
          {draft.avatarCID ? (
            <img
              className={profileStyles.avatar}
              src={ipfsGatewayUrl(draft.avatarCID)}
              alt={profileText("avatarAlt")}
            />
          ) : (
            t("summary.none")
          )}
        </Row>
        <Row label={t("summary.daoName")}>{draft.daoName}</Row>
        <Row label={t("summary.websiteUrl")}>{draft.websiteUrl || t("summary.none")}</Row>
        <Row label={t("summary.description")}>{plainText(draft.description).trim() || t("summary.none")}</Row>
        <Row label={t("summary.socialLinks")}>
          {draft.socialLinks.length
            ? draft.socialLinks.map((link) => (
                <div key={`${link.kind}-${link.url}`}>
                  {profileText(`socialKinds.${link.kind}`)}: {link.url}
                </div>
              ))
            : t("summary.none")}
        </Row>
        <Row label={t("summary.documents")}>
          {draft.documents.length
            ? draft.documents.map((doc) => (
                <div key={doc.id}>
                  {doc.name}: {doc.url}
                </div>
              ))
            : t("summary.none")}
        </Row>
      </Section>

      <Section step="governance" title={t("summary.governance")}>
        <Row label={t("summary.governanceKind")}>
          {draft.isErc20 && draft.isErc721
            ? t("summary.erc20AndErc721")
            : draft.isErc20
              ? t("summary.erc20Only")
              : t("summary.erc721Only")}
        </Row>
        {draft.isErc20 ? (
          <Row label={t("summary.tokenAddress")}>
            {createsToken(draft) ? (
              t("summary.newToken", { name: token.name, symbol: token.symbol })
            ) : (
              <span className={fieldStyles.mono}>
                {draft.importedToken ? `${draft.importedToken.name} (${draft.importedToken.symbol}) ` : ""}
                {draft.userKeeperParams.tokenAddress}
              </span>
            )}
          </Row>
        ) : null}
        {draft.isErc721 ? (
          <>
            <Row label={t("summary.nftAddress")}>
              <span className={fieldStyles.mono}>{draft.userKeeperParams.nftAddress}</span>
            </Row>
            <Row label={t("summary.individualPower")}>{draft.userKeeperParams.individualPower}</Row>
            <Row label={t("summary.nftsTotalSupply")}>{draft.userKeeperParams.nftsTotalSupply || "—"}</Row>
          </>
        ) : null}
        <Row label={t("summary.kycRestricted")}>{yesNo(draft.isBinanceKycRestricted)}</Row>
      </Section>

      {createsToken(draft) ? (
        <Section step="token" title={t("summary.token")}>
          <Row label={t("summary.cap")}>{token.cap}</Row>
          <Row label={t("summary.totalSupply")}>{token.totalSupply}</Row>
          <Row label={t("summary.treasury")}>{token.treasury}%</Row>
          <Row label={t("summary.initialDistribution")}>
            {t("token.initialDistributionValue", {
              percent: initialDistributionPercent(token.treasury),
              amount: token.initialDistribution,
            })}
          </Row>
          <Row label={t("summary.recipients")}>
            {token.recipients.map((recipient) => (
              <div key={recipient.address} className={fieldStyles.mono}>
                {recipient.address}: {recipient.amount}
              </div>
            ))}
          </Row>
        </Section>
      ) : null}

      <Section step="voting" title={t("summary.voting")}>
        <Row label={t("summary.votePowerType")}>{t(`voting.model.${model.votePowerType}`)}</Row>
        {model.votePowerType === "polynomial" ? (
          <Row label={t("summary.coefficients")}>
            {model.polinomialHoldersCoefficient} / {model.polinomialExpertsCoefficient} /{" "}
            {model.polinomialExpertsDelegationCoefficient}
          </Row>
        ) : null}
        {model.votePowerType === "custom" ? (
          <Row label={t("summary.customPowerContractAddress")}>
            <span className={fieldStyles.mono}>{model.customPowerContractAddress}</span>
          </Row>
        ) : null}
        <Row label={t("summary.duration")}>{settings.duration}</Row>
        <Row label={t("summary.quorum")}>{settings.quorum}%</Row>
        <Row label={t("summary.minVotes")}>
          {settings.minVotesForVoting} / {settings.minVotesForCreating}
        </Row>
        <Row label={t("summary.executionDelay")}>{settings.executionDelay}</Row>
        <Row label={t("summary.earlyCompletion")}>{yesNo(settings.earlyCompletion)}</Row>
        <Row label={t("summary.delegatedVotingAllowed")}>{yesNo(settings.delegatedVotingAllowed)}</Row>
        <Row label={t("summary.rewardToken")}>
          {settings.rewardsInfo.rewardToken ? (
            <span className={fieldStyles.mono}>{settings.rewardsInfo.rewardToken}</span>
          ) : (
            t("summary.nativeCoin")
          )}
        </Row>
        <Row label={t("summary.rewards")}>
          {settings.rewardsInfo.creationReward} / {settings.rewardsInfo.executionReward} /{" "}
          {settings.rewardsInfo.voteRewardsCoefficient}
        </Row>
        <Row label={t("summary.discussion")}>
          {model.minVotesForReadProposalDiscussion} / {model.minVotesForCreatingComment}
        </Row>
      </Section>

      <Section step="validators" title={t("summary.validators")}>
        {draft.isValidator ? (
          <>
            <Row label={t("summary.validatorToken")}>
              {validatorTokenName(validators.name)} ({validatorTokenName(validators.symbol)})
            </Row>
            <Row label={t("summary.validatorsVote")}>{yesNo(settings.validatorsVote)}</Row>
            <Row label={t("summary.validatorsSettings")}>
              {validators.quorum}% / {validators.duration} / {validators.executionDelay}
            </Row>
            <Row label={t("summary.validatorsList")}>
              {validators.validators.map((validator) => (
                <div key={validator.address} className={fieldStyles.mono}>
                  {validator.address}: {validator.balance}
                </div>
              ))}
            </Row>
          </>
        ) : (
          <Row label={t("summary.validatorsList")}>{t("summary.validatorsDisabled")}</Row>
        )}
      </Section>

      <section className={fieldStyles.field} aria-labelledby="summary-addresses">
        <h2 id="summary-addresses" className={styles.subtitle}>
          {t("summary.addresses")}
        </h2>
        {!isConnected ? (
          <p className={styles.muted}>{t("summary.connectToPredict")}</p>
        ) : !contracts ? (
          <p className={styles.alert}>{t("summary.notDeployed")}</p>
        ) : prediction.isPending ? (
          <p className={styles.muted}>{t("summary.predicting")}</p>
        ) : prediction.data ? (
          <dl className={styles.summaryList}>
            {Object.entries(prediction.data.addresses)
              .filter(([key]) => isPredictionShown(key, draft))
              .map(([key, value]) => (
                <Row key={key} label={t(`summary.predicted.${key}`, { defaultValue: key })}>
                  <span className={fieldStyles.mono}>{value}</span>
                </Row>
              ))}
          </dl>
        ) : null}
        {isNameTaken ? (
          <>
            <FieldMessage message={translateMessage(t, "validation.poolNameTaken", "createPool") ?? ""} />
            <NameTakenHint name={draft.daoName.trim()} />
          </>
        ) : null}
      </section>

      {error && !isBusy ? (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      ) : null}
      {isBusy ? (
        <p className={styles.status} role="status">
          {submitLabel}
        </p>
      ) : null}
    </WizardLayout>
  );
}
