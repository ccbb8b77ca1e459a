import { zeroAddress } from "viem";
import { afterEach, describe, expect, it, vi } from "vitest";
import { indexedProposalRecord, poolContractsRecord } from "../../../test/apiDocuments.ts";
import { DAO, KEEPER, SETTINGS, TOKEN, USER, VALIDATORS } from "../../../test/chainAddresses.ts";
import { fakeReadClient, holdNextBatch, ok } from "../../../test/fakeReadClient.ts";
import { fetchRoutes, jsonResponse } from "../../../test/renderWithProviders.tsx";
import { fetchProposalDetails, ProposalNotFoundError } from "./fetchProposalDetails.ts";
import { fixtureProposal } from "./proposalDetailsFixture.ts";

const E = (n: number) => BigInt(n) * 10n ** 18n;

const proposalView = fixtureProposal(7, {
  id: 4n,
  creator: USER,
  quorumReached: true,
  votesFor: E(460),
  votesAgainst: E(20),
  rawVotesFor: E(460),
  rawVotesAgainst: E(20),
});

function fakeClient() {
  return fakeReadClient((contracts) => {
    const first = contracts[0]?.functionName;
    if (first === "getHelperContracts") return [ok([SETTINGS, KEEPER, VALIDATORS, zeroAddress, zeroAddress])];
    if (first === "name") {
      return [
        ok("Acme DAO"),
        ok([proposalView]),
        ok([0n, E(1)]),
        ok({ isVoteFor: true, totalVoted: E(60), tokensVoted: E(60), totalRawVoted: E(60), nftsVoted: [] }),
        ok([E(40), []]),
        ok({
          onchainTokens: [TOKEN],
          staticRewards: [0n],
          votingRewards: [{ personal: 0n, micropool: 0n, treasury: 0n }],
          multiplierRewards: [0n],
          offchainTokens: [],
          offchainRewards: [],
        }),
        ok([SETTINGS, KEEPER, VALIDATORS, zeroAddress, zeroAddress]),
      ];
    }
    if (first === "tokenAddress") {
      const own = [
        ok(TOKEN),
        ok(zeroAddress),
        ok(0n),
        ok(E(1000)),
        ok(false),
        ok(zeroAddress),
        ok({ voteEnd: 0n }),
        ok(5),
        ok({ rewardsInfo: { rewardToken: TOKEN } }),
        ok(E(100)),
        ok([]),
        ok([
          { power: E(100), nftPower: 0n },
          { power: E(30), nftPower: E(2) },
          { power: E(7), nftPower: 0n },
          { power: E(12), nftPower: 0n },
        ]),
        ok(false),
        ok([0n, 0n]),
      ];
      // The token's reads the index's contracts added: symbol, decimals, balance and allowance.
      const token: Record<string, unknown> = { symbol: "ACME", decimals: 18, balanceOf: E(5), allowance: 0n };
      return [
        ...own,
        ...contracts
          .slice(own.length)
          .map((call) => ok(call.address === TOKEN ? token[call.functionName] : "?")),
      ];
    }
    if (first === "symbol") return [ok("ACME"), ok(18), ok(E(5)), ok(0n)];
    throw new Error(`unexpected multicall starting with ${first}`);
  });
}

