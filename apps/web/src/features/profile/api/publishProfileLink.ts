import { userRegistryAbi } from "@polity/core/generated/contracts";
import type { ProfileRecord } from "@polity/core/records/profile";
import type { Address } from "viem";
import type { Config } from "wagmi";
import { readContract } from "wagmi/actions";
import { uploadJson } from "../../../shared/ipfs/upload.ts";

/**
 * What publishing a saved profile needs besides the transaction, loaded when the owner saves (not with
 * the editor): the profile document on IPFS, and the link the UserRegistry keeps now.
 */

export const PROFILE_DOCUMENT_SCHEMA = "polity.profile/1";

/**
 * The document the link names: the profile as the api answers it (the core `profileRecord`, so any
 * reader parses it the same way), without its save time, so that an unchanged profile keeps its CID.
 */
export function profileDocument(profile: ProfileRecord) {
  return {
    schema: PROFILE_DOCUMENT_SCHEMA,
    address: profile.address.toLowerCase(),
    name: profile.name,
    avatar_url: profile.avatar_url,
    bio: profile.bio,
    social_links: profile.social_links.map(({ kind, url }) => ({ kind, url })),
    updated_at: null,
  };
}

/** Puts the profile's document on IPFS (the api's cache): its `ipfs://<cid>` link. */
export async function uploadProfileDocument(profile: ProfileRecord): Promise<string> {
  return (await uploadJson(profileDocument(profile))).url;
}

/** The link `address` keeps in `registry` now ('' when none). */
export async function currentProfileLink(
  config: Config,
  chainId: number,
  registry: Address,
  address: Address,
): Promise<string> {
  const info = await readContract(config, {
    chainId,
    address: registry,
    abi: userRegistryAbi,
    functionName: "userInfo",
    args: [address],
  });
  return info.profileURL;
}
