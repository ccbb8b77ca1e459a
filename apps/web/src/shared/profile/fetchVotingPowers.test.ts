import { describe, expect, it } from "vitest";
import { clientAnsweringEach } from "../../test/fakeReadClient.ts";
import { fetchVotingPowers } from "./fetchVotingPowers.ts";

const USER = "0x00000000000000000000000000000000000000aa";
const [P1, P2] = [
  "0x0000000000000000000000000000000000000101",
  "0x0000000000000000000000000000000000000102",
] as const;
const KEEPER = "0x0000000000000000000000000000000000000201";

describe("fetchVotingPowers", () => {
  it("sums the token and NFT power of every vote type per DAO; an unreadable DAO answers 0", async () => {
    const { client, multicall } = clientAnsweringEach((call) => {
      if (call.functionName === "getHelperContracts") {
        if (call.address === P2) throw new Error("not a pool");
        return [KEEPER, KEEPER, KEEPER, KEEPER, KEEPER];
      }
      expect(call.args?.[0]).toEqual([USER, USER, USER, USER]);
      return [
        { power: 10n, nftPower: 5n },
        { power: 1n, nftPower: 0n },
        { power: 0n, nftPower: 0n },
        { power: 4n, nftPower: 0n },
      ];
    });
    const powers = await fetchVotingPowers(client, USER, [P1, P2]);
    expect(powers.get(P1)).toBe(20n);
    expect(powers.get(P2)).toBe(0n);
    expect(multicall).toHaveBeenCalledTimes(2);
  });

  it("reads nothing without DAOs", async () => {
    const { client, multicall } = clientAnsweringEach(() => 0n);
    expect((await fetchVotingPowers(client, USER, [])).size).toBe(0);
    expect(multicall).not.toHaveBeenCalled();
  });
});
