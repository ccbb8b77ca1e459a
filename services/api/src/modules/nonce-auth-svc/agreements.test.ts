/**
 * The agreement to the privacy policy given at sign-in: the account's EIP-712 signature for a chain's
 * UserRegistry, checked as the real registry checks it and kept for the account's first transaction there.
 */
import { userRegistryAbi } from "@polity/core/generated/contracts";
import { agreementTypedData } from "@polity/core/privacyAgreement";
import type { FastifyInstance } from "fastify";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  keccak256,
  type PrivateKeyAccount,
  type PublicClient,
  stringToHex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { readArtifact } from "../../../../../packages/contracts/scripts/lib/artifacts.ts";
import {
  alice,
  bearer,
  bob,
  createTestDatabase,
  doc,
  expectJsonApiError,
  json,
  login,
  testConfig,
} from "../../../test/helpers.ts";
import { buildApp } from "../../app.ts";

const AGREEMENTS = "/integrations/nonce-auth-svc/agreements/31337";
const POLICY = keccak256(stringToHex("Polity privacy policy, api test"));

const chain = () => ({ ...hardhat, rpcUrls: { default: { http: [inject("rpcUrl")] } } });
let app: FastifyInstance;
let client: PublicClient;
let registry: Address;
let owner: PrivateKeyAccount;
/** A fresh member of its own: the dev accounts' nonces are shared with the other test files. */
const member = privateKeyToAccount(generatePrivateKey());
const tokens: Record<string, string> = {};

/** Deploys a real UserRegistry (the contracts' artifact) whose policy is `POLICY`, owned by a fresh key. */
async function deployRegistry(): Promise<Address> {
  const artifact = readArtifact("UserRegistry");
  const hash = await walletOf(owner).deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args: [owner.address, POLICY],
  });
  return (await client.waitForTransactionReceipt({ hash })).contractAddress as Address;
}

function walletOf(account: PrivateKeyAccount) {
  return createWalletClient({ account, chain: chain(), transport: http(inject("rpcUrl")) });
}

async function send(
  account: PrivateKeyAccount,
  functionName: "setDocumentHash" | "agreeToPrivacyPolicy",
  arg: Hex,
) {
  const hash = await walletOf(account).writeContract({
    address: registry,
    abi: userRegistryAbi,
    functionName,
    args: [arg],
  });
  return client.waitForTransactionReceipt({ hash });
}

const signAgreement = (account: PrivateKeyAccount, documentHash: Hex = POLICY, at: Address = registry) =>
  account.signTypedData(agreementTypedData(31337, at, documentHash));

const put = (who: string, signature: string) =>
  app.inject({
    method: "PUT",
    url: AGREEMENTS,
    headers: bearer(tokens[who] ?? ""),
    payload: doc("privacy-agreements", { signature }),
  });
const get = (who: string) =>
  app.inject({ method: "GET", url: AGREEMENTS, headers: bearer(tokens[who] ?? "") });

beforeAll(async () => {
  client = createPublicClient({ chain: chain(), transport: http(inject("rpcUrl")) }) as PublicClient;
  owner = privateKeyToAccount(generatePrivateKey());
  for (const funded of [owner, member])
    await client.request({
      method: "hardhat_setBalance" as never,
      params: [funded.address, "0xde0b6b3a7640000"] as never,
    });
  registry = await deployRegistry();
  // The api trusts this registry as it trusts the deployed one of each chain.
  app = await buildApp(
    { ...testConfig(await createTestDatabase()), userRegistries: { 31337: registry } },
    { logger: false },
  );
  tokens.alice = (await login(app, alice)).access;
  tokens.member = (await login(app, member)).access;
  tokens.bob = (await login(app, bob)).access;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe("agreements to the privacy policy", () => {
  it("keeps the signed-in account's signature, which the chain's UserRegistry then accepts from it", async () => {
    expectJsonApiError(await get("member"), 404);
    const signature = await signAgreement(member);
    const saved = await put("member", signature);
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = json(await get("member")).data.attributes;
    expect(answer).toMatchObject({
      account: member.address.toLowerCase(),
      chain_id: 31337,
      registry: registry.toLowerCase(),
      document_hash: POLICY,
      signature: signature.toLowerCase(),
    });
    // Its first transaction on this chain: the kept signature is what the registry records.
    expect((await send(member, "agreeToPrivacyPolicy", answer.signature)).status).toBe("success");
    const agreed = await client.readContract({
      address: registry,
      abi: userRegistryAbi,
      functionName: "agreed",
      args: [member.address],
    });
    expect(agreed).toBe(true);
  });

  it("refuses a signature of another policy, another registry or another account, and a caller not signed in", async () => {
    const other = keccak256(stringToHex("another policy"));
    for (const signature of [
      await signAgreement(bob, other),
      await signAgreement(bob, POLICY, "0x000000000000000000000000000000000000dEaD"),
      await signAgreement(alice),
      "0x1234",
    ]) {
      expectJsonApiError(await put("bob", signature), 400);
    }
    expectJsonApiError(await get("bob"), 404);
    const anonymous = await app.inject({
      method: "PUT",
      url: AGREEMENTS,
      payload: doc("privacy-agreements", { signature: await signAgreement(bob) }),
    });
    expectJsonApiError(anonymous, 401);
  });

  it("a new policy needs a new signature: the kept one no longer answers", async () => {
    expect((await put("bob", await signAgreement(bob))).statusCode).toBe(200);
    expect((await get("bob")).statusCode).toBe(200);
    const next = keccak256(stringToHex("Polity privacy policy, api test, version 2"));
    await send(owner, "setDocumentHash", next);
    expectJsonApiError(await get("bob"), 404);
    expectJsonApiError(await put("bob", await signAgreement(bob)), 400);
    expect((await put("bob", await signAgreement(bob, next))).statusCode).toBe(200);
  });

  it("answers 404 on a chain without a UserRegistry", async () => {
    const noRegistry = await buildApp(
      { ...testConfig(await createTestDatabase()), userRegistries: {} },
      { logger: false },
    );
    try {
      const token = (await login(noRegistry, alice)).access;
      const res = await noRegistry.inject({ method: "GET", url: AGREEMENTS, headers: bearer(token) });
      expectJsonApiError(res, 404);
    } finally {
      await noRegistry.close();
    }
  });
});
