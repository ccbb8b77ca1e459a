import { zeroAddress } from "viem";
import { describe, expect, it, vi } from "vitest";
import { poolContractsRecord } from "../../../test/apiDocuments.ts";
import { DAO, KEEPER, SETTINGS, TOKEN, USER, VALIDATORS } from "../../../test/chainAddresses.ts";
import { type FakeCall, fail, fakeReadClient, holdNextBatch, ok } from "../../../test/fakeReadClient.ts";
import { DaoNotFoundError, fetchDaoProfile } from "./fetchDaoProfile.ts";

const VT = "0x7000000000000000000000000000000000000007" as const;
const EXPERT = "0x8000000000000000000000000000000000000008" as const;

const HELPERS = [SETTINGS, KEEPER, VALIDATORS, zeroAddress, zeroAddress] as const;

/** What the api's index says of the DAO's contracts (lower-case, as it stores them). */
const INDEXED = poolContractsRecord({ validator_token: VT });

const OTHER_TOKEN = "0x9000000000000000000000000000000000000009" as const;

/** What the DAO's tokens answer (and a token the chain does not name, "Other"). */
function tokenAnswer(call: FakeCall): unknown {
  const token: Record<string, unknown> = {
    name: "Acme",
    symbol: "ACME",
    decimals: 18,
    totalSupply: 10n ** 24n,
    balanceOf: 7n,
  };
  const vt: Record<string, unknown> = { name: "Acme-VT", symbol: "ACME-VT", totalSupply: 30n, balanceOf: 0n };
  const other: Record<string, unknown> = { name: "Other", symbol: "OTH", decimals: 6, totalSupply: 1n };
  const answers = call.address === TOKEN ? token : call.address === VT ? vt : other;
  return answers[call.functionName];
}

function fakeClient(options: { isDao?: boolean; withUser?: boolean } = {}) {
  return fakeReadClient((contracts) => {
    const first = contracts[0];
    if (first?.functionName === "getHelperContracts") {
      if (options.isDao === false) return contracts.map(() => fail());
      return [ok(HELPERS)];
    }
    if (first?.functionName === "name" && first.address === DAO) {
      if (options.isDao === false) return contracts.map(() => fail());
      return [
        ok("Acme DAO"),
        ok("ipfs://meta"),
        ok([zeroAddress, EXPERT, zeroAddress, zeroAddress]),
        ok([zeroAddress, false, true, zeroAddress]),
        ok(3n),
        ok([0n, 10n ** 18n]),
        ok(HELPERS),
      ];
    }
    if (first?.functionName === "tokenAddress") {
      const base = [
        ok(TOKEN),
        ok(zeroAddress),
        ok(0n),
        ok(0n),
        ok(1000n * 10n ** 18n),
        ok(400n * 10n ** 18n),
        ok({ quorum: 1n }),
        ok({ quorum: 2n }),
        ok({ quorum: 3n }),
        ok(5n),
        ok(true),
        ok(VT),
        ok({ duration: 60n, executionDelay: 0n, quorum: 5n }),
      ];
      const own = options.withUser
        ? [
            ...base,
            ok(100n * 10n ** 18n),
            ok([]),
            ok([60n * 10n ** 18n, []]),
            ok([{ power: 100n }, { power: 5n }, { power: 0n }, { power: 0n }]),
            ok(false),
            ok(true),
          ]
        : base;
      // The tokens' reads the index's contracts added to the batch.
      return [...own, ...contracts.slice(own.length).map((call) => ok(tokenAnswer(call)))];
    }
    if (first?.functionName === "name" && first.address === TOKEN) {
      return [
        ok("Acme"),
        ok("ACME"),
        ok(18),
        ok(10n ** 24n),
        ok(7n),
        ok("Acme-VT"),
        ok("ACME-VT"),
        ok(30n),
        ok(0n),
      ];
    }
    throw new Error(`unexpected multicall starting with ${first?.functionName}`);
  });
}

