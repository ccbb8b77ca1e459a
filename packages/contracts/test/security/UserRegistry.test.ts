import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Address, getAddress, type Hex, keccak256, stringToHex } from "viem";
import { PRIVACY_POLICY_HASH } from "../../scripts/lib/protocol.ts";
import { contract, useEnv } from "../fixtures.ts";
import { abis, eventsOf, members, type Wallet } from "../helpers.ts";

const NEXT_POLICY = keccak256(stringToHex("Polity privacy policy, version 2"));

describe("security: user registry", () => {
  const env = useEnv();
  const registry = () => contract(env, env.protocol.UserRegistry, abis.userRegistryAbi);

  /** The EIP-712 agreement `wallet` signs for `documentHash` on the registry at `verifyingContract`. */
  async function sign(wallet: Wallet, documentHash: Hex, verifyingContract: Address = registry().address) {
    return wallet.signTypedData({
      account: wallet.account,
      domain: {
        name: "UserRegistry",
        version: "1",
        chainId: await env.publicClient.getChainId(),
        verifyingContract,
      },
      types: { Agreement: [{ name: "documentHash", type: "bytes32" }] },
      primaryType: "Agreement",
      message: { documentHash },
    });
  }

  it("records an agreement to the policy in force, announced with the document's hash", async () => {
    const { alice } = members(env);
    assert.equal(await registry().read("documentHash"), PRIVACY_POLICY_HASH);
    assert.equal(await registry().read("agreed", [alice.account.address]), false);
    const signature = await sign(alice, PRIVACY_POLICY_HASH);
    const receipt = await registry().write(alice, "agreeToPrivacyPolicy", [signature]);
    assert.deepEqual(eventsOf(receipt, abis.userRegistryAbi, "Agreed"), [
      { user: getAddress(alice.account.address), documentHash: PRIVACY_POLICY_HASH },
    ]);
    assert.equal(await registry().read("agreed", [alice.account.address]), true);
    const info = await registry().read<{ agreedDocumentHash: Hex; signatureHash: Hex }>("userInfo", [
      alice.account.address,
    ]);
    assert.equal(info.agreedDocumentHash, PRIVACY_POLICY_HASH);
    assert.equal(info.signatureHash, keccak256(signature));
  });

  it("UR1 a signature of another document than the policy in force is refused", async () => {
    const { bob } = members(env);
    const wrong = await sign(bob, NEXT_POLICY);
    await registry().reverts(bob, "agreeToPrivacyPolicy", [wrong], "UserRegistryInvalidSignature");
    // Signed for another registry (another chain's, a copy's): the EIP-712 domain differs.
    const elsewhere = await sign(bob, PRIVACY_POLICY_HASH, env.protocol.PriceFeed);
    await registry().reverts(bob, "agreeToPrivacyPolicy", [elsewhere], "UserRegistryInvalidSignature");
    await registry().reverts(bob, "agreeToPrivacyPolicy", ["0x1234"], "UserRegistryInvalidSignature");
    assert.equal(await registry().read("agreed", [bob.account.address]), false);
  });

  it("UR2 one member's signature cannot record another's agreement", async () => {
    const { carol, eve } = members(env);
    const carols = await sign(carol, PRIVACY_POLICY_HASH);
    await registry().reverts(eve, "agreeToPrivacyPolicy", [carols], "UserRegistryInvalidSignature");
    assert.equal(await registry().read("agreed", [eve.account.address]), false);
    assert.equal(await registry().read("agreed", [carol.account.address]), false);
  });

  it("UR3 agreeing twice to one policy is refused; a new policy needs a new agreement", async () => {
    const { owner, dave } = members(env);
    const first = await sign(dave, PRIVACY_POLICY_HASH);
    await registry().write(dave, "agreeToPrivacyPolicy", [first]);
    await registry().reverts(dave, "agreeToPrivacyPolicy", [first], "UserRegistryAlreadyAgreed");

    await registry().reverts(dave, "setDocumentHash", [NEXT_POLICY], "OwnableUnauthorizedAccount");
    await registry().reverts(owner, "setDocumentHash", [PRIVACY_POLICY_HASH], "UserRegistryInvalidDocument");
    await registry().write(owner, "setDocumentHash", [NEXT_POLICY]);
    assert.equal(await registry().read("agreed", [dave.account.address]), false);
    // The old policy's signature does not carry over.
    await registry().reverts(dave, "agreeToPrivacyPolicy", [first], "UserRegistryInvalidSignature");
    await registry().write(dave, "agreeToPrivacyPolicy", [await sign(dave, NEXT_POLICY)]);
    assert.equal(await registry().read("agreed", [dave.account.address]), true);
  });

  it("keeps each member's profile link, written only by that member", async () => {
    const { v1, v2 } = members(env);
    const receipt = await registry().write(v1, "changeProfile", ["ipfs://profile-v1"]);
    assert.deepEqual(eventsOf(receipt, abis.userRegistryAbi, "ProfileUpdated"), [
      { user: getAddress(v1.account.address), url: "ipfs://profile-v1" },
    ]);
    const documentHash = await registry().read<Hex>("documentHash");
    await registry().write(v2, "changeProfileAndAgreeToPrivacyPolicy", [
      "ipfs://profile-v2",
      await sign(v2, documentHash),
    ]);
    const profileOf = async (who: Wallet) =>
      (await registry().read<{ profileURL: string }>("userInfo", [who.account.address])).profileURL;
    assert.equal(await profileOf(v1), "ipfs://profile-v1");
    assert.equal(await profileOf(v2), "ipfs://profile-v2");
    assert.equal(await registry().read("agreed", [v1.account.address]), false);
    assert.equal(await registry().read("agreed", [v2.account.address]), true);
  });
});
