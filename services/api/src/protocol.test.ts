/**
 * The api against the real protocol: the contracts package's own deploy code puts the protocol and a
 * DAO on the local chain; comments are gated by the real GovPool and the verifier signature of
 * off-chain results is accepted by the real `saveOffchainResults`.
 */
import { govPoolAbi } from "@polity/core/generated/contracts";
import { translate } from "@polity/core/i18n/en";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  http,
  type PublicClient,
  parseEther,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { deployDao } from "../../../packages/contracts/scripts/lib/dao.ts";
import { deployProtocol } from "../../../packages/contracts/scripts/lib/protocol.ts";
import {
  alice,
  bearer,
  carol,
  createTestDatabase,
  DEPLOYER_KEYS,
  DEV_KEYS,
  doc,
  expectJsonApiError,
  json,
  login,
  testConfig,
} from "../test/helpers.ts";
import { tokenDaoParams } from "../test/localServices.ts";
import { buildApp } from "./app.ts";
import { DEV_VERIFIER_PRIVATE_KEY } from "./config.ts";

const chain = () => ({ ...hardhat, rpcUrls: { default: { http: [inject("rpcUrl")] } } });

let app: FastifyInstance;
let db: pg.Client;
let pool: `0x${string}`;
let token: `0x${string}`;
let userKeeper: `0x${string}`;
let publicClient: PublicClient;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  publicClient = createPublicClient({ chain: chain(), transport: http(inject("rpcUrl")) }) as PublicClient;
  const walletClient = createWalletClient({
    account: privateKeyToAccount(DEPLOYER_KEYS.protocol),
    chain: chain(),
    transport: http(inject("rpcUrl")),
  });
  const protocol = await deployProtocol({ publicClient, walletClient });
  // The api trusts this protocol's PoolRegistry, as it trusts the deployed one of each chain.
  const databaseUrl = await createTestDatabase();
  app = await buildApp(
    { ...testConfig(databaseUrl), poolRegistries: { 31337: protocol.PoolRegistry } },
    { logger: false },
  );
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const dao = await deployDao({ publicClient, walletClient }, protocol.PoolFactory, {
    ...tokenDaoParams(`Api test DAO ${Date.now()}`, "AGOV", alice.address),
    verifier: privateKeyToAccount(DEV_VERIFIER_PRIVATE_KEY).address,
  });
  pool = dao.govPool.toLowerCase() as `0x${string}`;
  token = dao.token;
  userKeeper = dao.userKeeper;
  tokens.alice = (await login(app, alice)).access;
  tokens.carol = (await login(app, carol)).access;
}, 120_000);
afterAll(async () => {
  await db?.end();
  await app?.close();
});

const as = (who: string) => bearer(tokens[who]!);
const aliceWallet = () =>
  createWalletClient({
    account: privateKeyToAccount(DEV_KEYS[0]),
    chain: chain(),
    transport: http(inject("rpcUrl")),
  });
async function aliceSends(
  address: `0x${string}`,
  abi: typeof erc20Abi | typeof govPoolAbi,
  functionName: string,
  args: unknown[],
) {
  // biome-ignore lint/suspicious/noExplicitAny: one helper for two ABIs
  const hash = await aliceWallet().writeContract({ address, abi, functionName, args } as any);
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
}

const comment = (who: string) =>
  app.inject({
    method: "POST",
    url: "/integrations/comments-svc/comments",
    headers: as(who),
    payload: doc("comments", {
      chain_id: 31337,
      pool_address: pool,
      page_id: `dao/${pool}/proposals/1`,
      content: "On the real protocol",
    }),
  });

describe("with the real protocol", () => {
  it("gates comments by the pool's settings and the member's deposited power", async () => {
    expect(expectJsonApiError(await comment("carol"), 403).detail).toBe(translate("errors.notMember"));
    // alice holds tokens in her wallet (a member) but deposited nothing yet.
    expect(expectJsonApiError(await comment("alice"), 403).detail).toBe(
      translate("errors.commentCreatePowerTooLow"),
    );
    await aliceSends(token, erc20Abi, "approve", [userKeeper, parseEther("10")]);
    await aliceSends(pool, govPoolAbi, "deposit", [parseEther("10"), []]);
    expect((await comment("alice")).statusCode).toBe(201);
  });

  it("signs off-chain results that GovPool.saveOffchainResults accepts", async () => {
    // The snapshot is the block before the head: one more block puts alice's deposit below it.
    await createTestClient({ mode: "hardhat", chain: chain(), transport: http(inject("rpcUrl")) }).mine({
      blocks: 1,
    });
    const created = await app.inject({
      method: "POST",
      url: "/integrations/voting/proposals",
      headers: as("alice"),
      payload: doc("proposals", {
        chain_id: 31337,
        pool_address: pool,
        type: "create_proposal_type",
        title: "Add a poll template",
        description: "",
        vote_options: [],
        custom_parameters: {
          voting_type: "multiple_of",
          name: "Poll",
          description: "",
          use_delegated: true,
          voting_duration: "2d",
          boundary_percent: "10",
          against_percent: "50",
          minimal_vote_power: "0",
          minimal_create_proposal_power: "0",
          minimal_comment_read_power: "0",
          minimal_comment_create_power: "0",
        },
      }),
    });
    expect(created.statusCode).toBe(201);
    const proposal = json(created).data;
    // Quorum is measured against the token's whole supply at the snapshot block.
    expect(proposal.attributes.total_power).toBe(parseEther("1000").toString());
    const voted = await app.inject({
      method: "POST",
      url: "/integrations/voting/vote",
      headers: as("alice"),
      payload: doc("votes", { proposal_id: proposal.id, voter_address: alice.address, options: ["for"] }),
    });
    expect(json(voted).data.attributes.power).toBe(parseEther("10").toString());
    // 10 of 1000 is below for_percent 50: rejected, but results are still submitted.
    await db.query("UPDATE api.offchain_proposals SET end_at = now() - interval '1 second' WHERE id = $1", [
      proposal.id,
    ]);
    const submitted = await app.inject({
      method: "POST",
      url: "/integrations/voting/proposals/submit",
      headers: as("alice"),
      payload: doc("submit", { chain_id: 31337, proposal_type: "create_proposal_type", pool_address: pool }),
    });
    expect(submitted.statusCode).toBe(200);
    const result = json(submitted).data.attributes;
    expect(result.proposals).toEqual([{ id: proposal.id, status: "2" }]);
    // signed for alice, who asked; no proposal reached its quorum, so saving earns no reward (M3)
    expect(result.quorum_reached).toBe(false);

    await aliceSends(pool, govPoolAbi, "saveOffchainResults", [
      result.results_hash,
      BigInt(result.deadline),
      result.quorum_reached,
      result.signature,
    ]);
    const nonce = await publicClient.readContract({
      address: pool,
      abi: govPoolAbi,
      functionName: "offchainResultsNonce",
    });
    expect(nonce).toBe(1n);
  });
});
