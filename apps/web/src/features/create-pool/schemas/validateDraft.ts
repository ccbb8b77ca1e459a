import type { CreatePoolDraft } from "../draft/createPoolDraft.ts";
import { createsToken, type WizardStepId } from "../wizardSteps.ts";
import { basicSettingsSchema } from "./basicSettingsSchema.ts";
import { governanceSchema } from "./governanceSchema.ts";
import { tokenCreationSchema } from "./tokenCreationSchema.ts";
import { validatorsSchema } from "./validatorsSchema.ts";
import { votingContextOf } from "./votingContext.ts";
import { votingSchema } from "./votingSchema.ts";

/**
 * Steps whose saved values do not pass their rules, in wizard order. The summary refuses to
 * deploy until this is empty (a draft can be edited out of order or restored from storage).
 */
export function invalidSteps(draft: CreatePoolDraft): WizardStepId[] {
  const invalid: WizardStepId[] = [];
  if (!basicSettingsSchema.safeParse(draft).success) invalid.push("basic");
  const governance = governanceSchema.safeParse({
    isErc20: draft.isErc20,
    isErc721: draft.isErc721,
    isBinanceKycRestricted: draft.isBinanceKycRestricted,
    tokenSource: draft.tokenSource,
    ...draft.userKeeperParams,
  });
  const needsImportCheck = draft.isErc20 && draft.tokenSource === "existing" && !draft.importedToken;
  const needsNftCheck = draft.isErc721 && !draft.importedNft;
  if (!governance.success || needsImportCheck || needsNftCheck) invalid.push("governance");
  if (createsToken(draft) && !tokenCreationSchema.safeParse(draft.tokenCreation).success)
    invalid.push("token");
  const voting = votingSchema(votingContextOf(draft)).safeParse({
    votingModel: draft.votingModel,
    settings: draft.defaultProposalSettings,
  });
  if (!voting.success) invalid.push("voting");
  const validators = validatorsSchema.safeParse({
    isValidator: draft.isValidator,
    validatorsVote: draft.defaultProposalSettings.validatorsVote,
    ...draft.validatorsParams,
  });
  if (!validators.success) invalid.push("validators");
  return invalid;
}