function record(over: Record<string, unknown> = {}) {
  return {
    data: {
      id: `${DAO.toLowerCase()}:4`,
      type: "gov-proposal",
      attributes: {
        ...indexedProposalRecord({ pool_address: DAO.toLowerCase() as `0x${string}` }),
        proposal_id: "4",
        description_url: "ipfs://proposal-4",
        actions_on_for: [{ executor: DAO, value: "7", data: "0xabcd" }],
        actions_on_against: [],
        created_at: 1_899_000_000,
        moved_to_validators_at: null,
        executed_at: 1_899_100_000,
        validator_votes: [{ voter: USER, voted_for: E(10).toString(), voted_against: "0", updated_at: 1 }],
        user_claims: [{ token: TOKEN, amount: E(3).toString(), timestamp: 1_899_100_000, tx_hash: "0x2" }],
        user_has_claimed: true,
        ...over,
      },
    },
    meta: { indexed_block: 50, indexed_at: 1_899_100_000, state_time: 1_899_100_000 },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("fetchProposalDetails", () => {
  it("reads live state in three multicalls and the history-derived fields from the api, never from logs", async () => {
    const routes = fetchRoutes([[/\/proposals\/4$/, () => jsonResponse(record())]]);
    vi.stubGlobal("fetch", routes.fn);
    const { client, multicall, request } = fakeClient();
    // The pool's helper contracts come from the query cache once a page has read them.
    const details = await fetchProposalDetails(client, DAO, 4n, USER);
    expect(multicall).toHaveBeenCalledTimes(3);
    expect(request).not.toHaveBeenCalled();
    expect(routes.calls).toHaveLength(1);
    expect(routes.calls[0]?.url.pathname).toBe(
      `/integrations/tracker/31337/pools/gov/${DAO.toLowerCase()}/proposals/4`,
    );
    expect(routes.calls[0]?.url.searchParams.get("user")).toBe(USER.toLowerCase());
    expect(details).toMatchObject({
      daoName: "Acme DAO",
      descriptionUrl: "ipfs://proposal-4",
      actionsOnFor: [{ executor: DAO, value: 7n, data: "0xabcd" }],
      actionsOnAgainst: [],
      createdAt: 1_899_000_000,
      movedAt: null,
      executedAt: 1_899_100_000,
      indexed: "ok",
      validatorVotes: [{ voter: USER, votedFor: E(10), votedAgainst: 0n }],
      token: { symbol: "ACME", decimals: 18 },
    });
    expect(details.user?.rewards.hasClaimed).toBe(true);
    expect(details.user?.vote.totalVoted).toBe(E(60));
    expect(details.user?.power).toBe(E(144));
    // what the user delegated out is shown apart and never counted in its power
    expect(details.user?.powerByType).toEqual({
      personal: E(100),
      micropool: E(32),
      delegated: E(7),
      treasury: E(12),
    });
  });

  it("keeps the live page when the api cannot answer, marking the indexed parts unavailable", async () => {
    vi.stubGlobal(
      "fetch",
      fetchRoutes([
        [
          /\/proposals\/4$/,
          () => jsonResponse({ errors: [{ title: "Unavailable", detail: "x", status: "503" }] }, 503),
        ],
      ]).fn,
    );
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { client } = fakeClient();
    const details = await fetchProposalDetails(client, DAO, 4n, USER);
    expect(details).toMatchObject({
      indexed: "unavailable",
      descriptionUrl: "",
      actionsOnFor: [],
      createdAt: null,
      executedAt: null,
    });
    expect(details.proposal.state).toBe(7);
    expect(details.user?.rewards.hasClaimed).toBe(false);
  });

  it("names the proposal's metadata document as soon as the indexer's record arrives, before the chain's batches answer", async () => {
    vi.stubGlobal("fetch", fetchRoutes([[/\/proposals\/4$/, () => jsonResponse(record())]]).fn);
    const { client, multicall } = fakeClient();
    const release = holdNextBatch(multicall);
    const onDescriptionUrl = vi.fn();
    const details = fetchProposalDetails(client, DAO, 4n, USER, { onDescriptionUrl });
    await vi.waitFor(() => expect(onDescriptionUrl).toHaveBeenCalledExactlyOnceWith("ipfs://proposal-4"));
    expect(multicall).toHaveBeenCalledTimes(1);
    release();
    expect(await details).toMatchObject({ descriptionUrl: "ipfs://proposal-4" });
    expect(onDescriptionUrl).toHaveBeenCalledTimes(1);
  });

  it("reads the token the DAO's indexed contracts name with the helpers' state: two multicalls", async () => {
    vi.stubGlobal("fetch", fetchRoutes([[/\/proposals\/4$/, () => jsonResponse(record())]]).fn);
    const indexed = poolContractsRecord();
    const { client, multicall } = fakeClient();
    const details = await fetchProposalDetails(client, DAO, 4n, USER, {
      contracts: Promise.resolve(indexed),
    });
    expect(multicall).toHaveBeenCalledTimes(2);
    expect(details.token).toEqual({ address: TOKEN, symbol: "ACME", decimals: 18 });
    expect(details.user).toMatchObject({ walletBalance: E(5), allowance: 0n });

    // The chain names another token than the index: its reads come in a third batch.
    const other = fakeClient();
    const again = await fetchProposalDetails(other.client, DAO, 4n, USER, {
      contracts: Promise.resolve({ ...indexed, gov_token: "0x9000000000000000000000000000000000000009" }),
    });
    expect(other.multicall).toHaveBeenCalledTimes(3);
    expect(again.token).toEqual({ address: TOKEN, symbol: "ACME", decimals: 18 });
    expect(again.user).toMatchObject({ walletBalance: E(5), allowance: 0n });
  });

  it("refuses a proposal the chain does not have", async () => {
    vi.stubGlobal("fetch", fetchRoutes([[/\/proposals\/9$/, () => jsonResponse(record())]]).fn);
    const { client, multicall } = fakeClient();
    multicall.mockImplementationOnce(async () => [ok("Acme DAO"), ok([]), ok([0n, 0n])]);
    await expect(fetchProposalDetails(client, DAO, 9n, undefined)).rejects.toBeInstanceOf(
      ProposalNotFoundError,
    );
  });
});
