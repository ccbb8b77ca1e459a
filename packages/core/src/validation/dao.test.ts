import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { en } from "../i18n/en.ts";
import {
  basicSettingsSchema,
  daoCreationDraftSchema,
  governanceSchema,
  isQuorumReachable,
  type TokenCreation,
  tokenCreationSchema,
  tokenImportIssue,
  validatorsSchema,
  validatorTokenName,
  votingParametersSchema,
} from "./dao.ts";
import { fieldMessages } from "./issues.ts";
import { normalizeProposalSettings } from "./proposalSettings.ts";

function errors(schema: z.ZodType, value: unknown): [string, string][] {
  const r = schema.safeParse(value);
  return r.success ? [] : fieldMessages(r.error).map((m) => [m.path, m.message]);
}

const A1 = "0x0000000000000000000000000000000000000001";
const A2 = "0x0000000000000000000000000000000000000002";

const basic = {
  avatarUrl: "",
  daoName: "Polity DAO",
  websiteUrl: "https://polity.app",
  description: "",
  socialLinks: [{ kind: "twitter", url: "https://x.com/polity" }],
  documents: [{ name: "Charter", url: "https://polity.app/charter.pdf" }],
};

describe("basic DAO settings", () => {
  it("accepts a valid step", () => {
    expect(errors(basicSettingsSchema(), basic)).toEqual([]);
  });

  it("requires a name and valid URLs", () => {
    expect(errors(basicSettingsSchema(), { ...basic, daoName: " ", websiteUrl: "polity.app" })).toEqual([
      ["daoName", "Please fill out this field"],
      ["websiteUrl", "Please enter a valid URL starting with http:// or https://"],
    ]);
    expect(errors(basicSettingsSchema(), { ...basic, daoName: "x".repeat(51) })).toEqual([
      ["daoName", "Must be at most 50 characters"],
    ]);
  });

  it("refuses a taken pool name with the spec's text", () => {
    const schema = basicSettingsSchema({ isNameTaken: (name) => name === "Polity DAO" });
    expect(errors(schema, basic)).toEqual([["daoName", "A pool with this name already exists."]]);
  });

  it("refuses unknown social kinds and duplicate links", () => {
    expect(
      errors(basicSettingsSchema(), { ...basic, socialLinks: [{ kind: "myspace", url: "https://a.com" }] }),
    ).toEqual([["socialLinks.0.kind", "Please enter a valid value"]]);
    expect(
      errors(basicSettingsSchema(), {
        ...basic,
        socialLinks: [
          { kind: "github", url: "https://x.com/polity" },
          { kind: "other", url: "https://X.com/polity" },
        ],
        documents: [
          { name: "A", url: "https://a.com/doc" },
          { name: "B", url: "https://a.com/doc" },
        ],
      }),
    ).toEqual([
      ["socialLinks.1.url", "This value is already in the list"],
      ["documents.1.url", "This value is already in the list"],
    ]);
  });
});

const governance = {
  isErc20: true,
  isErc721: false,
  isBinanceKycRestricted: false,
  isCreatingToken: false,
  userKeeperParams: { tokenAddress: A1, nftAddress: "", individualPower: "", nftsTotalSupply: "" },
};

describe("governance step", () => {
  it("needs a token, an NFT or both", () => {
    expect(errors(governanceSchema, governance)).toEqual([]);
    expect(errors(governanceSchema, { ...governance, isErc20: false })).toEqual([
      ["isErc20", "Choose a governance token, an NFT, or both"],
    ]);
  });

  it("checks the imported token address unless a token is created", () => {
    const params = { ...governance.userKeeperParams, tokenAddress: "0x12" };
    expect(errors(governanceSchema, { ...governance, userKeeperParams: params })).toEqual([
      ["userKeeperParams.tokenAddress", "Please enter a valid address"],
    ]);
    expect(
      errors(governanceSchema, { ...governance, isCreatingToken: true, userKeeperParams: params }),
    ).toEqual([]);
  });

  it("checks NFT address, power per NFT and supply", () => {
    const nft = {
      ...governance,
      isErc721: true,
      userKeeperParams: {
        ...governance.userKeeperParams,
        nftAddress: "",
        individualPower: "0",
        nftsTotalSupply: "1.5",
      },
    };
    expect(errors(governanceSchema, nft)).toEqual([
      ["userKeeperParams.nftAddress", "Please fill out this field"],
      ["userKeeperParams.individualPower", "Must be greater than 0"],
      ["userKeeperParams.nftsTotalSupply", "At most 0 decimal places are allowed"],
    ]);
  });

  it("token import: not found, or an NFT where a token is expected", () => {
    expect(en[tokenImportIssue({ exists: false, isNft: false }, "token") ?? "validation.invalid"]).toBe(
      "Token not found",
    );
    expect(tokenImportIssue({ exists: true, isNft: true }, "token")).toBe("validation.nftInsteadOfToken");
    expect(tokenImportIssue({ exists: true, isNft: true }, "nft")).toBeNull();
    expect(tokenImportIssue({ exists: true, isNft: false }, "token")).toBeNull();
  });
});