describe("fetchDaoProfile", () => {
  it("reads a DAO in three multicalls and never scans logs or reads proposals on chain", async () => {
    const { client, multicall } = fakeClient();
    const helpers = {
      known: () => ({
        settings: SETTINGS,
        userKeeper: KEEPER,
        validators: VALIDATORS,
        poolRegistry: zeroAddress,
        votePower: zeroAddress,
      }),
      keep: vi.fn(),
    };
    const profile = await fetchDaoProfile(client, DAO, undefined, { helpers });
    expect(multicall).toHaveBeenCalledTimes(3);
    // Known helper contracts are not read again.
    const calls = multicall.mock.calls.flatMap(([arg]) => arg.contracts.map((c) => c.functionName));
    expect(calls).not.toContain("getHelperContracts");
    expect(profile).toMatchObject({
      name: "Acme DAO",
      descriptionUrl: "ipfs://meta",
      latestProposalId: 3n,
      token: { address: TOKEN, name: "Acme", symbol: "ACME", decimals: 18, totalSupply: 10n ** 24n },
      nft: null,
      validators: { hasValidators: true, token: { symbol: "ACME-VT", totalSupply: 30n } },
      user: null,
    });
    // Lists come from the indexer through the api: no proposal page is read in the multicalls.
    const names = multicall.mock.calls.flatMap(([arg]) => arg.contracts);
    expect(names.map((c) => c.functionName)).not.toContain("getProposals");
  });

  it("names the metadata document as soon as the first batch has read it, before the other two", async () => {
    const { client, multicall } = fakeClient();
    const batchesWhenNamed: number[] = [];
    const onDescriptionUrl = vi.fn(() => {
      batchesWhenNamed.push(multicall.mock.calls.length);
    });
    await fetchDaoProfile(client, DAO, undefined, { onDescriptionUrl });
    expect(onDescriptionUrl).toHaveBeenCalledExactlyOnceWith("ipfs://meta");
    expect(batchesWhenNamed).toEqual([1]);
  });

  it("names the metadata document the index gives while the first batch is still on its way, each document once", async () => {
    for (const indexedUrl of ["ipfs://meta", "ipfs://older"]) {
      const { client, multicall } = fakeClient();
      const release = holdNextBatch(multicall);
      const onDescriptionUrl = vi.fn();
      const profile = fetchDaoProfile(client, DAO, undefined, {
        onDescriptionUrl,
        indexed: Promise.resolve({ ...INDEXED, description_url: indexedUrl }),
      });
      await vi.waitFor(() => expect(onDescriptionUrl).toHaveBeenCalledWith(indexedUrl));
      release();
      expect(await profile).toMatchObject({ descriptionUrl: "ipfs://meta" });
      // The chain's document is told too when the index was behind it; the same document only once.
      expect(onDescriptionUrl.mock.calls.map(([url]) => url)).toEqual(
        indexedUrl === "ipfs://meta" ? ["ipfs://meta"] : ["ipfs://older", "ipfs://meta"],
      );
    }
  });

  it("reads the helper contracts by name in the pool's first batch when no cache gives them, and keeps them", async () => {
    const { client, multicall } = fakeClient();
    const keep = vi.fn();
    const profile = await fetchDaoProfile(client, DAO, undefined, {
      helpers: { known: () => undefined, keep },
    });
    expect(multicall).toHaveBeenCalledTimes(3);
    expect(keep).toHaveBeenCalledWith(profile.helpers);
    expect(profile.helpers).toEqual({
      settings: SETTINGS,
      userKeeper: KEEPER,
      validators: VALIDATORS,
      poolRegistry: zeroAddress,
      votePower: zeroAddress,
    });
    expect(profile.nftContracts.expertNft).toBe(EXPERT);
    expect(profile.config).toEqual({ verifier: zeroAddress, onlyBABTHolders: false, isLinearPower: true });
    expect(profile.commentSettings).toEqual({
      minVotesForReadProposalDiscussion: 0n,
      minVotesForCreatingComment: 10n ** 18n,
    });
  });

  it("adds the connected user's position: deposited, withdrawable, locked, power by vote type", async () => {
    const { client } = fakeClient({ withUser: true });
    const profile = await fetchDaoProfile(client, DAO, USER);
    expect(profile.user).toMatchObject({
      deposited: 100n * 10n ** 18n,
      withdrawable: 60n * 10n ** 18n,
      locked: 40n * 10n ** 18n,
      walletBalance: 7n,
      isValidator: false,
      isExpert: true,
      votingPower: { personal: { power: 100n }, micropool: { power: 5n } },
    });
  });

  it("reads the tokens the DAO's indexed contracts name with the helpers' state: two multicalls", async () => {
    const { client, multicall } = fakeClient();
    const profile = await fetchDaoProfile(client, DAO, undefined, {
      indexed: Promise.resolve({ ...INDEXED, gov_token: TOKEN.toLowerCase() as typeof TOKEN }),
    });
    expect(multicall).toHaveBeenCalledTimes(2);
    const second = multicall.mock.calls[1]?.[0].contracts ?? [];
    expect(second[0]?.functionName).toBe("tokenAddress");
    expect(second.filter((c) => c.address === TOKEN).map((c) => c.functionName)).toEqual([
      "name",
      "symbol",
      "decimals",
      "totalSupply",
      "balanceOf",
    ]);
    expect(profile).toMatchObject({
      token: { address: TOKEN, name: "Acme", symbol: "ACME", decimals: 18, totalSupply: 10n ** 24n },
      nft: null,
      validators: { hasValidators: true, token: { address: VT, symbol: "ACME-VT", totalSupply: 30n } },
    });
  });

  it("reads the chain's tokens in a third multicall when the index names others, or has no answer", async () => {
    for (const indexed of [
      { ...INDEXED, gov_token: OTHER_TOKEN },
      // the index of another deployment: not this pool's user keeper
      { ...INDEXED, user_keeper: OTHER_TOKEN },
      undefined,
    ]) {
      const { client, multicall } = fakeClient();
      const profile = await fetchDaoProfile(client, DAO, undefined, { indexed: Promise.resolve(indexed) });
      expect(multicall).toHaveBeenCalledTimes(3);
      expect(profile.token).toMatchObject({ address: TOKEN, name: "Acme", symbol: "ACME", decimals: 18 });
    }
  });

  it("refuses an address that is not a DAO", async () => {
    const { client } = fakeClient({ isDao: false });
    await expect(fetchDaoProfile(client, DAO, undefined)).rejects.toBeInstanceOf(DaoNotFoundError);
  });
});
