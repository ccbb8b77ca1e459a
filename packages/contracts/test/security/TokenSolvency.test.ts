import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readArtifact } from "../../scripts/lib/artifacts.ts";
import { deploy } from "../../scripts/lib/protocol.ts";
import { contract, govPool, useEnv } from "../fixtures.ts";
import { abis, E, members, nextBlock, tokenOnlyDao } from "../helpers.ts";

const feeTokenAbi = readArtifact("FeeOnTransferToken").abi;

describe("security: tokens that deliver less than named", () => {
  const env = useEnv();

  /** A DAO on an imported token that burns 1% of every transfer; alice and bob hold 1,000 each. */
  async function feeTokenDao() {
    const { owner, alice, bob } = members(env);
    const token = await deploy(env.clients(owner), "FeeOnTransferToken");
    const { dao } = await tokenOnlyDao(env, {
      name: "Fee token",
      newToken: undefined,
      tokenAddress: token.address,
    });
    for (const w of [alice, bob]) {
      await contract(env, token.address, feeTokenAbi).write(owner, "mint", [w.account.address, E(1_000)]);
      await contract(env, token.address, feeTokenAbi).write(w, "approve", [dao.userKeeper, E(1_000)]);
    }
    return { dao, token: token.address };
  }

  it("M2 a fee-on-transfer deposit is refused with a clear error, so the keeper never owes more than it holds", async () => {
    const { alice, bob } = members(env);
    const { dao, token } = await env.networkHelpers.loadFixture(feeTokenDao);
    const outcomes: string[] = [];
    for (const w of [alice, bob]) {
      try {
        await govPool(env, dao).write(w, "deposit", [E(1_000), []]);
        outcomes.push("accepted");
      } catch (err) {
        outcomes.push(String(err).includes("GovUserKeeperTransferMismatch") ? "refused" : String(err));
      }
    }
    await nextBlock(env);
    const held = await contract(env, token, feeTokenAbi).read<bigint>("balanceOf", [dao.userKeeper]);
    const owed = await contract(env, dao.userKeeper, abis.govUserKeeperAbi).read<bigint>(
      "totalDepositedTokens",
      [],
    );
    assert.ok(owed <= held, `the keeper owes ${owed} and holds ${held}`);
    assert.deepEqual(outcomes, ["refused", "refused"]);
    assert.equal(
      await contract(env, dao.userKeeper, abis.govUserKeeperAbi).read("tokenBalance", [
        alice.account.address,
      ]),
      0n,
    );
  });
});