const token: TokenCreation = {
  name: "Polity",
  symbol: "POL",
  cap: "1000000",
  totalSupply: "1000000",
  treasury: "40",
  initialDistribution: "600000",
  recipients: [
    { address: A1, amount: "500000" },
    { address: A2, amount: "100000" },
  ],
};

describe("token creation", () => {
  it("accepts a consistent token", () => {
    expect(errors(tokenCreationSchema, token)).toEqual([]);
  });

  it("name 1 to 30, symbol 1 to 10", () => {
    expect(errors(tokenCreationSchema, { ...token, name: "x".repeat(31), symbol: "S".repeat(11) })).toEqual([
      ["name", "Must be at most 30 characters"],
      ["symbol", "Must be at most 10 characters"],
    ]);
    expect(errors(tokenCreationSchema, { ...token, name: "", symbol: "" })).toEqual([
      ["name", "Please fill out this field"],
      ["symbol", "Please fill out this field"],
    ]);
  });

  it("total supply at most cap and the 64-bit maximum", () => {
    expect(errors(tokenCreationSchema, { ...token, cap: "999999" })).toEqual([
      ["totalSupply", "Total supply cannot exceed the cap"],
    ]);
    const huge = "18446744073709551616";
    expect(errors(tokenCreationSchema, { ...token, cap: huge, totalSupply: huge })).toContainEqual([
      "totalSupply",
      "Total supply cannot exceed 18446744073709551615",
    ]);
  });

  it("recipients must be valid, distinct addresses", () => {
    expect(
      errors(tokenCreationSchema, {
        ...token,
        recipients: [
          { address: "0xbad", amount: "500000" },
          { address: A2, amount: "100000" },
        ],
      }),
    ).toEqual([["recipients.0.address", "Please enter a valid address"]]);
    expect(
      errors(tokenCreationSchema, {
        ...token,
        recipients: [
          { address: A1, amount: "500000" },
          { address: A1, amount: "100000" },
        ],
      }),
    ).toEqual([["recipients.1.address", "This address is already in the list"]]);
  });

  it("needs at least one recipient amount above 0 and totals equal to the initial distribution", () => {
    expect(
      errors(tokenCreationSchema, {
        ...token,
        initialDistribution: "0",
        recipients: [{ address: A1, amount: "0" }],
      }),
    ).toEqual([["recipients", "At least one recipient must receive an amount greater than 0"]]);
    expect(errors(tokenCreationSchema, { ...token, treasury: "0", initialDistribution: "600001" })).toEqual([
      ["initialDistribution", "The recipients' total must equal the initial distribution"],
    ]);
  });

  it("refuses 100% in the treasury: participants have nothing to vote", () => {
    const result = errors(tokenCreationSchema, { ...token, treasury: "100" });
    expect(result[0]?.[1]).toContain("participants have nothing to vote");
  });

  it("refuses a treasury plus distribution above the supply", () => {
    expect(errors(tokenCreationSchema, { ...token, treasury: "50" })).toEqual([
      ["initialDistribution", "The treasury and the initial distribution cannot exceed the total supply"],
    ]);
  });
});

const validSettings = {
  ...normalizeProposalSettings({}),
  validatorsVote: false,
  duration: 86400,
  quorum: "50",
};
const voting = {
  votePowerType: 0,
  polinomialHoldersCoefficient: "0.97",
  polinomialExpertsCoefficient: "0.92",
  polinomialExpertsDelegationCoefficient: "1.08",
  customPowerContractAddress: "",
  isCustomPowerContractAgreement: false,
  minVotesForReadProposalDiscussion: "0",
  minVotesForCreatingComment: "1",
  defaultSettings: validSettings,
};

