/**
 * DAO creation draft (spec sections 3 and 5), one schema per wizard step plus the cross-step
 * rules, and the token-import and validator-token helpers.
 *
 * Token creation reads: `treasury` is the share of the total supply kept by the DAO treasury
 * (percent, below 100), `initialDistribution` the amount (whole tokens) handed to `recipients`.
 */
import { z } from "zod";
import { formatAmount } from "../bigAmount.ts";
import { TOKEN_CREATION_LIMITS, UINT64_MAX, VALIDATOR_TOKEN_SUFFIX } from "../constants.ts";
import { SOCIAL_LINK_KINDS, VotePowerType } from "../enums.ts";
import type { MessageKey } from "../i18n/en.ts";
import { isNumericInput } from "./amountText.ts";
import {
  checkMinimumVotesAgainstSupply,
  type ProposalSettings,
  proposalSettingsSchema,
} from "./proposalSettings.ts";
import {
  addIssue,
  addressSchema,
  amountSchema,
  amountUnits,
  optionalTextSchema,
  optionalUrlSchema,
  percentSchema,
  reportDuplicates,
  requiredError,
  textSchema,
  urlSchema,
} from "./rules.ts";

/** DAO name limit (the spec leaves it open; the registry stores it as a string). */
export const DAO_NAME_MAX_LENGTH = 50;
export const DOCUMENT_NAME_MAX_LENGTH = 50;
export const DESCRIPTION_MAX_LENGTH = 100_000;

export const socialLinkSchema = /* @__PURE__ */ z.object({
  kind: z.enum(SOCIAL_LINK_KINDS, requiredError),
  url: urlSchema,
});

export const documentSchema = /* @__PURE__ */ z.object({
  id: z.string().optional(),
  name: textSchema({ max: DOCUMENT_NAME_MAX_LENGTH }),
  url: urlSchema,
});

export type BasicSettingsOptions = {
  /** Whether a DAO with this name already exists ('A pool with this name already exists.'). */
  isNameTaken?: (name: string) => boolean;
};

/** Step 1: basic DAO settings. */
export function basicSettingsSchema(options: BasicSettingsOptions = {}) {
  return z
    .object({
      avatarUrl: optionalUrlSchema,
      avatarName: z.string().optional(),
      daoName: textSchema({ max: DAO_NAME_MAX_LENGTH }),
      websiteUrl: optionalUrlSchema,
      /** Rich-text document, serialised. */
      description: optionalTextSchema(DESCRIPTION_MAX_LENGTH),
      socialLinks: z.array(socialLinkSchema, requiredError),
      documents: z.array(documentSchema, requiredError),
    })
    .superRefine((value, ctx) => {
      if (options.isNameTaken?.(value.daoName.trim())) addIssue(ctx, "validation.poolNameTaken", ["daoName"]);
      reportDuplicates(value.socialLinks, (l) => l.url, ctx, { path: (i) => ["socialLinks", i, "url"] });
      reportDuplicates(value.documents, (d) => d.url, ctx, { path: (i) => ["documents", i, "url"] });
    });
}
export type BasicSettings = z.infer<ReturnType<typeof basicSettingsSchema>>;

/** Step 2: governance — an existing token, a token to create, NFTs, or both. */
export const governanceSchema = /* @__PURE__ */ z
  .object({
    isErc20: z.boolean(requiredError),
    isErc721: z.boolean(requiredError),
    isBinanceKycRestricted: z.boolean(requiredError),
    /** True when the token is created in step 2.5 instead of imported. */
    isCreatingToken: z.boolean(requiredError),
    userKeeperParams: z.object({
      tokenAddress: z.string(requiredError).trim(),
      nftAddress: z.string(requiredError).trim(),
      /** Voting power of each NFT, whole tokens. */
      individualPower: z.string(requiredError).trim(),
      /** Total NFT supply for non-enumerable collections ("0" when enumerable). */
      nftsTotalSupply: z.string(requiredError).trim(),
    }),
  })
  .superRefine((value, ctx) => {
    if (!value.isErc20 && !value.isErc721) return addIssue(ctx, "validation.selectGovernance", ["isErc20"]);
    const at = (field: string) => ["userKeeperParams", field];
    const params = value.userKeeperParams;
    if (value.isErc20 && !value.isCreatingToken)
      checkInto(addressSchema, params.tokenAddress, ctx, at("tokenAddress"));
    if (value.isErc721) {
      checkInto(addressSchema, params.nftAddress, ctx, at("nftAddress"));
      checkInto(amountSchema({ positive: true }), params.individualPower, ctx, at("individualPower"));
      checkInto(amountSchema({ decimals: 0 }), params.nftsTotalSupply, ctx, at("nftsTotalSupply"));
    }
  });
export type Governance = z.infer<typeof governanceSchema>;

