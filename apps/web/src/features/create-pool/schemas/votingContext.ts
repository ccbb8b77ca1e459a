import type { CreatePoolDraft } from "../draft/createPoolDraft.ts";
import { createsToken } from "../wizardSteps.ts";
import { PERCENTAGE_100, TOKEN_DECIMALS, toPercentage, toTokenAmount } from "./rules.ts";
import { initialDistributionAmount } from "./tokenCreationSchema.ts";
import type { VotingContext } from "./votingSchema.ts";

/** Total NFT voting power, when the collection size is known. */
function nftPower(draft: CreatePoolDraft): bigint | undefined {
  if (!draft.isErc721) return 0n;
  const size = draft.userKeeperParams.nftsTotalSupply;
  if (!/^[1-9]\d*$/.test(size)) return undefined;
  return toTokenAmount(draft.userKeeperParams.individualPower) * BigInt(size);
}

/** The limits the voting parameters must respect, derived from the governance steps. */
export function votingContextOf(draft: CreatePoolDraft): VotingContext {
  const nfts = nftPower(draft);
  if (createsToken(draft)) {
    const { totalSupply, treasury } = draft.tokenCreation;
    return {
      initialDistribution: PERCENTAGE_100 - toPercentage(treasury),
      votableSupply: nfts === undefined ? undefined : initialDistributionAmount(totalSupply, treasury) + nfts,
    };
  }
  if (draft.isErc20 && draft.importedToken) {
    const { totalSupply, decimals } = draft.importedToken;
    // The protocol counts votes with 18 decimals whatever the token's own decimals.
    const supply =
      decimals <= TOKEN_DECIMALS
        ? BigInt(totalSupply) * 10n ** BigInt(TOKEN_DECIMALS - decimals)
        : BigInt(totalSupply) / 10n ** BigInt(decimals - TOKEN_DECIMALS);
    return { votableSupply: nfts === undefined ? undefined : supply + nfts };
  }
  if (!draft.isErc20) return { votableSupply: nfts };
  return {};
}
