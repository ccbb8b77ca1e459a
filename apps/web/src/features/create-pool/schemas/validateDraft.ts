import { validateDaoProfile } from "../../../shared/dao-metadata/daoProfileForm.ts";
import type { CreatePoolDraft } from "../draft/createPoolDraft.ts";
import { createsToken, type WizardStepId } from "../wizardSteps.ts";
import {
  governanceValuesOf,
  validateGovernance,
  validateTokenCreation,
  validateValidators,
  validateVoting,
  validatorsValuesOf,
  votingContextOf,
} from "./stepValidators.ts";

/**
 * Steps whose saved values do not pass their rules, in wizard order. The summary refuses to
 * deploy until this is empty (a draft can be edited out of order or restored from storage).
 */
export function invalidSteps(draft: CreatePoolDraft): WizardStepId[] {
  const invalid: WizardStepId[] = [];
  if (validateDaoProfile(draft).length > 0) invalid.push("basic");
  // An imported token or NFT must have been read from the chain for its current address.
  const needsImportCheck = draft.isErc20 && draft.tokenSource === "existing" && !draft.importedToken;
  const needsNftCheck = draft.isErc721 && !draft.importedNft;
  if (validateGovernance(governanceValuesOf(draft)).length > 0 || needsImportCheck || needsNftCheck)
    invalid.push("governance");
  if (createsToken(draft) && validateTokenCreation(draft.tokenCreation).length > 0) invalid.push("token");
  const voting = { votingModel: draft.votingModel, settings: draft.defaultProposalSettings };
  if (validateVoting(voting, votingContextOf(draft)).length > 0) invalid.push("voting");
  if (validateValidators(validatorsValuesOf(draft)).length > 0) invalid.push("validators");
  return invalid;
}
