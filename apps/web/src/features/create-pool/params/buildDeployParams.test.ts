import { getAddress, zeroAddress } from "viem";
import { describe, expect, it } from "vitest";
import { type CreatePoolDraft, createDefaultDraft } from "../draft/createPoolDraft.ts";
import { buildDeployParts, type DeployUploads } from "./buildDeployParams.ts";
import { SETTINGS_SLOTS } from "./daoMetadata.ts";
import { toDeployGovPoolArgs } from "./toDeployGovPoolArgs.ts";
import { uploadDeployDocuments } from "./uploadDeployDocuments.ts";

const ALICE = getAddress("0x70997970c51812dc3a010c7d01b50e20d35dc4c8");
const BOB = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const VERIFIER = "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720";
const E18 = 10n ** 18n;
const DAY = 86_400n;

const uploads: DeployUploads = {
  descriptionURL: "ipfs://bagaaierametadata",
  executorDescriptions: Object.fromEntries(SETTINGS_SLOTS.map((slot) => [slot, `ipfs://${slot}`])) as Record<
    (typeof SETTINGS_SLOTS)[number],
    string
  >,
};

function draftWithNewToken(overrides: Partial<CreatePoolDraft> = {}): CreatePoolDraft {
  const defaults = createDefaultDraft();
  return {
    ...defaults,
    daoName: "  Lisbon Builders ",
    isBinanceKycRestricted: true,
    tokenCreation: {
      name: "Lisbon Token",
      symbol: "LSB",
      cap: "1000000",
      totalSupply: "1000.5",
      treasury: "33.3333333",
      initialDistribution: "667.0000000000000000",
      recipients: [
        { address: ALICE.toLowerCase(), amount: "600.000000000000000001" },
        { address: BOB, amount: "67" },
      ],
    },
    defaultProposalSettings: {
      ...defaults.defaultProposalSettings,
      duration: "1w 2d",
      quorum: "12.5",
      minVotesForVoting: "0.5",
      minVotesForCreating: "10",
      executionDelay: "1h",
      rewardsInfo: {
        rewardToken: "",
        creationReward: "1.5",
        executionReward: "0.25",
        voteRewardsCoefficient: "2",
      },
    },
    ...overrides,
  };
}

