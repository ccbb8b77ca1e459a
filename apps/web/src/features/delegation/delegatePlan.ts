export type DelegateStep = "approve" | "approveNfts" | "depositAndDelegate" | "delegate";

export interface DelegatePlan {
  /** Tokens taken from the wallet: what the unlocked deposit does not cover. */
  depositAmount: bigint;
  /** Chosen NFTs still in the wallet. */
  depositNfts: bigint[];
  /** The transactions to sign, in order (spec: Approve, then Deposit and delegate). */
  steps: DelegateStep[];
}

/**
 * The transactions a delegation needs: the unlocked deposit is delegated first; what it lacks comes
 * from the wallet, approved when the allowance (or the NFT approval) is short, then deposited and
 * delegated in one transaction (the pool's multicall). With enough unlocked deposit: one delegation.
 */
export function delegatePlan(input: {
  amount: bigint;
  nftIds: readonly bigint[];
  unlocked: bigint;
  unlockedNfts: readonly bigint[];
  allowance: bigint;
  isNftApproved: boolean;
}): DelegatePlan {
  const depositAmount = input.amount > input.unlocked ? input.amount - input.unlocked : 0n;
  const depositNfts = input.nftIds.filter((id) => !input.unlockedNfts.includes(id));
  const steps: DelegateStep[] = [];
  if (depositAmount > 0n && input.allowance < depositAmount) steps.push("approve");
  if (depositNfts.length > 0 && !input.isNftApproved) steps.push("approveNfts");
  steps.push(depositAmount > 0n || depositNfts.length > 0 ? "depositAndDelegate" : "delegate");
  return { depositAmount, depositNfts, steps };
}
