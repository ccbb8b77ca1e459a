import { VoteType } from "@polity/core/enums";
import { expertNftAbi, govUserKeeperAbi, govValidatorsAbi } from "@polity/core/generated/contracts";
import { poolMemberListDocument } from "@polity/core/records/tracker";
import { type Address, erc20Abi, zeroAddress } from "viem";
import { readBatch, readCall } from "../../../shared/chain/readBatch.ts";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
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

/**
 * The DAO's members as its Members figure counts them (the tracker: depositors, or token holders
 * and voters while nobody has deposited; never the DAO's own contracts), then their wallet
 * balance, voting power, expert badge and validator seat in one multicall.
 */
export async function fetchMembers(
  http: HttpClient,
  client: ReadClient,
  profile: DaoProfile,
): Promise<MemberRow[]> {
  const tokenAddress = profile.token?.address ?? profile.nft?.address;
  const document = await http.get(
    `/integrations/tracker/${profile.chainId}/pools/gov/${profile.address.toLowerCase()}/members`,
    { schema: poolMemberListDocument, query: { page: { number: 1, limit: 100 } }, isAuthenticated: false },
  );
  const addresses = document.data.map((resource) => resource.attributes.address);
  if (addresses.length === 0) return [];
  const expertNft = profile.nftContracts.expertNft;
  const keeper = { address: profile.helpers.userKeeper, abi: govUserKeeperAbi } as const;
  const validators = { address: profile.helpers.validators, abi: govValidatorsAbi } as const;
  const experts = expertNft === zeroAddress ? null : ({ address: expertNft, abi: expertNftAbi } as const);
  const read = await readBatch(client, {
    powers: readCall(keeper, "votingPower", [
      [...addresses, ...addresses],
      [...addresses.map(() => VoteType.Personal), ...addresses.map(() => VoteType.Micropool)],
      false,
    ]),
    isValidator: addresses.map((address) => readCall(validators, "isValidator", [address])),
    isExpert: experts ? addresses.map((address) => readCall(experts, "isExpert", [address])) : undefined,
    balances: tokenAddress
      ? addresses.map((address) => readCall({ address: tokenAddress, abi: erc20Abi }, "balanceOf", [address]))
      : undefined,
  });
  const powers = read.powers ?? [];
  return addresses.map((address, i) => {
    const personal = powers[i];
    const micropool = powers[i + addresses.length];
    return {
      address,
      walletBalance: read.balances?.[i] ?? 0n,
      power:
        (personal?.power ?? 0n) +
        (personal?.nftPower ?? 0n) +
        (micropool?.power ?? 0n) +
        (micropool?.nftPower ?? 0n),
      isValidator: read.isValidator[i] === true,
      isExpert: read.isExpert?.[i] === true,
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
