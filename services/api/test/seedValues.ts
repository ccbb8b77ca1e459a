/**
 * The values the api's read tests seed the indexer's tables with: the local chain, two DAOs, three members,
 * a token, time units, 18-decimals amounts and transaction hashes.
 */
export const CHAIN = 31337;
export const POOL = "0x1111111111111111111111111111111111111111";
export const OTHER_POOL = "0x2222222222222222222222222222222222222222";
export const ALICE = "0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
export const BOB = "0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";
export const CAROL = "0xcccccccccccccccccccccccccccccccccccccccc";
export const TOKEN = "0x00000000000000000000000000000000000000e0";
export const HOUR = 3600;
export const DAY = 86_400;
export const E18 = 10n ** 18n;
/** The n-th seeded transaction hash. */
export const tx = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