/** Runs a field schema inside an object rule, reporting its issues at `path`. */
function checkInto(
  schema: z.ZodType,
  value: unknown,
  ctx: Parameters<typeof addIssue>[0],
  path: PropertyKey[],
) {
  const result = schema.safeParse(value);
  if (result.success) return;
  for (const issue of result.error.issues) {
    ctx.addIssue({
      code: "custom",
      message: issue.message,
      path: [...path, ...issue.path],
      ...("params" in issue && issue.params && { params: issue.params }),
    });
  }
}

const tokenNameSchema = /* @__PURE__ */ textSchema({
  min: TOKEN_CREATION_LIMITS.nameMinLength,
  max: TOKEN_CREATION_LIMITS.nameMaxLength,
});
const tokenSymbolSchema = /* @__PURE__ */ textSchema({
  min: TOKEN_CREATION_LIMITS.symbolMinLength,
  max: TOKEN_CREATION_LIMITS.symbolMaxLength,
});

/** Step 2.5: the DAO's own token. */
export const tokenCreationSchema = /* @__PURE__ */ z
  .object({
    name: tokenNameSchema,
    symbol: tokenSymbolSchema,
    cap: amountSchema({ positive: true }),
    totalSupply: amountSchema({ positive: true }),
    /** Treasury share of the total supply, percent (0 allowed, 100 refused). */
    treasury: percentSchema({ allowZero: true }),
    /** Amount handed to recipients, whole tokens. */
    initialDistribution: amountSchema(),
    recipients: z.array(z.object({ address: addressSchema, amount: amountSchema() }), requiredError),
  })
  .superRefine((token, ctx) => {
    const ok = (v: string) => isNumericInput(v) && (v.split(".")[1] ?? "").length <= 18;
    if (ok(token.totalSupply)) {
      const supply = amountUnits(token.totalSupply);
      if (supply > UINT64_MAX * 10n ** 18n) {
        addIssue(ctx, "validation.totalSupplyTooLarge", ["totalSupply"], { max: UINT64_MAX.toString() });
      }
      if (ok(token.cap) && supply > amountUnits(token.cap))
        addIssue(ctx, "validation.totalSupplyAboveCap", ["totalSupply"]);
    }
    if (ok(token.treasury) && /^100(\.0*)?$/.test(token.treasury))
      addIssue(ctx, "validation.treasuryFull", ["treasury"]);

    reportDuplicates(token.recipients, (r) => r.address, ctx, {
      key: "validation.duplicateAddress",
      path: (i) => ["recipients", i, "address"],
    });
    const amounts = token.recipients.map((r) => r.amount).filter(ok);
    if (amounts.length !== token.recipients.length) return;
    if (!amounts.some((a) => amountUnits(a) > 0n))
      addIssue(ctx, "validation.recipientAmountRequired", ["recipients"]);
    if (!ok(token.initialDistribution)) return;
    const total = amounts.reduce((sum, a) => sum + amountUnits(a), 0n);
    if (total !== amountUnits(token.initialDistribution)) {
      addIssue(ctx, "validation.distributionMismatch", ["initialDistribution"]);
    }
    if (ok(token.totalSupply) && ok(token.treasury) && (token.treasury.split(".")[1] ?? "").length <= 18) {
      const supply = amountUnits(token.totalSupply);
      const treasuryAmount = (supply * amountUnits(token.treasury)) / amountUnits("100");
      if (treasuryAmount + amountUnits(token.initialDistribution) > supply) {
        addIssue(ctx, "validation.distributionAboveSupply", ["initialDistribution"]);
      }
    }
  });
export type TokenCreation = z.infer<typeof tokenCreationSchema>;

/** The highest polynomial coefficient PolynomialPower takes: `changeCoefficients` reverts above 10. */
export const MAX_POLYNOMIAL_COEFFICIENT = "10";

/** A polynomial voting-power coefficient: a positive number with up to 18 decimals, at most 10. */
export const polynomialCoefficientSchema = /* @__PURE__ */ amountSchema({
  positive: true,
  decimals: 18,
}).superRefine((value, ctx) => {
  if (/^\d+(\.\d{1,18})?$/.test(value) && amountUnits(value) > amountUnits(MAX_POLYNOMIAL_COEFFICIENT))
    addIssue(ctx, "validation.multiplierTooHigh", [], { value: MAX_POLYNOMIAL_COEFFICIENT });
});

