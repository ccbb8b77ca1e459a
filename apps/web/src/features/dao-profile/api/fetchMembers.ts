import { VoteType } from "@polity/core/enums";
import { govUserKeeperAbi, govValidatorsAbi } from "@polity/core/generated/contracts";
import { type Address, type Client, zeroAddress } from "viem";
import { multicall } from "viem/actions";
import type { HttpClient } from "../../../shared/http/httpClient.ts";
import type { DaoProfile } from "./fetchDaoProfile.ts";

export const MEMBER_FILTERS = ["all", "experts", "validators"] as const;
export type MemberFilter = (typeof MEMBER_FILTERS)[number];

export interface MemberRow {
  address: Address;
  /** Governance token (or NFT) balance in the wallet. */
  walletBalance: bigint;
  /** Personal plus received (micropool) voting power. */
  power: bigint;
  isExpert: boolean;
  isValidator: boolean;
}

const isExpertAbi = [
  {
    type: "function",
    name: "isExpert",
    stateMutability: "view",
    inputs: [{ name: "user", type: "address" }],
    outputs: [{ name: "", type: "bool" }],
  },
] as const;

/**
 * Holders of the governance token (or NFT) from the api's holder index, then their voting power,
 * expert badge and validator seat in one multicall.
 */
export async function fetchMembers(
  http: HttpClient,
  client: Client,
  profile: DaoProfile,
): Promise<MemberRow[]> {
  const token = profile.token?.address ?? profile.nft?.address;
  if (!token) return [];
  const document = await http.get<{ data: { attributes: { holders_balances: Record<string, string> } } }>(
    `/integrations/api-proxy-cache/${profile.chainId}/token-holders-balances/${token}`,
    { query: { page: { number: 1, limit: 100 } }, isAuthenticated: false },
  );
  const holders = Object.entries(document.data.attributes.holders_balances).map(
    ([address, balance]) => [address as Address, BigInt(balance)] as const,
  );
  if (holders.length === 0) return [];
  const addresses = holders.map(([address]) => address);
  const expertNft = profile.nftContracts.expertNft;
  const results = (await multicall(client, {
    allowFailure: true,
    contracts: [
      {
        address: profile.helpers.userKeeper,
        abi: govUserKeeperAbi,
        functionName: "votingPower",
        args: [
          [...addresses, ...addresses],
          [...addresses.map(() => VoteType.Personal), ...addresses.map(() => VoteType.Micropool)],
          false,
        ],
      },
      ...addresses.map((address) => ({
        address: profile.helpers.validators,
        abi: govValidatorsAbi,
        functionName: "isValidator" as const,
        args: [address] as const,
      })),
      ...(expertNft === zeroAddress
        ? []
        : addresses.map((address) => ({
            address: expertNft,
            abi: isExpertAbi,
            functionName: "isExpert" as const,
            args: [address] as const,
          }))),
    ] as never,
  })) as ({ status: "success"; result: unknown } | { status: "failure"; error: Error })[];
  const powers = (results[0]?.status === "success" ? results[0].result : []) as readonly {
    power: bigint;
    nftPower: bigint;
  }[];
  return holders.map(([address, walletBalance], i) => {
    const personal = powers[i];
    const micropool = powers[i + addresses.length];
    const validator = results[1 + i];
    const expert = expertNft === zeroAddress ? undefined : results[1 + addresses.length + i];
    return {
      address,
      walletBalance,
      power:
        (personal?.power ?? 0n) +
        (personal?.nftPower ?? 0n) +
        (micropool?.power ?? 0n) +
        (micropool?.nftPower ?? 0n),
      isValidator: validator?.status === "success" && validator.result === true,
      isExpert: expert?.status === "success" && expert.result === true,
    };
  });
}

export function applyMemberFilter(rows: readonly MemberRow[], filter: MemberFilter): MemberRow[] {
  const kept = rows.filter((row) =>
    filter === "experts" ? row.isExpert : filter === "validators" ? row.isValidator : true,
  );
  return kept.sort((a, b) =>
    b.power > a.power ? 1 : b.power < a.power ? -1 : b.walletBalance > a.walletBalance ? 1 : -1,
  );
}