describe("buildDeployParts", () => {
  it("turns a new-token draft into exact on-chain integers", () => {
    const parts = buildDeployParts(draftWithNewToken(), uploads, { verifier: VERIFIER });
    expect(parts.name).toBe("Lisbon Builders");
    expect(parts.descriptionURL).toBe("ipfs://bagaaierametadata");
    expect(parts.verifier).toBe(VERIFIER);
    expect(parts.onlyBABTHolders).toBe(true);
    expect(parts.isNewToken).toBe(true);
    expect(parts.tokenParams).toEqual({
      name: "Lisbon Token",
      symbol: "LSB",
      cap: 1_000_000n * E18,
      mintedTotal: 1000n * E18 + E18 / 2n,
      users: [ALICE, BOB],
      amounts: [600n * E18 + 1n, 67n * E18],
    });
    // The factory fills in the new token; no NFTs.
    expect(parts.userKeeperParams).toEqual({
      tokenAddress: zeroAddress,
      nftAddress: zeroAddress,
      individualPower: 0n,
      nftsTotalSupply: 0n,
    });
  });

  it("builds one settings slot per executor with 25-decimal percentages and second-based durations", () => {
    const parts = buildDeployParts(draftWithNewToken(), uploads, { verifier: VERIFIER });
    expect(parts.proposalSettings).toHaveLength(5);
    const [defaults, internal, validators] = parts.proposalSettings;
    expect(defaults).toEqual({
      earlyCompletion: true,
      delegatedVotingAllowed: true,
      // No validators in this DAO: no validators stage.
      validatorsVote: false,
      duration: 9n * DAY,
      durationValidators: 0n,
      executionDelay: 3600n,
      quorum: 125n * 10n ** 24n,
      quorumValidators: 0n,
      minVotesForVoting: E18 / 2n,
      minVotesForCreating: 10n * E18,
      rewardsInfo: {
        rewardToken: zeroAddress,
        creationReward: 15n * 10n ** 17n,
        executionReward: 25n * 10n ** 16n,
        voteRewardsCoefficient: 2n * 10n ** 25n,
      },
      executorDescription: "ipfs://default",
    });
    expect(internal?.executorDescription).toBe("ipfs://internal");
    expect(validators).toMatchObject({ earlyCompletion: false, delegatedVotingAllowed: false });
  });

  it("adds the validators chamber with -VT names and the validators stage in every slot", () => {
    const defaults = createDefaultDraft();
    const parts = buildDeployParts(
      draftWithNewToken({
        isValidator: true,
        validatorsParams: {
          name: "Lisbon Council",
          symbol: "LSC-VT",
          validators: [
            { address: ALICE, balance: "10" },
            { address: BOB.toLowerCase(), balance: "2.5" },
          ],
          quorum: "66.6666666666666666666666667",
          duration: "3d",
          executionDelay: "0s",
        },
        defaultProposalSettings: { ...defaults.defaultProposalSettings, validatorsVote: true },
      }),
      uploads,
      { verifier: VERIFIER },
    );
    expect(parts.validatorsParams).toEqual({
      name: "Lisbon Council-VT",
      symbol: "LSC-VT",
      duration: 3n * DAY,
      executionDelay: 0n,
      quorum: 666_666_666_666_666_666_666_666_667n,
      validators: [ALICE, BOB],
      balances: [10n * E18, 25n * 10n ** 17n],
    });
    for (const settings of parts.proposalSettings) {
      expect(settings).toMatchObject({
        validatorsVote: true,
        durationValidators: 3n * DAY,
        quorumValidators: 666_666_666_666_666_666_666_666_667n,
      });
    }
  });

  it("imports an existing token and NFTs without creating a token", () => {
    const defaults = createDefaultDraft();
    const parts = buildDeployParts(
      {
        ...defaults,
        daoName: "Pass Holders",
        isErc721: true,
        tokenSource: "existing",
        userKeeperParams: {
          tokenAddress: ALICE.toLowerCase(),
          nftAddress: BOB,
          individualPower: "100",
          nftsTotalSupply: "500",
        },
      },
      uploads,
      { verifier: VERIFIER },
    );
    expect(parts.isNewToken).toBe(false);
    expect(parts.tokenParams).toEqual({
      name: "",
      symbol: "",
      cap: 0n,
      mintedTotal: 0n,
      users: [],
      amounts: [],
    });
    expect(parts.userKeeperParams).toEqual({
      tokenAddress: ALICE,
      nftAddress: BOB,
      individualPower: 100n * E18,
      nftsTotalSupply: 500n,
    });
  });

  it("encodes the vote-power model", () => {
    const defaults = createDefaultDraft();
    const polynomial = buildDeployParts(
      draftWithNewToken({ votingModel: { ...defaults.votingModel, votePowerType: "polynomial" } }),
      uploads,
      { verifier: VERIFIER },
    );
    expect(polynomial.votePowerParams).toEqual({
      voteType: 1,
      holdersCoefficient: 97n * 10n ** 16n,
      expertsCoefficient: 92n * 10n ** 16n,
      expertsDelegationCoefficient: 108n * 10n ** 16n,
      presetAddress: zeroAddress,
    });
    const custom = buildDeployParts(
      draftWithNewToken({
        votingModel: {
          ...defaults.votingModel,
          votePowerType: "custom",
          customPowerContractAddress: BOB.toLowerCase(),
          isCustomPowerContractAgreement: true,
          minVotesForReadProposalDiscussion: "0.5",
          minVotesForCreatingComment: "3",
        },
      }),
      uploads,
      { verifier: VERIFIER },
    );
    expect(custom.votePowerParams).toMatchObject({ voteType: 2, presetAddress: BOB, holdersCoefficient: 0n });
    expect(custom.commentSettings).toEqual({
      minVotesForReadProposalDiscussion: E18 / 2n,
      minVotesForCreatingComment: 3n * E18,
    });
    expect(
      buildDeployParts(draftWithNewToken(), uploads, { verifier: VERIFIER }).votePowerParams.voteType,
    ).toBe(0);
  });

  it("shapes the parts as PoolFactory.GovPoolDeployParams", () => {
    const [params] = toDeployGovPoolArgs(
      buildDeployParts(draftWithNewToken(), uploads, { verifier: VERIFIER }),
    );
    expect(Object.keys(params)).toEqual([
      "settingsParams",
      "validatorsParams",
      "userKeeperParams",
      "tokenParams",
      "votePowerParams",
      "verifier",
      "onlyBABTHolders",
      "descriptionURL",
      "name",
      "minVotesForReadProposalDiscussion",
      "minVotesForCreatingComment",
    ]);
    expect(params.settingsParams.additionalProposalExecutors).toEqual([]);
    // No validators: the chamber still gets valid default settings (GovValidators refuses zeros).
    expect(params.validatorsParams).toEqual({
      name: "Lisbon Builders-VT",
      symbol: "DAO-VT",
      proposalSettings: { duration: 3n * DAY, executionDelay: 0n, quorum: 50n * 10n ** 25n },
      validators: [],
      balances: [],
    });
    expect(params.minVotesForCreatingComment).toBe(E18);
  });
});

describe("uploadDeployDocuments", () => {
  it("uploads the description, the settings documents and the DAO metadata that references them", async () => {
    const uploaded: unknown[] = [];
    const upload = async (document: unknown) => {
      uploaded.push(document);
      const cid = `cid${uploaded.length}`;
      return { cid, url: `ipfs://${cid}` };
    };
    const draft = draftWithNewToken({
      description: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Hi" }] }] },
      socialLinks: [{ kind: "github", url: "https://github.com/lisbon" }],
      documents: [{ id: "d1", name: "Charter", url: "https://lisbon.example.org/charter.pdf" }],
      avatarUrl: "ipfs://avatarcid",
      avatarCID: "avatarcid",
      avatarName: "logo.png",
      websiteUrl: "https://lisbon.example.org",
    });
    const result = await uploadDeployDocuments(draft, upload);
    expect(uploaded).toHaveLength(7);
    expect(uploaded[0]).toEqual(draft.description);
    expect(result.descriptionURL).toBe("ipfs://cid7");
    expect(uploaded[6]).toEqual({
      daoName: "Lisbon Builders",
      websiteUrl: "https://lisbon.example.org",
      description: "ipfs://cid1",
      socialLinks: [["github", "https://github.com/lisbon"]],
      documents: [{ name: "Charter", url: "https://lisbon.example.org/charter.pdf" }],
      avatarUrl: "ipfs://avatarcid",
      avatarCID: "avatarcid",
      avatarFileName: "logo.png",
    });
    expect(result.executorDescriptions).toEqual({
      default: "ipfs://cid2",
      internal: "ipfs://cid3",
      validators: "ipfs://cid4",
      distribution: "ipfs://cid5",
      tokenSale: "ipfs://cid6",
    });
  });

  it("skips an empty description", async () => {
    const uploaded: unknown[] = [];
    await uploadDeployDocuments(draftWithNewToken(), async (document) => {
      uploaded.push(document);
      return { cid: "c", url: "ipfs://c" };
    });
    expect(uploaded).toHaveLength(6);
    expect(uploaded[5]).toMatchObject({ description: "" });
  });
});
