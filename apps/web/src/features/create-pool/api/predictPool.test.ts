import { getAddress } from "viem";
import { describe, expect, it } from "vitest";
import { predictPool } from "./predictPool.ts";

type ChainReads = Parameters<typeof predictPool>[0];

const FACTORY = getAddress("0x9a9f2ccfde556a7e9ff0848998aa4a0cfd8863ae");
const REGISTRY = getAddress("0x5fc8d32690cc91d4c39d9d3abcbd16989f875707");
const DEPLOYER = getAddress("0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc");
const POOL = getAddress("0x7b31e1923336d4b3e4926fc689306308be045f48");

function chain(options: { code?: `0x${string}`; isGovPool?: boolean }) {
  const reads: { address: string; functionName: string; args?: readonly unknown[] }[] = [];
  return {
    reads,
    getCode: async () => options.code,
    readContract: async (call: { address: string; functionName: string; args?: readonly unknown[] }) => {
      reads.push(call);
      if (call.functionName === "predictGovAddresses") {
        return { govPool: POOL, settings: "0x8D479B1384Bba43a5D8f1B9fA3017Ef6e4feF162" };
      }
      if (call.functionName === "isGovPool") return options.isGovPool ?? false;
      throw new Error(`unexpected ${call.functionName}`);
    },
  };
}

/** The fake as predictPool's client. */
function asChainReads(fake: ReturnType<typeof chain>): ChainReads {
  // viem types getCode and readContract per ABI through generics, which a recorded answer cannot meet.
  return fake as unknown as ChainReads;
}

const contracts = { PoolFactory: FACTORY, PoolRegistry: REGISTRY };

describe("predictPool", () => {
  it("predicts the addresses for the deployer and name and finds the name free", async () => {
    const client = chain({ code: undefined });
    const prediction = await predictPool(asChainReads(client), contracts, DEPLOYER, "Lisbon Builders");
    expect(prediction).toEqual({
      govPool: POOL,
      isNameTaken: false,
      addresses: { govPool: POOL, settings: "0x8D479B1384Bba43a5D8f1B9fA3017Ef6e4feF162" },
    });
    expect(client.reads[0]).toMatchObject({
      address: FACTORY,
      functionName: "predictGovAddresses",
      args: [DEPLOYER, "Lisbon Builders"],
    });
    expect(client.reads[1]).toMatchObject({ address: REGISTRY, functionName: "isGovPool", args: [POOL] });
  });

  it("reports the name taken when the predicted pool has code or is registered", async () => {
    expect(
      (await predictPool(asChainReads(chain({ code: "0x6080" })), contracts, DEPLOYER, "x")).isNameTaken,
    ).toBe(true);
    expect(
      (await predictPool(asChainReads(chain({ code: "0x", isGovPool: true })), contracts, DEPLOYER, "x"))
        .isNameTaken,
    ).toBe(true);
  });
});