describe("voting parameters", () => {
  it("accepts defaults", () => {
    expect(errors(votingParametersSchema, voting)).toEqual([]);
  });

  it("custom vote power needs a contract and the agreement", () => {
    expect(errors(votingParametersSchema, { ...voting, votePowerType: 2 })).toEqual([
      ["customPowerContractAddress", "Please fill out this field"],
      ["isCustomPowerContractAgreement", "Please confirm the custom vote-power contract"],
    ]);
    expect(
      errors(votingParametersSchema, {
        ...voting,
        votePowerType: 2,
        customPowerContractAddress: A1,
        isCustomPowerContractAgreement: true,
      }),
    ).toEqual([]);
    expect(errors(votingParametersSchema, { ...voting, votePowerType: 3 })).toEqual([
      ["votePowerType", "Please enter a valid value"],
    ]);
  });

  it("refuses a polynomial coefficient above 10, which PolynomialPower reverts at deployment", () => {
    expect(
      errors(votingParametersSchema, {
        ...voting,
        polinomialHoldersCoefficient: "10.000000000000000001",
        polinomialExpertsCoefficient: "10",
        polinomialExpertsDelegationCoefficient: "11",
      }),
    ).toEqual([
      ["polinomialHoldersCoefficient", "Must be at most 10"],
      ["polinomialExpertsDelegationCoefficient", "Must be at most 10"],
    ]);
  });

  it("minimum votes for discussion not above minimum votes for a comment", () => {
    expect(errors(votingParametersSchema, { ...voting, minVotesForReadProposalDiscussion: "2" })).toEqual([
      [
        "minVotesForReadProposalDiscussion",
        "Minimum votes to read the discussion cannot exceed the minimum votes to create a comment",
      ],
    ]);
  });
});

describe("validators step", () => {
  const v = {
    isValidator: true,
    name: "Polity Validators",
    symbol: "PV",
    validators: [{ address: A1, balance: "10" }],
    settings: { quorum: "51", duration: 86400, executionDelay: 0 },
  };
  it("is skipped without validators and checked with them", () => {
    expect(errors(validatorsSchema, { isValidator: false })).toEqual([]);
    expect(errors(validatorsSchema, v)).toEqual([]);
    expect(errors(validatorsSchema, { ...v, validators: [] })).toEqual([
      ["validators", "Add at least one item"],
    ]);
    expect(
      errors(validatorsSchema, {
        ...v,
        validators: [
          { address: A1, balance: "10" },
          { address: A1.toUpperCase().replace("0X", "0x"), balance: "0" },
        ],
      }),
    ).toEqual([
      ["validators.1.balance", "Must be greater than 0"],
      ["validators.1.address", "This address is already in the list"],
    ]);
  });
  it("suffixes validator token names with -VT", () => {
    expect(validatorTokenName("Polity")).toBe("Polity-VT");
    expect(validatorTokenName(" PV-VT ")).toBe("PV-VT");
  });
});

describe("DAO creation draft", () => {
  const draft = {
    basic,
    governance: { ...governance, isCreatingToken: true },
    tokenCreation: token,
    votingParameters: voting,
    validators: { isValidator: false },
  };

  it("accepts a complete draft", () => {
    expect(errors(daoCreationDraftSchema(), draft)).toEqual([]);
  });

  it("needs the token step when creating a token", () => {
    expect(errors(daoCreationDraftSchema(), { ...draft, tokenCreation: null })).toEqual([
      ["tokenCreation", "Please fill out this field"],
    ]);
  });

  it("refuses a quorum above the initial distribution", () => {
    const high = { ...voting, defaultSettings: { ...validSettings, quorum: "60.1" } };
    expect(errors(daoCreationDraftSchema(), { ...draft, votingParameters: high })).toEqual([
      ["votingParameters.defaultSettings.quorum", "Quorum cannot exceed the initial distribution"],
    ]);
    expect(isQuorumReachable({ quorum: "60" }, token)).toBe(true);
  });

  it("refuses minimum votes above the supply outside the treasury", () => {
    const high = { ...voting, defaultSettings: { ...validSettings, minVotesForCreating: "600001" } };
    expect(errors(daoCreationDraftSchema(), { ...draft, votingParameters: high })).toEqual([
      [
        "votingParameters.defaultSettings.minVotesForCreating",
        "Minimum voting power cannot exceed the total supply minus the treasury balance of the token",
      ],
    ]);
  });
});
