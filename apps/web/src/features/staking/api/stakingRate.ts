const YEAR = 365n * 86_400n;
/** The rate's fixed-point precision: 4 decimals. */
const RATE_ONE = 10_000n;

/**
 * The tier's APR-style rate: whole reward tokens paid per whole staked token per year at the current
 * total stake, with 4 decimals (`rate / 10_000`); null before anybody staked (the first staker's rate has
 * no bound). When the stake and reward tokens are the same, `rate / 100` is the percentage.
 */
export function stakingRate(tier: {
  rewardAmount: bigint;
  startTime: number;
  endTime: number;
  totalStaked: bigint;
  stakeToken: { decimals: number };
  rewardToken: { decimals: number };
}): bigint | null {
  const duration = BigInt(tier.endTime - tier.startTime);
  if (tier.totalStaked === 0n || duration <= 0n) return null;
  return (
    (tier.rewardAmount * YEAR * RATE_ONE * 10n ** BigInt(tier.stakeToken.decimals)) /
    (duration * tier.totalStaked * 10n ** BigInt(tier.rewardToken.decimals))
  );
}