/** Step 3: voting parameters (the voting model and the default proposal settings). */
export const votingParametersSchema = /* @__PURE__ */ z
  .object({
    votePowerType: z.union(
      [z.literal(VotePowerType.Linear), z.literal(VotePowerType.Polynomial), z.literal(VotePowerType.Custom)],
      requiredError,
    ),
    polinomialHoldersCoefficient: polynomialCoefficientSchema,
    polinomialExpertsCoefficient: polynomialCoefficientSchema,
    polinomialExpertsDelegationCoefficient: polynomialCoefficientSchema,
    customPowerContractAddress: z.string(requiredError).trim(),
    isCustomPowerContractAgreement: z.boolean(requiredError),
    minVotesForReadProposalDiscussion: amountSchema(),
    minVotesForCreatingComment: amountSchema(),
    defaultSettings: proposalSettingsSchema,
  })
  .superRefine((value, ctx) => {
    if (value.votePowerType === VotePowerType.Custom) {
      checkInto(addressSchema, value.customPowerContractAddress, ctx, ["customPowerContractAddress"]);
      if (!value.isCustomPowerContractAgreement) {
        addIssue(ctx, "validation.customPowerAgreement", ["isCustomPowerContractAgreement"]);
      }
    }
    const read = value.minVotesForReadProposalDiscussion;
    const create = value.minVotesForCreatingComment;
    if (isNumericInput(read) && isNumericInput(create) && amountUnits(read, 25) > amountUnits(create, 25)) {
      addIssue(ctx, "validation.discussionAboveComment", ["minVotesForReadProposalDiscussion"]);
    }
  });
export type VotingParameters = z.infer<typeof votingParametersSchema>;

export const validatorSettingsSchema = /* @__PURE__ */ z.object({
  quorum: percentSchema(),
  duration: z.number(requiredError).int("validation.invalidDuration").min(1, "validation.invalidDuration"),
  executionDelay: z
    .number(requiredError)
    .int("validation.invalidDuration")
    .min(0, "validation.invalidDuration"),
});

/** Step 4: validators (only checked when `isValidator`). */
export const validatorsSchema = /* @__PURE__ */ z.discriminatedUnion("isValidator", [
  z.object({ isValidator: z.literal(false) }),
  z
    .object({
      isValidator: z.literal(true),
      name: tokenNameSchema,
      symbol: tokenSymbolSchema,
      validators: z
        .array(z.object({ address: addressSchema, balance: amountSchema({ positive: true }) }), requiredError)
        .min(1, "validation.atLeastOneItem"),
      settings: validatorSettingsSchema,
    })
    .superRefine((value, ctx) =>
      reportDuplicates(value.validators, (v) => v.address, ctx, {
        key: "validation.duplicateAddress",
        path: (i) => ["validators", i, "address"],
      }),
    ),
]);
export type Validators = z.infer<typeof validatorsSchema>;

/** Validator token names and symbols carry the -VT suffix. */
export function validatorTokenName(name: string): string {
  const trimmed = name.trim();
  return trimmed.endsWith(VALIDATOR_TOKEN_SUFFIX) ? trimmed : `${trimmed}${VALIDATOR_TOKEN_SUFFIX}`;
}

/** Token import check: a missing token or an NFT where a token is expected is refused. */
export function tokenImportIssue(
  found: { exists: boolean; isNft: boolean },
  expected: "token" | "nft",
): MessageKey | null {
  if (!found.exists) return "validation.tokenNotFound";
  if (expected === "token" && found.isNft) return "validation.nftInsteadOfToken";
  return null;
}

/**
 * 'quorum not above initial distribution': with a freshly created token, the quorum share of the
 * total supply must be reachable by the distributed tokens (the treasury does not vote).
 */
export function isQuorumReachable(settings: Pick<ProposalSettings, "quorum">, token: TokenCreation): boolean {
  const supply = amountUnits(token.totalSupply);
  const needed = (supply * amountUnits(settings.quorum, 25)) / amountUnits("100", 25);
  return needed <= amountUnits(token.initialDistribution);
}

export function daoCreationDraftSchema(options: BasicSettingsOptions = {}) {
  return z
    .object({
      basic: basicSettingsSchema(options),
      governance: governanceSchema,
      tokenCreation: tokenCreationSchema.nullable(),
      votingParameters: votingParametersSchema,
      validators: validatorsSchema,
    })
    .superRefine((draft, ctx) => {
      const creating = draft.governance.isErc20 && draft.governance.isCreatingToken;
      if (creating && draft.tokenCreation === null)
        return addIssue(ctx, "validation.required", ["tokenCreation"]);
      if (!creating || !draft.tokenCreation) return;
      const token = draft.tokenCreation;
      const settings = draft.votingParameters.defaultSettings;
      if (!isQuorumReachable(settings, token)) {
        addIssue(ctx, "validation.quorumAboveInitialDistribution", [
          "votingParameters",
          "defaultSettings",
          "quorum",
        ]);
      }
      const supply = amountUnits(token.totalSupply);
      const treasuryBalance = (supply * amountUnits(token.treasury, 25)) / amountUnits("100", 25);
      checkMinimumVotesAgainstSupply(
        settings,
        { totalSupply: token.totalSupply, treasuryBalance: formatAmount(treasuryBalance, 18) },
        ctx,
        ["votingParameters", "defaultSettings"],
      );
    });
}
export type DaoCreationDraft = z.infer<ReturnType<typeof daoCreationDraftSchema>>;
